import { describe, expect, it } from 'vitest';
import { asyncapiExtractor } from './asyncapi';
import { jsonSchemaExtractor } from './json-schema';
import { openapiExtractor } from './openapi';

describe('OpenAPI', () => {
  const json = JSON.stringify(
    {
      openapi: '3.1.0',
      info: { title: 'Catalog' },
      servers: [{ url: 'https://catalog.internal/api' }],
      paths: {
        '/items': {
          put: {
            requestBody: { $ref: '#/components/requestBodies/Items' },
            responses: { '204': { description: 'saved' }, default: { description: 'x' } },
          },
          post: {
            requestBody: { content: { 'application/vnd.shop+json': { schema: { type: 'object', properties: { sku: { type: 'string' } } } } } },
            responses: { '2XX': { $ref: '#/components/responses/Item' } },
          },
        },
      },
      components: {
        requestBodies: { Items: { content: { 'text/plain': { schema: { type: 'string' } }, 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Item' } } } } } },
        responses: { Item: { description: 'one', content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } } },
        schemas: { Item: { type: 'object', properties: { sku: { type: 'string' } } } },
      },
    },
    null,
    2,
  );

  it('names operations by METHOD /path without operationId, follows $ref to bodies and responses', () => {
    const { facts } = openapiExtractor.extract('catalog/api.json', json);
    const operations = facts.filter((draft) => draft.draft === 'operation');
    expect(operations).toMatchObject([
      {
        signature: 'PUT /items',
        name: 'PUT /items',
        requestSchemaKey: 'schema:catalog/api.json#/components/requestBodies/Items/content/application~1json/schema',
        responseSchemaKey: null,
        owner: { by: 'document-owner', folder: 'catalog', hosts: ['catalog.internal'], title: 'Catalog' },
      },
      { signature: 'POST /items', requestSchemaKey: 'schema:catalog/api.json#/paths/~1items/post/requestBody/content/application~1vnd.shop+json/schema', responseSchemaKey: 'schema:catalog/api.json#/components/schemas/Item' },
    ]);
    const schemas = facts.filter((draft) => draft.draft === 'schema');
    expect(schemas.map((draft) => draft.name)).toEqual(['Item', 'PUT /items request', 'POST /items request']);
    expect(JSON.parse(schemas[1]!.content)).toEqual({ type: 'array', items: { $ref: '#/$defs/Item' }, $defs: { Item: { type: 'object', properties: { sku: { type: 'string' } } } } });
    // JSON documents get lines too: the `put` member spans lines 13 to 25 of the pretty-printed text.
    expect(operations[0]!.evidence).toEqual([{ path: 'catalog/api.json', startLine: 13, endLine: 25 }]);
  });

  it('reads no Swagger 2.0 and nothing from garbage', () => {
    expect(openapiExtractor.extract('s.yaml', 'swagger: "2.0"\npaths: {}\n').facts).toEqual([]);
    expect(openapiExtractor.extract('s.yaml', 'openapi: [').facts).toEqual([]);
  });

  it('writes recursive components once under $defs', () => {
    const text = 'openapi: 3.0.0\ninfo: {title: T}\npaths: {}\ncomponents:\n  schemas:\n    Node:\n      type: object\n      properties:\n        next:\n          $ref: "#/components/schemas/Node"\n';
    const [schema] = openapiExtractor.extract('t.yaml', text).facts;
    expect(schema).toMatchObject({ draft: 'schema', name: 'Node', evidence: [{ startLine: 6, endLine: 10 }] });
    expect(JSON.parse((schema as { content: string }).content).$defs.Node.properties.next).toEqual({ $ref: '#/$defs/Node' });
  });
});

describe('AsyncAPI 3', () => {
  const text = `asyncapi: 3.0.0
info:
  title: Shipping
servers:
  kafka:
    host: kafka-1:9092
    protocol: kafka
channels:
  parcels:
    address: shipping.parcels
    messages:
      ParcelShipped:
        $ref: '#/components/messages/ParcelShipped'
    bindings:
      kafka:
        partitions: 3
  orders:
    address: orders.placed
    messages:
      OrderPlaced:
        payload:
          type: object
operations:
  announce:
    action: send
    channel:
      $ref: '#/channels/parcels'
  ship:
    action: receive
    channel:
      $ref: '#/channels/orders'
    messages:
      - $ref: '#/channels/orders/messages/OrderPlaced'
components:
  messages:
    ParcelShipped:
      description: A parcel left the warehouse.
      payload:
        schemaFormat: application/schema+json;version=draft-07
        schema:
          type: object
`;

  it('makes channels by address, messages sent and received by the owner, and its subscriptions', () => {
    const { facts, hints } = asyncapiExtractor.extract('shipping/asyncapi.yaml', text);
    expect(facts.filter((draft) => draft.draft === 'channel').map((draft) => [draft.name, draft.kind])).toEqual([
      ['shipping.parcels', 'topic'],
      ['orders.placed', null],
    ]);
    const owner = { by: 'document-owner', folder: 'shipping', hosts: [], title: 'Shipping', titleEvidence: { path: 'shipping/asyncapi.yaml', startLine: 3, endLine: 3 } };
    expect(facts.filter((draft) => draft.draft === 'message')).toMatchObject([
      { name: 'ParcelShipped', producer: owner, consumers: [], description: 'A parcel left the warehouse.', schemaKey: 'schema:shipping/asyncapi.yaml#/components/messages/ParcelShipped/payload/schema' },
      { name: 'OrderPlaced', producer: null, consumers: [owner], schemaKey: 'schema:shipping/asyncapi.yaml#/channels/orders/messages/OrderPlaced/payload' },
    ]);
    expect(facts.filter((draft) => draft.draft === 'subscription')).toMatchObject([{ channelKey: 'channel://kafka-1/orders.placed', consumer: owner, evidence: [{ startLine: 28, endLine: 33 }] }]);
    expect(hints).toMatchObject([{ hint: 'connection', host: 'kafka-1', via: 'server', scheme: 'kafka', evidence: [{ startLine: 5, endLine: 7 }] }]);
  });

  it('reads nothing from a document of another version or from garbage', () => {
    expect(asyncapiExtractor.extract('a.yaml', 'asyncapi: 1.2.0\nchannels: {}\n').facts).toEqual([]);
    expect(asyncapiExtractor.extract('a.yaml', 'asyncapi: "\u0000').facts).toEqual([]);
  });
});

describe('JSON Schema files', () => {
  it('reads *.schema.json and JSON naming a json-schema.org meta-schema, not configuration files', () => {
    const [schema] = jsonSchemaExtractor.extract('schemas/order.schema.json', '{\n  "type": "object"\n}\n').facts;
    expect(schema).toEqual({
      draft: 'schema',
      factStatus: 'observed-in-source',
      confidence: null,
      evidence: [{ path: 'schemas/order.schema.json', startLine: 1, endLine: 3 }],
      key: 'schema:schemas/order.schema.json',
      name: 'order',
      description: null,
      content: '{"type":"object"}',
    });
    expect(jsonSchemaExtractor.extract('x.json', '{"$schema":"http://json-schema.org/draft-07/schema#","title":"Thing"}').facts[0]).toMatchObject({ name: 'Thing' });
    expect(jsonSchemaExtractor.extract('tsconfig.json', '{"$schema":"https://json.schemastore.org/tsconfig","compilerOptions":{}}').facts).toEqual([]);
    expect(jsonSchemaExtractor.extract('a.schema.json', '[true]').facts).toEqual([]);
  });
});
