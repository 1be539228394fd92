import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import type { FactDraft, OperationDraft, SchemaDraft } from '../file-facts';
import { ownerNamesOf, protoExtractor } from './proto';

function operations(facts: FactDraft[]): OperationDraft[] {
  return facts.filter((draft): draft is OperationDraft => draft.draft === 'operation');
}

function schemas(facts: FactDraft[]): SchemaDraft[] {
  return facts.filter((draft): draft is SchemaDraft => draft.draft === 'schema');
}

function schemaContent(facts: FactDraft[], name: string): Record<string, unknown> {
  const found = schemas(facts).find((draft) => draft.name === name);
  if (found === undefined) throw new Error(`no schema ${name}`);
  return JSON.parse(found.content);
}

const ajv = new Ajv2020({ strict: false, logger: false });

describe('.proto services', () => {
  const text = `syntax = "proto3";
// service Commented { rpc Hidden (A) returns (B); }
package shop.orders.v1;

/* A block comment
   message Invisible {} */
service OrderService {
  rpc PlaceOrder (PlaceOrderRequest) returns (Order);
  rpc WatchOrders (stream WatchRequest) returns (stream Order) {
    option (google.api.http) = { get: "/v1/orders" };
  }
}

message PlaceOrderRequest { string customer_id = 1; }
message Order { string id = 1; }
message WatchRequest {}
`;
  const { facts } = protoExtractor.extract('protos/orders.proto', text);

  it('makes one grpc operation per rpc, keyed and named by the method path, on the element named like the service', () => {
    expect(operations(facts)).toEqual([
      {
        draft: 'operation',
        factStatus: 'observed-in-source',
        confidence: null,
        evidence: [{ path: 'protos/orders.proto', startLine: 8, endLine: 8 }],
        owner: { by: 'named-or-enclosing', names: ['OrderService', 'orders'], folder: 'protos' },
        signature: 'shop.orders.v1.OrderService/PlaceOrder',
        name: 'shop.orders.v1.OrderService/PlaceOrder',
        transport: 'grpc',
        requestSchemaKey: 'schema:protos/orders.proto#/shop.orders.v1.PlaceOrderRequest',
        responseSchemaKey: 'schema:protos/orders.proto#/shop.orders.v1.Order',
      },
      expect.objectContaining({
        // A streaming rpc with an options block: its lines run to the block's end.
        evidence: [{ path: 'protos/orders.proto', startLine: 9, endLine: 11 }],
        signature: 'shop.orders.v1.OrderService/WatchOrders',
        requestSchemaKey: 'schema:protos/orders.proto#/shop.orders.v1.WatchRequest',
        responseSchemaKey: 'schema:protos/orders.proto#/shop.orders.v1.Order',
      }),
    ]);
  });

  it('reads nothing inside comments', () => {
    expect(operations(facts).map((draft) => draft.name)).not.toContain('shop.orders.v1.Commented/Hidden');
    expect(schemas(facts).map((draft) => draft.name)).not.toContain('shop.orders.v1.Invisible');
  });

  it('makes one schema per message and file, however many rpcs use it, with the message lines as evidence', () => {
    expect(schemas(facts).map((draft) => [draft.key, draft.evidence])).toEqual([
      ['schema:protos/orders.proto#/shop.orders.v1.PlaceOrderRequest', [{ path: 'protos/orders.proto', startLine: 14, endLine: 14 }]],
      ['schema:protos/orders.proto#/shop.orders.v1.Order', [{ path: 'protos/orders.proto', startLine: 15, endLine: 15 }]],
      ['schema:protos/orders.proto#/shop.orders.v1.WatchRequest', [{ path: 'protos/orders.proto', startLine: 16, endLine: 16 }]],
    ]);
  });

  it('writes the method path without a package when the file has none', () => {
    const found = protoExtractor.extract('greeter.proto', 'syntax = "proto3";\nservice Greeter {\n  rpc SayHello (HelloRequest) returns (HelloReply) {}\n}\nmessage HelloRequest { string name = 1; }\nmessage HelloReply { string message = 1; }\n');
    expect(operations(found.facts)).toMatchObject([{ signature: 'Greeter/SayHello', name: 'Greeter/SayHello', owner: { names: ['Greeter', 'greeters'], folder: '' } }]);
    expect(schemas(found.facts).map((draft) => draft.key)).toEqual(['schema:greeter.proto#/HelloRequest', 'schema:greeter.proto#/HelloReply']);
  });

  it('leaves a message of another file without a schema, and gives a well-known type its JSON form', () => {
    const found = protoExtractor.extract(
      'a.proto',
      'syntax = "proto3";\npackage a;\nimport "google/protobuf/empty.proto";\nimport "b/types.proto";\nservice Admin {\n  rpc Reset (google.protobuf.Empty) returns (b.Result);\n}\n',
    );
    expect(operations(found.facts)).toMatchObject([{ requestSchemaKey: 'schema:a.proto#/google.protobuf.Empty', responseSchemaKey: null }]);
    expect(schemaContent(found.facts, 'google.protobuf.Empty')).toMatchObject({ type: 'object', maxProperties: 0 });
    expect(schemas(found.facts)[0]!.evidence).toEqual([{ path: 'a.proto', startLine: 6, endLine: 6 }]);
  });

  it('notes a file that declares messages and no service, and gives no fact for it', () => {
    const found = protoExtractor.extract('common/money.proto', 'syntax = "proto3";\nmessage Money { int64 units = 1; }\nmessage Currency { string code = 1; }\n');
    expect(found.facts).toEqual([]);
    expect(found.notes).toEqual(['declares 2 messages and no service']);
    expect(protoExtractor.extract('x.proto', 'syntax = "proto3";\nservice Empty {}\n').notes).toEqual(['declares 1 service without an rpc']);
  });

  it('reads nothing from garbage or from a half-written rpc, and only reads .proto files', () => {
    expect(protoExtractor.extract('x.proto', 'service { rpc ( returns ) }').facts).toEqual([]);
    expect(protoExtractor.extract('x.proto', 'service S { rpc M (A) returns }\nmessage A {}\n').facts).toEqual([]);
    expect(protoExtractor.mayRead('api/orders.proto')).toBe(true);
    expect(protoExtractor.mayRead('api/orders.protobuf.json')).toBe(false);
  });
});

