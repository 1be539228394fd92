import { describe, expect, it } from 'vitest';
import { csprojExtractor } from './csproj';
import { dockerfileExtractor } from './dockerfile';
import { goModExtractor } from './go-mod';
import { mavenPomExtractor } from './maven-pom';
import { packageJsonExtractor } from './package-json';
import { pyprojectTomlExtractor } from './pyproject-toml';

describe('package.json', () => {
  it('is the app of its folder: name without scope, description, Node.js with the framework', () => {
    const text = '{\n  "name": "@shop/orders",\n  "description": "Orders.",\n  "dependencies": {\n    "pg": "8",\n    "fastify": "4"\n  }\n}\n';
    expect(packageJsonExtractor.extract('services/orders/package.json', text).facts).toEqual([
      {
        draft: 'element',
        factStatus: 'observed-in-source',
        confidence: null,
        evidence: [
          { path: 'services/orders/package.json', startLine: 2, endLine: 2 },
          { path: 'services/orders/package.json', startLine: 3, endLine: 3 },
          { path: 'services/orders/package.json', startLine: 6, endLine: 6 },
        ],
        ref: { by: 'folder', folder: 'services/orders' },
        kind: 'app',
        origin: 'manifest',
        name: 'orders',
        description: 'Orders.',
        technology: 'Node.js, Fastify',
      },
    ]);
  });

  it('gives no app for a workspaces root or a text that is not an object', () => {
    expect(packageJsonExtractor.extract('package.json', '{"name":"mono","workspaces":["packages/*"]}').facts).toEqual([]);
    expect(packageJsonExtractor.extract('package.json', '[1,2]').facts).toEqual([]);
    expect(packageJsonExtractor.extract('package.json', '{"name": ').facts).toEqual([]);
  });

  it('leaves the name to the folder when the manifest has none', () => {
    const [draft] = packageJsonExtractor.extract('web/package.json', '{"private": true}').facts;
    expect(draft).toMatchObject({ name: null, technology: 'Node.js', evidence: [{ path: 'web/package.json', startLine: 1, endLine: 1 }] });
  });
});

describe('pyproject.toml', () => {
  it('reads [project] name, description and the framework with their lines', () => {
    const text = '[project]\nname = "billing"\ndescription = "Bills."\ndependencies = [\n  "uvicorn",\n  "Flask>=3",\n]\n';
    const [draft] = pyprojectTomlExtractor.extract('billing/pyproject.toml', text).facts;
    expect(draft).toMatchObject({
      name: 'billing',
      description: 'Bills.',
      technology: 'Python, Flask',
      ref: { by: 'folder', folder: 'billing' },
      evidence: [
        { path: 'billing/pyproject.toml', startLine: 2, endLine: 2 },
        { path: 'billing/pyproject.toml', startLine: 3, endLine: 3 },
        { path: 'billing/pyproject.toml', startLine: 6, endLine: 6 },
      ],
    });
  });

  it('reads [tool.poetry] and refuses what is not TOML', () => {
    const text = '[tool.poetry]\nname = "api"\n\n[tool.poetry.dependencies]\npython = "^3.12"\ndjango = "^5"\n';
    expect(pyprojectTomlExtractor.extract('pyproject.toml', text).facts[0]).toMatchObject({ name: 'api', technology: 'Python, Django' });
    expect(pyprojectTomlExtractor.extract('pyproject.toml', 'name = = x').facts).toEqual([]);
    expect(pyprojectTomlExtractor.extract('pyproject.toml', '[tool.black]\nline-length = 100\n').facts).toEqual([]);
  });
});

describe('go.mod', () => {
  it('names the app by the module path without its major version, with the framework', () => {
    const text = 'module github.com/shop/inventory/v2\n\ngo 1.22\n\nrequire (\n\tgithub.com/lib/pq v1.10.9\n\tgithub.com/gin-gonic/gin v1.10.0 // indirect\n)\n';
    expect(goModExtractor.extract('inventory/go.mod', text).facts[0]).toMatchObject({
      name: 'inventory',
      technology: 'Go, Gin',
      evidence: [
        { path: 'inventory/go.mod', startLine: 1, endLine: 1 },
        { path: 'inventory/go.mod', startLine: 7, endLine: 7 },
      ],
    });
    expect(goModExtractor.extract('go.mod', 'require x v1\n').facts).toEqual([]);
  });
});

