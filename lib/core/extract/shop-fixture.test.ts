import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractFiles, type ExtractionResult } from './extract-files';
import { extractedFactSchema, type ExtractedFact } from './extracted-fact';
import { walkDirectory } from './walk-directory';

// test/fixtures/shop/README.md lists what this test expects, line by line.
const shop = join(import.meta.dirname, '../../../test/fixtures/shop');
let result: ExtractionResult;
let facts: Record<string, ExtractedFact>;

beforeAll(async () => {
  result = await extractFiles(walkDirectory(shop), { rootAppName: 'shop', scope: { includePaths: [], excludePaths: [], excludeGlobs: ['**/node_modules/**', '**/*.min.*'] } });
  facts = Object.fromEntries(result.facts.map((fact) => [fact.key, fact]));
});

function lines(fact: ExtractedFact | undefined): string[] {
  return (fact?.evidence ?? []).map((evidence) => `${evidence.path}:${evidence.startLine}-${evidence.endLine}`);
}

describe('the shop fixture', () => {
  it('reads every file but the key, completely; the compose .env is read with its secret values withheld', () => {
    expect(result.skipped).toEqual([{ path: 'deploy/id_rsa', reason: 'secret' }]);
    expect(result).toMatchObject({ filesListed: 13, filesRead: 12, isComplete: true, extractionGap: null });
    expect(Object.keys(result.blobShas)).toHaveLength(12);
    expect(result.blobShas).not.toHaveProperty('deploy/id_rsa');
  });

  it('never carries a secret from the skipped key, the .env or a password from a connection URL', async () => {
    const text = JSON.stringify(result);
    for (const secret of ['FAKE-dotenv-password', 'sk_test_FAKE', 'FAKE-KEY-FOR-EXTRACTION', 'orders-password', 'guest:guest']) expect(text).not.toContain(secret);
    // The fixture does hold them, so the test can fail.
    expect(await readFile(join(shop, '.env'), 'utf8')).toContain('FAKE-dotenv-password');
  });

  it('finds the two apps with their technologies, from compose, manifests and Dockerfiles', () => {
    expect(facts['element:app:orders']).toMatchObject({ kind: 'app', name: 'orders', technology: 'Node.js, Express', description: 'Takes orders and publishes OrderPlaced.', factStatus: 'observed-in-source' });
    expect(lines(facts['element:app:orders'])).toEqual([
      'docker-compose.yml:3-13',
      'services/orders/Dockerfile:1-1',
      'services/orders/Dockerfile:7-7',
      'services/orders/Dockerfile:9-9',
      'services/orders/package.json:2-2',
      'services/orders/package.json:5-5',
      'services/orders/package.json:12-12',
    ]);
    expect(facts['element:app:billing']).toMatchObject({ kind: 'app', name: 'billing', technology: 'Python, FastAPI', description: 'Issues invoices for placed orders.' });
    expect(lines(facts['element:app:billing'])).toEqual([
      'docker-compose.yml:15-23',
      'services/billing/Dockerfile:1-1',
      'services/billing/Dockerfile:6-6',
      'services/billing/pyproject.toml:6-6',
      'services/billing/pyproject.toml:8-8',
      'services/billing/pyproject.toml:12-12',
    ]);
  });

  it('finds the database and the broker as stores, and no element for the helper image', () => {
    expect(facts['element:store:orders-db']).toMatchObject({ name: 'orders-db', technology: 'PostgreSQL' });
    expect(lines(facts['element:store:orders-db'])).toEqual(['docker-compose.yml:25-30']);
    expect(facts['element:store:rabbitmq']).toMatchObject({ name: 'rabbitmq', technology: 'RabbitMQ' });
    expect(lines(facts['element:store:rabbitmq'])).toEqual(['docker-compose.yml:32-36']);
    expect(result.facts.filter((fact) => fact.entityKind === 'element').map((fact) => fact.key)).toEqual(['element:app:billing', 'element:app:orders', 'element:store:orders-db', 'element:store:rabbitmq']);
  });

  it('links the apps to the stores their compose settings name, observed', () => {
    const relationships = result.facts.filter((fact) => fact.entityKind === 'relationship');
    expect(relationships.map((fact) => [fact.key, fact.factStatus, fact.label, fact.technology, lines(fact)])).toEqual([
      ['relationship:element:app:billing->element:store:rabbitmq', 'observed-in-source', 'AMQP_URL', 'AMQP', ['docker-compose.yml:19-19', 'docker-compose.yml:22-23', 'services/billing/asyncapi.yaml:6-8']],
      ['relationship:element:app:orders->element:store:orders-db', 'observed-in-source', 'DATABASE_URL', 'SQL', ['docker-compose.yml:8-8', 'docker-compose.yml:12-12']],
      ['relationship:element:app:orders->element:store:rabbitmq', 'observed-in-source', 'AMQP_URL', 'AMQP', ['docker-compose.yml:9-9', 'docker-compose.yml:13-13']],
    ]);
  });

  it('finds the operations of the OpenAPI document with their schemas, owned by orders', () => {
    const operations = result.facts.filter((fact) => fact.entityKind === 'operation');
    const api = 'schema:services/orders/openapi.yaml#';
    expect(operations.map((fact) => [fact.key, fact.name, fact.ownerKey, fact.transport, fact.requestSchemaKey, fact.responseSchemaKey, lines(fact)])).toEqual([
      ['operation:element:app:orders:GET /orders', 'listOrders', 'element:app:orders', 'http', null, `${api}/paths/~1orders/get/responses/200/content/application~1json/schema`, ['services/orders/openapi.yaml:26-36']],
      ['operation:element:app:orders:GET /orders/{orderId}', 'getOrder', 'element:app:orders', 'http', null, `${api}/components/schemas/Order`, ['services/orders/openapi.yaml:38-54']],
      ['operation:element:app:orders:POST /orders', 'placeOrder', 'element:app:orders', 'http', `${api}/components/schemas/NewOrder`, `${api}/components/schemas/Order`, ['services/orders/openapi.yaml:9-25']],
    ]);
    const schemas = result.facts.filter((fact) => fact.entityKind === 'schema');
    expect(schemas.map((fact) => [fact.name, lines(fact)[0]])).toEqual([
      ['Invoice', 'schemas/invoice.schema.json:1-13'],
      ['InvoiceIssued', 'services/billing/asyncapi.yaml:45-54'],
      ['OrderPlacedPayload', 'services/billing/asyncapi.yaml:56-63'],
      ['NewOrder', 'services/orders/openapi.yaml:57-66'],
      ['Order', 'services/orders/openapi.yaml:76-89'],
      ['OrderLine', 'services/orders/openapi.yaml:67-75'],
      ['listOrders response', 'services/orders/openapi.yaml:33-36'],
    ]);
    const order = schemas.find((fact) => fact.name === 'Order')!;
    expect(JSON.parse(order.content)).toMatchObject({ type: 'object', properties: { lines: { items: { $ref: '#/$defs/OrderLine' } } }, $defs: { OrderLine: { required: ['sku', 'quantity'] } } });
  });

  it('finds the channels, messages and subscription of the AsyncAPI document, relative to billing', () => {
    expect(facts['channel://rabbitmq/billing.order-placed']).toMatchObject({ kind: 'queue' });
    expect(lines(facts['channel://rabbitmq/billing.order-placed'])).toEqual(['services/billing/asyncapi.yaml:10-21']);
    expect(facts['channel://rabbitmq/invoices']).toMatchObject({ kind: 'exchange' });
    expect(lines(facts['channel://rabbitmq/invoices'])).toEqual(['services/billing/asyncapi.yaml:22-32']);
    expect(facts['message://rabbitmq/OrderPlaced']).toMatchObject({
      producerKey: null,
      consumerKeys: ['element:app:billing'],
      schemaKey: 'schema:services/billing/asyncapi.yaml#/components/schemas/OrderPlacedPayload',
      description: 'An order was placed.',
    });
    expect(lines(facts['message://rabbitmq/OrderPlaced'])).toEqual(['services/billing/asyncapi.yaml:18-21', 'services/billing/asyncapi.yaml:35-39']);
    expect(facts['message://rabbitmq/InvoiceIssued']).toMatchObject({
      producerKey: 'element:app:billing',
      consumerKeys: [],
      schemaKey: 'schema:services/billing/asyncapi.yaml#/components/messages/InvoiceIssued/payload',
      tags: ['billing'],
    });
    expect(lines(facts['message://rabbitmq/InvoiceIssued'])).toEqual(['services/billing/asyncapi.yaml:29-32', 'services/billing/asyncapi.yaml:40-54']);
    expect(lines(facts['subscription:channel://rabbitmq/billing.order-placed->element:app:billing'])).toEqual(['services/billing/asyncapi.yaml:18-21']);
  });

  it('gives facts that are all valid on the wire, sorted by key, and nothing else', () => {
    for (const fact of result.facts) expect(extractedFactSchema.safeParse(fact).success, fact.key).toBe(true);
    expect(result.facts.map((fact) => fact.key)).toEqual(Object.keys(facts).sort());
    expect(result.facts).toHaveLength(4 + 3 + 3 + 7 + 2 + 2 + 1);
  });

  it('points every evidence at lines that exist in its file', async () => {
    for (const fact of result.facts) {
      for (const evidence of fact.evidence) {
        const count = (await readFile(join(shop, evidence.path), 'utf8')).trimEnd().split('\n').length;
        expect(evidence.endLine, `${fact.key} ${evidence.path}`).toBeLessThanOrEqual(count);
      }
    }
  });
});