describe('.proto messages as JSON Schemas (proto3 JSON mapping)', () => {
  const text = `syntax = "proto3";
package pay;
import "google/protobuf/timestamp.proto";
import "money/money.proto";

service Payments { rpc Charge (ChargeRequest) returns (Receipt); }

message ChargeRequest {
  string order_id = 1;
  int64 amount_minor = 2;
  uint64 attempt = 3;
  bytes signature = 4;
  double rate = 5;
  uint32 retries = 6;
  bool capture = 7;
  Method method = 8;
  repeated Line lines = 9;
  map<string, int32> counts = 10;
  oneof source {
    string card_token = 11;
    Wallet wallet = 12;
  }
  google.protobuf.Timestamp requested_at = 13;
  money.Money total = 14;
  string display_name = 15 [json_name = "label", deprecated = true];
  message Line { string sku = 1; Line parent = 2; }
  enum Method { METHOD_UNSPECIFIED = 0; CARD = 1; WALLET = 2; }
}
message Wallet { string id = 1; }
message Receipt { .pay.ChargeRequest.Method method = 1; }
`;
  const { facts } = protoExtractor.extract('pay.proto', text);
  const request = schemaContent(facts, 'pay.ChargeRequest');

  it('maps scalars as protobuf JSON writes them: 64-bit integers as strings, bytes as base64, enums by name', () => {
    expect(request).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      title: 'pay.ChargeRequest',
      type: 'object',
      properties: {
        orderId: { type: 'string' },
        amountMinor: { type: 'string', pattern: '^-?[0-9]+$' },
        attempt: { type: 'string', pattern: '^[0-9]+$' },
        signature: { type: 'string', contentEncoding: 'base64' },
        rate: { type: 'number' },
        retries: { type: 'integer', minimum: 0 },
        capture: { type: 'boolean' },
        method: { $ref: '#/$defs/pay.ChargeRequest.Method' },
        requestedAt: { type: 'string', format: 'date-time' },
      },
    });
    expect(request.$defs).toMatchObject({ 'pay.ChargeRequest.Method': { type: 'string', enum: ['METHOD_UNSPECIFIED', 'CARD', 'WALLET'] } });
  });

  it('writes repeated fields as arrays, maps as objects, nested and referenced messages under $defs, and json_name as the property', () => {
    const properties = request.properties as Record<string, unknown>;
    expect(properties.lines).toEqual({ type: 'array', items: { $ref: '#/$defs/pay.ChargeRequest.Line' } });
    expect(properties.counts).toEqual({ type: 'object', additionalProperties: { type: 'integer' } });
    expect(properties.wallet).toEqual({ $ref: '#/$defs/pay.Wallet' });
    expect(properties.label).toEqual({ type: 'string' });
    expect(properties.displayName).toBeUndefined();
    // A message of an imported file stays open, named.
    expect(properties.total).toEqual({ title: 'money.Money', $comment: 'declared in an imported file' });
    expect(Object.keys(request.$defs as object)).toEqual(['pay.ChargeRequest.Line', 'pay.ChargeRequest.Method', 'pay.Wallet']);
  });

  it('gives schemas that compile and tell a right payload from a wrong one, a oneof allowing one of its fields', () => {
    const validate = ajv.compile(request);
    expect(validate({ orderId: 'o-1', amountMinor: '1250', method: 'CARD', lines: [{ sku: 'a', parent: { sku: 'b' } }], counts: { a: 1 }, cardToken: 't' })).toBe(true);
    expect(validate({ amountMinor: 1250 })).toBe(false);
    expect(validate({ method: 'CASH' })).toBe(false);
    expect(validate({ cardToken: 't', wallet: { id: 'w' } })).toBe(false);
    expect(ajv.compile(schemaContent(facts, 'pay.Receipt'))({ method: 'WALLET' })).toBe(true);
  });

  it('reads proto2 labels and groups: required fields are required', () => {
    const proto2 = `syntax = "proto2";
package legacy;
service Lookup { rpc Find (Query) returns (Answer); }
message Query {
  required string term = 1;
  optional int32 limit = 2 [default = 10];
  repeated group Filter = 3 {
    required string field = 4;
  }
  extensions 100 to 199;
}
message Answer { repeated string hits = 1; }
`;
    const found = protoExtractor.extract('legacy/lookup.proto', proto2);
    const query = schemaContent(found.facts, 'legacy.Query');
    expect(query).toMatchObject({ required: ['term'], properties: { term: { type: 'string' }, limit: { type: 'integer' }, filter: { type: 'array', items: { $ref: '#/$defs/legacy.Query.Filter' } } } });
    expect(query.$defs).toMatchObject({ 'legacy.Query.Filter': { required: ['field'] } });
    expect(operations(found.facts)).toMatchObject([{ signature: 'legacy.Lookup/Find' }]);
  });
});

describe('owner names of a service', () => {
  it('are the service name and its canonical form in the other number', () => {
    expect(ownerNamesOf('OrderService')).toEqual(['OrderService', 'orders']);
    expect(ownerNamesOf('PaymentsService')).toEqual(['PaymentsService', 'payment']);
    expect(ownerNamesOf('Basket')).toEqual(['Basket', 'baskets']);
    expect(ownerNamesOf('AddressService')).toEqual(['AddressService']);
  });
});
