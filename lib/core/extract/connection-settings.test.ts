import { describe, expect, it } from 'vitest';
import { hostsOfSetting } from './connection-settings';

describe('hostsOfSetting', () => {
  it('keeps the hosts and the scheme of URLs, never the user or password', () => {
    expect(hostsOfSetting('DATABASE_URL', 'postgres://orders:p@ss:w0rd@Orders-DB:5432/orders?sslmode=disable')).toEqual([{ host: 'orders-db', scheme: 'postgres', via: 'url' }]);
    expect(hostsOfSetting('MONGO', 'mongodb://u:p@m1:27017,m2:27017,m1:27018/db')).toEqual([
      { host: 'm1', scheme: 'mongodb', via: 'url' },
      { host: 'm2', scheme: 'mongodb', via: 'url' },
    ]);
    expect(hostsOfSetting('ORDERS_API', 'http://orders_api:8080/v1')).toEqual([{ host: 'orders_api', scheme: 'http', via: 'url' }]);
  });

  it('reads a bare value as hosts only for a setting named as a host, server or broker list', () => {
    expect(hostsOfSetting('KAFKA_BOOTSTRAP_SERVERS', 'kafka-1:9092, kafka-2:9092')).toEqual([
      { host: 'kafka-1', scheme: null, via: 'host' },
      { host: 'kafka-2', scheme: null, via: 'host' },
    ]);
    expect(hostsOfSetting('REDIS_HOST', 'cache')).toEqual([{ host: 'cache', scheme: null, via: 'host' }]);
    expect(hostsOfSetting('LOG_LEVEL', 'info')).toEqual([]);
    expect(hostsOfSetting('GREETING', 'hello world')).toEqual([]);
  });

  it('names no host for this machine, an interpolation or a malformed name', () => {
    expect(hostsOfSetting('DB_HOST', 'localhost')).toEqual([]);
    expect(hostsOfSetting('DATABASE_URL', 'postgres://127.0.0.1/x')).toEqual([]);
    expect(hostsOfSetting('DB_HOST', '${DB_HOST}')).toEqual([]);
    expect(hostsOfSetting('DATABASE_URL', 'postgres://[::1]:5432/x')).toEqual([]);
    expect(hostsOfSetting('DB_HOST', 'a..b')).toEqual([]);
  });

  it('reads the formats Spring and .NET configuration files use', () => {
    expect(hostsOfSetting('spring.datasource.url', 'jdbc:sqlserver://SqlData:1433;databaseName=orders;user=sa;password=x')).toEqual([{ host: 'sqldata', scheme: 'sqlserver', via: 'url' }]);
    expect(hostsOfSetting('spring.datasource.url', 'jdbc:mysql://mysql-server:3306/petclinic?useSSL=false')).toEqual([{ host: 'mysql-server', scheme: 'mysql', via: 'url' }]);
    expect(hostsOfSetting('spring.cloud.gateway.routes[0].uri', 'lb://customers-service')).toEqual([{ host: 'customers-service', scheme: 'lb', via: 'url' }]);
    expect(hostsOfSetting('spring.config.import', 'optional:configserver:http://config-server:8888')).toEqual([{ host: 'config-server', scheme: 'http', via: 'url' }]);
    expect(hostsOfSetting('RabbitMQ:HostName', 'rabbitmq')).toEqual([{ host: 'rabbitmq', scheme: null, via: 'host' }]);
  });

  it('reads the endpoints of a StackExchange.Redis configuration string, never its password', () => {
    expect(hostsOfSetting('ConnectionStrings:Redis', 'basket-data:6379,password=s3cret,abortConnect=false')).toEqual([{ host: 'basket-data', scheme: 'redis', via: 'host' }]);
    // A comma list with an option Redis does not know is not such a string.
    expect(hostsOfSetting('Greeting', 'hello,colour=blue')).toEqual([]);
  });
});
