import fc from 'fast-check';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { combineFacts } from './combine-facts';
import { findSecretInText } from './content-clearance';
import { extractFiles } from './extract-files';
import { extractedFactSchema } from './extracted-fact';
import { extractors } from './extractor-registry';
import type { FileFacts } from './file-facts';
import { createPathFilter, normaliseRepositoryPath } from './path-filter';

/** A path each extractor reads, so every one of them meets the fuzzed text. */
const pathFor: Record<string, string> = {
  'package-json': 'svc/package.json',
  'pyproject-toml': 'svc/pyproject.toml',
  'go-mod': 'svc/go.mod',
  'maven-pom': 'svc/pom.xml',
  csproj: 'svc/Svc.csproj',
  dockerfile: 'svc/Dockerfile',
  'docker-compose': 'docker-compose.yml',
  'kubernetes-manifests': 'k8s/app.yaml',
  terraform: 'infra/main.tf',
  openapi: 'svc/openapi.yaml',
  asyncapi: 'svc/asyncapi.json',
  'json-schema': 'schemas/x.schema.json',
  'aspire-app-host': 'Shop.AppHost/Program.cs',
  skaffold: 'skaffold.yaml',
  'helm-chart': 'charts/orders/values.yaml',
  procfile: 'svc/Procfile',
  'serverless-framework': 'svc/serverless.yml',
  'cloudformation-functions': 'template.yaml',
  'ci-image-builds': '.github/workflows/build.yml',
};

const filter = createPathFilter({ includePaths: [], excludePaths: [], excludeGlobs: ['**/*.min.*'] });
const pathPart = fc.oneof(fc.constantFrom('..', '.', '', 'a', 'node_modules', '.git', 'C:', '\\', '\u0000', '~'), fc.string({ maxLength: 6 }));
const pathLike = fc.tuple(fc.array(pathPart, { maxLength: 8 }), fc.constantFrom('/', '\\', '//')).map(([parts, separator]) => parts.join(separator));

describe('path filter (fuzzed)', () => {
  it('never throws, and never lets through a path that is absolute, climbs with .., holds NUL or is not normalised', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), pathLike), (raw) => {
        const decision = filter(raw);
        if (!decision.include) return;
        const segments = decision.path.split('/');
        expect(segments).not.toContain('..');
        expect(segments).not.toContain('.');
        expect(segments).not.toContain('');
        expect(decision.path).not.toMatch(/^[A-Za-z]:|\\|\u0000/);
        expect(normaliseRepositoryPath(decision.path)).toEqual({ ok: true, path: decision.path });
      }),
      { numRuns: 5000 },
    );
  });
});