describe('pom.xml', () => {
  const pom = `<?xml version="1.0"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <parent>
    <groupId>org.springframework.boot</groupId>
    <artifactId>spring-boot-starter-parent</artifactId>
  </parent>
  <artifactId>shipping</artifactId>
  <description>Ships parcels.</description>
</project>
`;

  it('reads the project artifactId (not the parent one), description and Spring Boot', () => {
    expect(mavenPomExtractor.extract('shipping/pom.xml', pom).facts[0]).toMatchObject({
      name: 'shipping',
      description: 'Ships parcels.',
      technology: 'Java, Spring Boot',
      evidence: [
        { path: 'shipping/pom.xml', startLine: 5, endLine: 5 },
        { path: 'shipping/pom.xml', startLine: 7, endLine: 7 },
        { path: 'shipping/pom.xml', startLine: 8, endLine: 8 },
      ],
    });
  });

  it('gives nothing for an aggregator, malformed XML or an entity it does not know', () => {
    expect(mavenPomExtractor.extract('pom.xml', '<project><artifactId>all</artifactId><packaging>pom</packaging></project>').facts).toEqual([]);
    expect(mavenPomExtractor.extract('pom.xml', '<project><artifactId>x</project>').facts).toEqual([]);
    expect(mavenPomExtractor.extract('pom.xml', '<!DOCTYPE p [<!ENTITY e SYSTEM "file:///etc/passwd">]><project><artifactId>&e;</artifactId></project>').facts).toEqual([]);
  });
});

describe('.csproj', () => {
  it('names the app by AssemblyName or the file, ASP.NET Core from the SDK', () => {
    const web = '<Project Sdk="Microsoft.NET.Sdk.Web">\n  <PropertyGroup>\n    <TargetFramework>net8.0</TargetFramework>\n  </PropertyGroup>\n</Project>\n';
    expect(csprojExtractor.extract('src/Orders.Api/Orders.Api.csproj', web).facts[0]).toMatchObject({
      name: 'Orders.Api',
      technology: '.NET, ASP.NET Core',
      ref: { by: 'folder', folder: 'src/Orders.Api' },
    });
    const named = '<Project Sdk="Microsoft.NET.Sdk">\n<PropertyGroup>\n<AssemblyName>worker</AssemblyName>\n</PropertyGroup>\n</Project>';
    expect(csprojExtractor.extract('w/W.csproj', named).facts[0]).toMatchObject({ name: 'worker', technology: '.NET', evidence: [{ startLine: 1 }, { startLine: 3 }] });
  });
});

describe('Dockerfile', () => {
  it('takes the runtime of the last stage, following a stage alias, and the EXPOSE lines', () => {
    const text = '# build\nFROM --platform=$BUILDPLATFORM golang:1.22 AS build\nRUN go build\n\nFROM build AS test\nFROM gcr.io/distroless/static\nCOPY --from=build /app /app\nEXPOSE 8080 \\\n  9090\n';
    const [draft] = dockerfileExtractor.extract('svc/Dockerfile', text).facts;
    // distroless/static names no runtime: the Dockerfile states the image but not a language.
    expect(draft).toMatchObject({ technology: null, name: null, origin: 'container-image' });
    const chained = 'FROM node:20-alpine AS base\nFROM base AS runtime\nEXPOSE 3000\n';
    expect(dockerfileExtractor.extract('web/Dockerfile', chained).facts[0]).toMatchObject({
      technology: 'Node.js',
      evidence: [
        { path: 'web/Dockerfile', startLine: 1, endLine: 1 },
        { path: 'web/Dockerfile', startLine: 2, endLine: 2 },
        { path: 'web/Dockerfile', startLine: 3, endLine: 3 },
      ],
    });
    expect(dockerfileExtractor.extract('a/Dockerfile', 'FROM mcr.microsoft.com/dotnet/aspnet:8.0\n').facts[0]).toMatchObject({ technology: '.NET' });
    expect(dockerfileExtractor.extract('a/Dockerfile', 'FROM gcr.io/distroless/nodejs20-debian12\n').facts[0]).toMatchObject({ technology: 'Node.js' });
    expect(dockerfileExtractor.extract('a/Dockerfile', 'FROM prom/node-exporter\n').facts[0]).toMatchObject({ technology: null });
    expect(dockerfileExtractor.extract('a/Dockerfile', 'RUN echo no stage\n').facts).toEqual([]);
  });

  it('reads Dockerfile, Dockerfile.x, x.Dockerfile and Containerfile', () => {
    for (const name of ['Dockerfile', 'a/Dockerfile.worker', 'b/api.Dockerfile', 'Containerfile']) expect(dockerfileExtractor.mayRead(name), name).toBe(true);
    expect(dockerfileExtractor.mayRead('src/dockerfiles.ts')).toBe(false);
  });
});
