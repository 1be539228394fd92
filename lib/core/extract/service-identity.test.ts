/**
 * One element per deployed service, on small repositories written for each
 * pattern real repositories use. Each whole scan (extractFiles over the files
 * in memory) is compared with a golden file under __golden__/ (update with
 * `vitest -u` after reading the difference), and the rule each pattern is
 * about is asserted beside it in words.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractFiles, type ExtractionResult, type FileEntry } from './extract-files';
import { scanPatterns } from '../../../test/fixtures/scan-patterns';
import type { ExtractedFact } from './extracted-fact';
import { walkDirectory } from './walk-directory';

function entries(files: Record<string, string>): FileEntry[] {
  return Object.entries(files).map(([path, text]) => {
    const bytes = new TextEncoder().encode(text);
    return { path, size: bytes.byteLength, read: async () => bytes };
  });
}

async function scan(files: Record<string, string>): Promise<ExtractionResult> {
  return extractFiles(entries(files), { rootAppName: 'repo' });
}

function elements(result: ExtractionResult): string[] {
  return result.facts.filter((fact) => fact.entityKind === 'element').map((fact) => `${fact.key} ${fact.entityKind === 'element' ? (fact.technology ?? '-') : ''}`);
}

function calls(result: ExtractionResult): string[] {
  return result.facts.filter((fact): fact is Extract<ExtractedFact, { entityKind: 'relationship' }> => fact.entityKind === 'relationship').map((fact) => `${fact.fromKey} -> ${fact.toKey} (${fact.label})`);
}

/** The facts and the left-out candidates, as a person reads them in a proposal list. */
function golden(result: ExtractionResult): unknown {
  return { facts: result.facts, leftOut: result.diagnostics.leftOut };
}

describe('compose built from a root context', () => {
  // Every service builds from `context: .` with its own Dockerfile: each is its own element.
  const files = scanPatterns.rootContext;

  it('gives one app per service, never one box for the root folder, and the calls of their settings', async () => {
    const result = await scan(files);
    expect(elements(result)).toEqual([
      'element:app:basket-api .NET, ASP.NET Core',
      'element:app:orders-api .NET, ASP.NET Core',
      'element:store:basketdata Redis',
      'element:store:rabbitmq RabbitMQ',
      'element:store:sqldata SQL Server',
    ]);
    expect(calls(result)).toEqual([
      'element:app:basket-api -> element:app:orders-api (identityUrl)',
      'element:app:basket-api -> element:store:basketdata (ConnectionString)',
      'element:app:orders-api -> element:store:rabbitmq (EventBusConnection)',
      'element:app:orders-api -> element:store:sqldata (ConnectionString)',
    ]);
    await expect(JSON.stringify(golden(result), null, 2)).toMatchFileSnapshot('./__golden__/compose-root-context.json');
  });

  it('never carries the connection string password', async () => {
    expect(JSON.stringify(await scan(files))).not.toContain('Pass@word');
  });
});

describe('test projects and libraries next to services', () => {
  const files = scanPatterns.testsAndLibraries;

  it('keeps only the deployed service, and lists every other candidate with its reason', async () => {
    const result = await scan(files);
    expect(elements(result)).toEqual(['element:app:catalog .NET, ASP.NET Core']);
    expect(result.diagnostics.leftOut.map((entry) => `${entry.path}: ${entry.reason}`)).toEqual([
      '.github/tools/go.mod: CI or editor folder (.github/): nothing deploys it',
      'docs/site/package.json: documentation folder (docs/): nothing deploys it',
      'package.json: test project',
      'src/EventBus/EventBus.csproj: class library: nothing deploys it and it names no entry point',
      'tests/Catalog.FunctionalTests/Catalog.FunctionalTests.csproj: test project',
    ]);
    await expect(JSON.stringify(golden(result), null, 2)).toMatchFileSnapshot('./__golden__/tests-and-libraries.json');
  });

  it('keeps a runnable project when nothing in the repository deploys anything', async () => {
    const result = await scan({ 'package.json': '{\n  "name": "shop",\n  "scripts": { "start": "node server.js" }\n}\n', 'test/package.json': '{ "name": "shop-tests" }\n' });
    expect(elements(result)).toEqual(['element:app:shop Node.js']);
  });
});

describe('wiring through .env and ${VAR:-default}', () => {
  const files = scanPatterns.dotenvWiring;

  it('builds each service from the Dockerfile .env names, knows stores by images .env names, and follows passed-through settings', async () => {
    const result = await scan(files);
    expect(elements(result)).toEqual([
      'element:app:cart .NET',
      'element:app:checkout Go',
      'element:store:astronomy-db PostgreSQL',
      'element:store:valkey-cart Valkey',
    ]);
    expect(calls(result)).toEqual([
      'element:app:cart -> element:store:valkey-cart (VALKEY_ADDR)',
      'element:app:checkout -> element:app:cart (CART_ADDR)',
      'element:app:checkout -> element:store:astronomy-db (DB_URL)',
    ]);
    // The .env line that gave a value is evidence of the call.
    const cart = result.facts.find((fact) => fact.key === 'relationship:element:app:checkout->element:app:cart');
    expect(cart?.evidence.map((evidence) => `${evidence.path}:${evidence.startLine}`)).toEqual(['.env:2', 'compose.yaml:13', 'compose.yaml:16']);
    await expect(JSON.stringify(golden(result), null, 2)).toMatchFileSnapshot('./__golden__/dotenv-wiring.json');
  });

  it('reads .env without keeping a secret value or a URL password', async () => {
    const text = JSON.stringify(await scan(files));
    expect(text).not.toContain('FAKE-otel-password');
    expect(text).not.toContain('FAKE-url-password');
  });

  it('makes no call of depends_on alone to an app', async () => {
    const result = await scan({ ...files, 'compose.yaml': files['compose.yaml'].replace('      - CART_ADDR\n      - DB_URL\n', '      - LOG_LEVEL=info\n') });
    expect(calls(result)).toEqual(['element:app:cart -> element:store:valkey-cart (VALKEY_ADDR)', 'element:app:checkout -> element:store:valkey-cart (depends on)']);
  });
});