describe('extractors (fuzzed)', () => {
  it('covers every extractor', () => {
    expect(Object.keys(pathFor).sort()).toEqual(extractors.map((extractor) => extractor.name).sort());
  });

  it('never throw on arbitrary bytes and find nothing in garbage', () => {
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 400 }).map((bytes) => Buffer.from(bytes).toString('utf8')), fc.string({ maxLength: 200 })), (text) => {
        for (const extractor of extractors) {
          const found = extractor.extract(pathFor[extractor.name]!, text);
          expect(found.facts, extractor.name).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never throw on arbitrary values in the shape of each format, and combine into valid wire facts', () => {
    const anyValue = fc.jsonValue({ maxDepth: 4 });
    const name = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('orders', 'db', '$ref', '__proto__', 'constructor', 'a\nb'));
    const documents = fc.record({
      compose: fc.dictionary(name, fc.oneof(anyValue, fc.record({ image: fc.constantFrom('postgres', 'redis:7', 'x'), build: fc.oneof(fc.constant('./svc'), anyValue), environment: fc.oneof(fc.array(fc.string()), fc.dictionary(name, fc.string())), depends_on: fc.oneof(fc.array(name), anyValue) }, { requiredKeys: [] }))),
      openapiPaths: fc.dictionary(fc.string().map((text) => `/${text}`), fc.dictionary(fc.constantFrom('get', 'post', 'put', 'x'), anyValue)),
      openapiComponents: fc.dictionary(name, anyValue),
      asyncChannels: fc.dictionary(name, fc.record({ publish: anyValue, subscribe: anyValue, bindings: anyValue, address: anyValue, messages: anyValue }, { requiredKeys: [] })),
      asyncOperations: fc.dictionary(name, fc.record({ action: fc.constantFrom('send', 'receive', 'x'), channel: fc.oneof(anyValue, name.map((id) => ({ $ref: `#/channels/${id}` }))), messages: anyValue }, { requiredKeys: [] })),
      manifest: fc.dictionary(name, anyValue),
      kubernetes: fc.array(fc.record({ apiVersion: fc.constant('v1'), kind: fc.constantFrom('Deployment', 'Service', 'Pod', 'CronJob'), metadata: fc.oneof(anyValue, fc.record({ name })), spec: anyValue }), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(documents, fc.boolean(), (drawn, asJson) => {
        const write = (value: unknown) => (asJson ? JSON.stringify(value, null, 1) : stringify(value));
        const files: Record<string, string> = {
          'docker-compose.yml': write({ services: drawn.compose }),
          'svc/openapi.yaml': write({ openapi: '3.0.1', info: { title: 'T' }, paths: drawn.openapiPaths, components: { schemas: drawn.openapiComponents } }),
          'svc/asyncapi.yaml': write({ asyncapi: '2.6.0', info: { title: 'A' }, channels: drawn.asyncChannels }),
          'other/asyncapi.yaml': write({ asyncapi: '3.0.0', channels: drawn.asyncChannels, operations: drawn.asyncOperations }),
          'svc/package.json': JSON.stringify(drawn.manifest),
          'k8s/all.yaml': drawn.kubernetes.map((document) => stringify(document)).join('---\n'),
        };
        const found: FileFacts[] = [];
        for (const [path, text] of Object.entries(files)) for (const extractor of extractors) if (extractor.mayRead(path)) found.push(extractor.extract(path, text));
        for (const fact of combineFacts(found)) expect(extractedFactSchema.safeParse(fact).success, JSON.stringify(fact)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('content clearance (fuzzed)', () => {
  it('holds back any text with a private key block, wherever it stands', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.constantFrom('RSA ', 'EC ', 'OPENSSH ', 'ENCRYPTED ', ''), (before, after, kind) => {
        expect(findSecretInText(`${before}-----BEGIN ${kind}PRIVATE KEY-----${after}`)).toBe('PEM private key');
      }),
    );
  });
});

describe('extractFiles (fuzzed)', () => {
  it('gives the same result whatever the order the files come in', async () => {
    const files: [string, string][] = [
      ['docker-compose.yml', 'services:\n  api:\n    build: ./api\n    environment:\n      DB: postgres://db/x\n  db:\n    image: postgres\n'],
      ['api/package.json', '{"name":"api","dependencies":{"koa":"2"}}'],
      ['api/Dockerfile', 'FROM node:22\n'],
      ['api/openapi.yaml', 'openapi: 3.0.0\ninfo: {title: API}\npaths:\n  /a:\n    get: {}\n'],
      ['api/events.yaml', 'asyncapi: 2.6.0\ninfo: {title: E}\nchannels:\n  a:\n    subscribe:\n      message: {name: A, payload: {type: string}}\n'],
    ];
    const expected = await extractFiles(files.map(([path, text]) => ({ path, size: text.length, read: async () => Buffer.from(text) })));
    await fc.assert(
      fc.asyncProperty(fc.shuffledSubarray(files, { minLength: files.length }), async (order) => {
        const result = await extractFiles(order.map(([path, text]) => ({ path, size: text.length, read: async () => Buffer.from(text) })));
        expect(result).toEqual(expected);
      }),
      { numRuns: 30 },
    );
  });
});
