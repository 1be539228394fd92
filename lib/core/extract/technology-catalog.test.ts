import { describe, expect, it } from 'vitest';
import { imageRepository, isToolingImage, runtimeTechnologyOfImage, storeTechnologyOfImage } from './technology-catalog';

describe('images', () => {
  it('reduce to their repository: no registry, tag, digest or library/', () => {
    expect(imageRepository('postgres')).toBe('postgres');
    expect(imageRepository('docker.io/library/postgres:16-alpine')).toBe('postgres');
    expect(imageRepository('localhost:5000/shop/orders:1.2')).toBe('shop/orders');
    expect(imageRepository('ghcr.io/shop/orders@sha256:abc')).toBe('shop/orders');
    expect(imageRepository('Bitnami/Kafka:3.7')).toBe('bitnami/kafka');
  });

  it('name the store or broker they run, by full repository or last part', () => {
    expect(storeTechnologyOfImage('postgres:16')).toBe('PostgreSQL');
    expect(storeTechnologyOfImage('mariadb:11')).toBe('MariaDB');
    expect(storeTechnologyOfImage('confluentinc/cp-kafka:7.6.0')).toBe('Kafka');
    expect(storeTechnologyOfImage('mycorp/redis:7')).toBe('Redis');
    expect(storeTechnologyOfImage('mcr.microsoft.com/mssql/server:2022-latest')).toBe('SQL Server');
    expect(storeTechnologyOfImage('ghcr.io/shop/orders:1')).toBeNull();
    expect(storeTechnologyOfImage('constructor')).toBeNull();
    expect(isToolingImage('adminer:4')).toBe(true);
  });

  it('name the runtime they run, with a version after the name but not another word', () => {
    expect(runtimeTechnologyOfImage('node:20-alpine')).toBe('Node.js');
    expect(runtimeTechnologyOfImage('gcr.io/distroless/python3-debian12')).toBe('Python');
    expect(runtimeTechnologyOfImage('eclipse-temurin:21-jre')).toBe('Java');
    expect(runtimeTechnologyOfImage('mcr.microsoft.com/dotnet/aspnet:8.0')).toBe('.NET');
    expect(runtimeTechnologyOfImage('myorg/runtime:1')).toBeNull();
    expect(runtimeTechnologyOfImage('prom/node-exporter')).toBeNull();
    expect(runtimeTechnologyOfImage('nodered/node-red')).toBeNull();
  });
});