describe('a custom image of a store, a mounted proxy configuration and Dockerfile settings', () => {
  const files = scanPatterns.mountsAndImages;

  it('makes the custom mongo image a store, gives the gateway the calls of its mounted Envoy file, and reads the running stage ENV', async () => {
    const result = await scan(files);
    expect(elements(result)).toEqual(['element:app:catalogue Node.js', 'element:app:gateway -', 'element:app:web nginx', 'element:store:mongodb MongoDB']);
    expect(calls(result)).toEqual([
      'element:app:catalogue -> element:store:mongodb (MONGO_URL)',
      'element:app:gateway -> element:app:catalogue (cluster catalogue)',
      'element:app:web -> element:app:catalogue (CATALOGUE_HOST)',
      'element:app:web -> element:app:gateway (GATEWAY_HOST)',
    ]);
  });
});

describe('one service named by compose, Kubernetes and its manifest', () => {
  it('joins the compose name, the Kubernetes workload running its image, and a package named otherwise', async () => {
    const result = await scan({
      'docker-compose.yml': 'services:\n  currency:\n    build: ./src/currencyservice\n    image: shop/currencyservice\n',
      'k8s/currency.yaml':
        'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: currencyservice\nspec:\n  template:\n    metadata:\n      labels: { app: currencyservice }\n    spec:\n      containers:\n        - name: server\n          image: shop/currencyservice\n',
      'src/currencyservice/package.json': '{\n  "name": "grpc-currency-service",\n  "scripts": { "start": "node server.js" }\n}\n',
      'src/currencyservice/Dockerfile': 'FROM node:20-alpine\n',
    });
    expect(elements(result)).toEqual(['element:app:currency Node.js']);
  });
});

describe('a Eureka client', () => {
  const pom = (artifact: string, dependency: string) =>
    `<project>\n  <artifactId>${artifact}</artifactId>\n  <parent><artifactId>spring-boot-starter-parent</artifactId></parent>\n  <dependencies>\n    <dependency><artifactId>${dependency}</artifactId></dependency>\n  </dependencies>\n</project>\n`;

  it('calls the one Eureka server of the repository', async () => {
    const result = await scan({
      'docker-compose.yml': 'services:\n  discovery:\n    build: ./discovery\n  visits:\n    build: ./visits\n',
      'discovery/pom.xml': pom('discovery', 'spring-cloud-starter-netflix-eureka-server'),
      'visits/pom.xml': pom('visits', 'spring-cloud-starter-netflix-eureka-client'),
    });
    expect(calls(result)).toEqual(['element:app:visits -> element:app:discovery (Eureka client)']);
  });
});

describe('compose files as teams write them', () => {
  it('reads services shared through merge keys, settings from env_file .env, and a store known by its setup variables', async () => {
    const result = await scan({
      '.env': 'USERS_GRPC_ADDR=users:3000\n',
      'docker-compose.yml': `x-db: &db
  image: acme/catalogue-db
  environment:
    MYSQL_ROOT_PASSWORD: FAKE-root
    MYSQL_DATABASE: socksdb
services:
  catalogue-db:
    <<: *db
  trainings:
    build: ./trainings
    env_file: .env
  users:
    build: ./users
  users-component-tests:
    build: ./users
`,
      'trainings/go.mod': 'module example.com/trainings\n',
      'trainings/Dockerfile': 'FROM golang:1.22\n',
      'users/go.mod': 'module example.com/users\n',
      'users/Dockerfile': 'FROM golang:1.22\n',
    });
    expect(elements(result)).toEqual(['element:app:trainings Go', 'element:app:users Go', 'element:store:catalogue-db MySQL']);
    expect(calls(result)).toEqual(['element:app:trainings -> element:app:users (USERS_GRPC_ADDR)']);
    expect(result.diagnostics.leftOut).toEqual([{ path: 'docker-compose.yml', name: 'users-component-tests', reason: 'test service: its name says it runs tests' }]);
  });

  it('leaves monitoring helpers deployed to Kubernetes out, as in compose', async () => {
    const workload = (name: string, image: string) =>
      `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: ${name}\nspec:\n  template:\n    spec:\n      containers:\n        - name: main\n          image: ${image}\n`;
    const result = await scan({ 'k8s/grafana.yaml': workload('grafana-core', 'grafana/grafana:10.0.0'), 'k8s/orders.yaml': workload('orders', 'acme/orders:1.0') });
    expect(elements(result)).toEqual(['element:app:orders -']);
  });
});

describe('an Aspire AppHost', () => {
  it('gives the projects and backing services it adds, and the calls of WithReference (a database reaches its server)', async () => {
    const result = await extractFiles(walkDirectory(join(import.meta.dirname, '../../../test/fixtures/deployments/aspire')), { rootAppName: 'shop' });
    expect(elements(result)).toEqual(['element:app:basket-api -', 'element:app:catalog-api -', 'element:store:basket-cache Redis', 'element:store:postgres PostgreSQL']);
    expect(calls(result)).toEqual([
      'element:app:basket-api -> element:app:catalog-api (null)',
      'element:app:basket-api -> element:store:basket-cache (null)',
      'element:app:catalog-api -> element:store:postgres (null)',
    ]);
    await expect(JSON.stringify(golden(result), null, 2)).toMatchFileSnapshot('./__golden__/aspire-app-host.json');
  });
});
