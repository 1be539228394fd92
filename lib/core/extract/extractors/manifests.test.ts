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
        project: { projectNames: ['@shop/orders', 'orders'], test: false, library: false, runnable: true, workspaceRoot: false },
        name: 'orders',
        description: 'Orders.',
        technology: 'Node.js, Fastify',
      },
    ]);
  });

  it('tells a monorepo root, a test-runner root, a library and a runnable package apart', () => {
    const traits = (text: string, path = 'package.json') => (packageJsonExtractor.extract(path, text).facts[0] as { project?: unknown } | undefined)?.project;
    expect(traits('{"name":"mono","workspaces":["packages/*"]}')).toMatchObject({ workspaceRoot: true });
    expect(traits('{"name":"e2e","devDependencies":{"@playwright/test":"1"},"scripts":{"test":"playwright test"}}')).toMatchObject({ test: true, runnable: false });
    expect(traits('{"name":"ui-kit","main":"dist/index.js"}')).toMatchObject({ library: true, runnable: false });
    expect(traits('{"name":"web","scripts":{"start":"node server.js"}}')).toMatchObject({ library: false, runnable: true, test: false });
    expect(traits('{"name":"cli","bin":{"x":"x.js"},"main":"x.js"}')).toMatchObject({ library: false, runnable: true });
    expect(traits('{"name":"orders-e2e","scripts":{"start":"x"}}')).toMatchObject({ test: true });
  });

  it('gives no app for a text that is not an object', () => {
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

  it('marks an aggregator as a root that holds modules, and gives nothing for malformed XML or an entity it does not know', () => {
    expect(mavenPomExtractor.extract('pom.xml', '<project><artifactId>all</artifactId><packaging>pom</packaging></project>').facts).toMatchObject([{ project: { workspaceRoot: true, runnable: false } }]);
    expect(mavenPomExtractor.extract('a/pom.xml', '<project><artifactId>util</artifactId></project>').facts).toMatchObject([{ project: { library: true, runnable: false } }]);
    expect(
      mavenPomExtractor.extract('b/pom.xml', '<project><artifactId>api</artifactId><build><plugins><plugin><artifactId>spring-boot-maven-plugin</artifactId></plugin></plugins></build></project>').facts,
    ).toMatchObject([{ project: { library: false, runnable: true } }]);
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

  it('tells test projects and class libraries from services', () => {
    const traits = (path: string, text: string) => (csprojExtractor.extract(path, text).facts[0] as { project?: unknown }).project;
    const xunit = '<Project Sdk="Microsoft.NET.Sdk"><ItemGroup><PackageReference Include="Microsoft.NET.Test.Sdk" Version="17" /><PackageReference Include="xunit" Version="2" /></ItemGroup></Project>';
    expect(traits('tests/Orders.Tests/Orders.Tests.csproj', xunit)).toMatchObject({ test: true });
    expect(traits('t/X.csproj', '<Project Sdk="MSTest.Sdk/3.6.1"></Project>')).toMatchObject({ test: true });
    expect(traits('t/Y.csproj', '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><IsTestProject>true</IsTestProject></PropertyGroup></Project>')).toMatchObject({ test: true });
    expect(traits('lib/EventBus/EventBus.csproj', '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup></Project>')).toMatchObject({ test: false, library: true, runnable: false });
    expect(traits('src/Tool/Tool.csproj', '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><OutputType>Exe</OutputType></PropertyGroup></Project>')).toMatchObject({ library: false, runnable: true });
    expect(traits('src/Api/Api.csproj', '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>')).toMatchObject({ library: false, runnable: true, projectNames: ['Api'] });
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
    // The image the container runs, for a custom image of a store (`FROM mongo`).
    expect(dockerfileExtractor.extract('db/Dockerfile', 'FROM mongo:7 AS base\nFROM base\nCOPY init.js /docker-entrypoint-initdb.d/\n').hints).toEqual([
      { hint: 'base-image', dockerfile: 'db/Dockerfile', image: 'mongo:7', evidence: [{ path: 'db/Dockerfile', startLine: 1, endLine: 1 }] },
    ]);
    expect(dockerfileExtractor.extract('a/Dockerfile', 'RUN echo no stage\n').facts).toEqual([]);
  });

  it('reads Dockerfile, Dockerfile.x, x.Dockerfile and Containerfile', () => {
    for (const name of ['Dockerfile', 'a/Dockerfile.worker', 'b/api.Dockerfile', 'Containerfile']) expect(dockerfileExtractor.mayRead(name), name).toBe(true);
    expect(dockerfileExtractor.mayRead('src/dockerfiles.ts')).toBe(false);
  });
});
