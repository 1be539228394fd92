import fc from 'fast-check';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { combineFacts } from './combine-facts';
import { findSecretInText } from './content-clearance';
import { extractFiles } from './extract-files';
import { extractedFactSchema } from './extracted-fact';
import { extractors } from './extractor-registry';
import { terraformExtractor } from './extractors/terraform';
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
  dotenv: '.env',
  'kubernetes-manifests': 'k8s/app.yaml',
  terraform: 'infra/main.tf',
  openapi: 'svc/openapi.yaml',
  asyncapi: 'svc/asyncapi.json',
  'json-schema': 'schemas/x.schema.json',
  nginx: 'nginx/nginx.conf',
  envoy: 'envoy/envoy.yaml',
  'spring-config': 'svc/src/main/resources/application.yml',
  'dotnet-appsettings': 'svc/appsettings.json',
  proto: 'protos/x.proto',
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

/** Terraform blocks as HCL text: `locals` takes no label. */
function terraformText(blocks: readonly { block: string; label: string; attributes: Record<string, string> }[]): string {
  return blocks
    .map(({ block, label, attributes }) => {
      const body = Object.entries(attributes).map(([attribute, value]) => `  ${attribute} = ${value}\n`);
      return `${block}${block === 'locals' ? '' : ` "${label}"`} {\n${body.join('')}}\n`;
    })
    .join('\n');
}

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
      asyncOperations: fc.dictionary(name, fc.record({ action: fc.constantFrom('send', 'receive', 'x'), channel: fc.oneof(anyValue, name.map((id) => ({ $ref: `#/channels/${id}` }))), messages: anyValue, reply: fc.oneof(anyValue, name.map((id) => ({ channel: { $ref: `#/channels/${id}` } }))) }, { requiredKeys: [] })),
      asyncServers: fc.dictionary(name, fc.oneof(anyValue, fc.record({ url: fc.oneof(fc.string(), fc.constantFrom('amqp://rabbitmq', 'kafka:9092', 'localhost')), host: fc.string(), protocol: fc.oneof(fc.string(), fc.constant('amqp')) }, { requiredKeys: [] }))),
      protoService: fc.record({
        packageName: fc.oneof(name, fc.constantFrom('shop.v1', '')),
        service: name,
        rpcs: fc.array(fc.tuple(name, fc.oneof(name, fc.constant('M')), fc.oneof(name, fc.constant('M'))), { maxLength: 3 }),
        fields: fc.array(fc.tuple(fc.constantFrom('int64', 'bytes', 'M', 'repeated M', 'map<string, M>', 'E', 'x.Y', 'google.protobuf.Timestamp'), name), { maxLength: 4 }),
      }),
      proto: fc.array(fc.oneof(fc.constantFrom('syntax = "proto3";', 'package a.b;', 'service', 'rpc', 'returns', 'stream', 'message', 'enum', 'oneof', 'map', '<', '>', ',', '{', '}', '(', ')', ';', '=', '[', ']', 'json_name = "x"', 'repeated', 'required', 'group', '//', '/*', '*/', '"', '1', '.a.B', 'google.protobuf.Empty', 'int64', 'bytes', '\n'), name), { maxLength: 60 }),
      manifest: fc.dictionary(name, anyValue),
      kubernetes: fc.array(fc.record({ apiVersion: fc.constant('v1'), kind: fc.constantFrom('Deployment', 'Service', 'Pod', 'CronJob'), metadata: fc.oneof(anyValue, fc.record({ name })), spec: anyValue }), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(documents, fc.boolean(), (drawn, asJson) => {
        const write = (value: unknown) => (asJson ? JSON.stringify(value, null, 1) : stringify(value));
        const files: Record<string, string> = {
          'docker-compose.yml': write({ services: drawn.compose }),
          'svc/openapi.yaml': write({ openapi: '3.0.1', info: { title: 'T' }, paths: drawn.openapiPaths, components: { schemas: drawn.openapiComponents } }),
          'svc/asyncapi.yaml': write({ asyncapi: '2.6.0', info: { title: 'A' }, servers: drawn.asyncServers, channels: drawn.asyncChannels }),
          'other/asyncapi.yaml': write({ asyncapi: '3.0.0', servers: drawn.asyncServers, channels: drawn.asyncChannels, operations: drawn.asyncOperations }),
          'protos/x.proto': drawn.proto.join(' '),
          'protos/y.proto': `package ${drawn.protoService.packageName};\nservice ${drawn.protoService.service} {\n${drawn.protoService.rpcs.map(([rpc, request, response]) => `  rpc ${rpc} (${request}) returns (stream ${response});\n`).join('')}}\nmessage M {\n${drawn.protoService.fields.map(([type, field], index) => `  ${type} ${field} = ${index + 1};\n`).join('')}  oneof o { M a = 90; E b = 91; }\n}\nenum E { E0 = 0; }\n`,
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

  it('never throw on Terraform-shaped text, modules calling each other included, and combine into valid wire facts', () => {
    const name = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('orders', 'this', '__proto__', 'a\nb'));
    const blocks = fc.array(
          fc.record({
            block: fc.constantFrom('resource "aws_db_instance"', 'resource "aws_sqs_queue"', 'resource "google_pubsub_subscription"', 'resource "aws_sns_topic_subscription"', 'resource "aws_vpc"', 'module', 'variable', 'locals'),
            label: name,
            attributes: fc.dictionary(
              fc.constantFrom('name', 'identifier', 'engine', 'source', 'default', 'topic', 'topic_arn', 'endpoint', 'protocol', '__proto__'),
              fc.oneof(
                fc.string({ maxLength: 12 }).map((text) => JSON.stringify(text)),
                fc.constantFrom('var.name', 'local.name', '"${var.name}-x"', '"${local.name}"', '"./"', '"../.."', '"./modules/x"', '"sqs"', 'aws_sns_topic.a.arn', 'aws_sqs_queue.a.arn', '"${', 'coalesce(var.a, "b")', 'var.a ? null : "x"', '{'),
              ),
            ),
          }),
          { maxLength: 6 },
        );
    fc.assert(
      fc.property(blocks, blocks, (root, module) => {
        const files: Record<string, string> = { 'infra/main.tf': terraformText(root), 'infra/modules/x/main.tf': terraformText(module), 'main.tf': terraformText(module) };
        const found = Object.entries(files).map(([path, text]) => terraformExtractor.extract(path, text));
        for (const fact of combineFacts(found)) expect(extractedFactSchema.safeParse(fact).success, JSON.stringify(fact)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('configuration files (fuzzed)', () => {
  const anyValue = fc.jsonValue({ maxDepth: 3 });
  const name = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('orders', 'db', 'spring', 'ConnectionStrings', '__proto__', 'constructor', 'a\nb'));

  it('never throw on values in the shape of Envoy, Spring and .NET configuration, and combine into valid wire facts', () => {
    const socket = fc.record({ socket_address: fc.record({ address: fc.oneof(name, anyValue, fc.constant('${X:-orders}')) }, { requiredKeys: [] }) }, { requiredKeys: [] });
    const cluster = fc.record({ name, load_assignment: fc.oneof(anyValue, fc.record({ endpoints: fc.array(fc.record({ lb_endpoints: fc.array(fc.record({ endpoint: fc.record({ address: socket }) })) })) })), hosts: fc.oneof(anyValue, fc.array(socket)), http2_protocol_options: anyValue }, { requiredKeys: [] });
    const urlLike = fc.constantFrom('jdbc:mysql://db:3306/x', 'lb://orders', '${X:http://orders}', '${a.b}', 'Server=db;x=y', 'redis:6379,ssl=true');
    const documents = fc.record({
      clusters: fc.array(fc.oneof(anyValue, cluster), { maxLength: 3 }),
      spring: fc.dictionary(name, fc.oneof(anyValue, urlLike, fc.dictionary(name, urlLike))),
      appsettings: fc.dictionary(name, fc.oneof(anyValue, urlLike, fc.dictionary(name, urlLike))),
    });
    fc.assert(
      fc.property(documents, fc.boolean(), (drawn, asJson) => {
        const write = (value: unknown) => (asJson ? JSON.stringify(value, null, 1) : stringify(value));
        const files: Record<string, string> = {
          'docker-compose.yml': 'services:\n  orders:\n    build: ./svc\n  db:\n    image: postgres\n',
          'envoy/envoy.yaml': write({ static_resources: { clusters: drawn.clusters } }),
          'svc/src/main/resources/application.yml': write({ spring: drawn.spring, ...drawn.spring }),
          'config-repo/orders-docker.properties': Object.entries(drawn.spring).map(([key, value]) => `spring.${key}=${JSON.stringify(value)}`).join('\n'),
          'svc/appsettings.json': JSON.stringify({ ConnectionStrings: drawn.appsettings, ...drawn.appsettings }),
        };
        const found: FileFacts[] = [];
        for (const [path, text] of Object.entries(files)) for (const extractor of extractors) if (extractor.mayRead(path)) found.push(extractor.extract(path, text));
        for (const fact of combineFacts(found)) expect(extractedFactSchema.safeParse(fact).success, JSON.stringify(fact)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('never throw on token soup of nginx syntax, and name only hosts the text names', () => {
    const piece = fc.constantFrom('server', 'upstream', 'u', '{', '}', ';', 'location', '/api', 'proxy_pass', 'grpc_pass', 'http://u', 'http://$v', 'set', '$v', 'orders:80', '"', '#', '\n', '${v}', 'unix:/s');
    const nginx = extractors.find((extractor) => extractor.name === 'nginx')!;
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const words = new Set(pieces.map((word) => word.replace(/^https?:\/\//, '').replace(/:\d+$/, '')));
        for (const hint of nginx.extract('nginx/nginx.conf', pieces.join(' ')).hints) if (hint.hint === 'connection') expect(words).toContain(hint.host);
      }),
      { numRuns: 1000 },
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
