/**
 * The contracts of a small repository, combined: gRPC services of a shared
 * `protos/` folder landing on the deployed services they are named for,
 * AsyncAPI channels kept apart per broker or document, and a request/reply
 * exchange between two documents of one broker. The whole fact list is
 * compared with contract-facts.golden.json (update with `vitest -u`).
 */
import { describe, expect, it } from 'vitest';
import { extractorOutputs } from '../../../test/support/extractor-outputs';
import { combineFacts } from './combine-facts';
import { extractedFactSchema, type ExtractedFact } from './extracted-fact';

const shopProto = `syntax = "proto3";

package shop.v1;

import "google/protobuf/timestamp.proto";

// Orders are placed by the web shop and watched by the back office.
service OrderService {
  rpc PlaceOrder (PlaceOrderRequest) returns (Order);
  rpc WatchOrders (WatchOrdersRequest) returns (stream Order) {
    option deprecated = false;
  }
}

service PaymentService {
  rpc Charge (ChargeRequest) returns (ChargeResult);
}

message PlaceOrderRequest {
  string customer_id = 1;
  repeated Order.Line lines = 2;
}

message Order {
  message Line {
    string sku = 1;
    int64 quantity = 2;
  }
  string id = 1;
  repeated Line lines = 2;
  Status status = 3;
  google.protobuf.Timestamp placed_at = 4;
}

enum Status {
  STATUS_UNSPECIFIED = 0;
  PLACED = 1;
  SHIPPED = 2;
}

message WatchOrdersRequest {}

message ChargeRequest {
  string order_id = 1;
  map<string, string> metadata = 2;
  oneof method {
    string card_token = 3;
    bytes wallet_proof = 4;
  }
}

message ChargeResult {
  bool approved = 1;
}
`;

const compose = `services:
  orders:
    build: ./src/order-api
  payments:
    build: ./src/payment-api
  rabbitmq:
    image: rabbitmq:3-management
`;

const ordersEvents = `asyncapi: 3.0.0
info:
  title: Order events
servers:
  broker:
    host: rabbitmq:5672
    protocol: amqp
channels:
  chargeRequests:
    address: payments.charge
    messages:
      ChargeRequested:
        payload:
          type: object
  chargeReplies:
    address: payments.charge.reply
    messages:
      ChargeAnswered:
        payload:
          type: object
operations:
  requestCharge:
    action: send
    channel:
      $ref: '#/channels/chargeRequests'
    reply:
      channel:
        $ref: '#/channels/chargeReplies'
`;

const paymentsEvents = `asyncapi: 3.0.0
info:
  title: Payment events
servers:
  production:
    host: rabbitmq
    protocol: amqp
channels:
  charges:
    address: payments.charge
    messages:
      ChargeRequested:
        payload:
          type: object
  answers:
    address: payments.charge.reply
    messages:
      ChargeAnswered:
        payload:
          type: object
operations:
  charge:
    action: receive
    channel:
      $ref: '#/channels/charges'
    reply:
      channel:
        $ref: '#/channels/answers'
      messages:
        - $ref: '#/channels/answers/messages/ChargeAnswered'
`;

const probeEvents = `asyncapi: 2.6.0
info:
  title: Probe
channels:
  heartbeat:
    subscribe:
      message:
        name: Heartbeat
`;

const monitorEvents = `asyncapi: 2.6.0
info:
  title: Monitor
channels:
  heartbeat:
    publish:
      message:
        name: Heartbeat
`;

const repository = {
  'docker-compose.yml': compose,
  'protos/shop.proto': shopProto,
  'src/order-api/package.json': '{ "name": "order-api", "scripts": { "start": "node index.js" } }\n',
  'src/order-api/asyncapi.yaml': ordersEvents,
  'src/payment-api/package.json': '{ "name": "payment-api", "scripts": { "start": "node index.js" } }\n',
  'src/payment-api/asyncapi.yaml': paymentsEvents,
  'tools/probe/asyncapi.yaml': probeEvents,
  'tools/monitor/asyncapi.yaml': monitorEvents,
};

function byKey(facts: ExtractedFact[]): Record<string, ExtractedFact> {
  return Object.fromEntries(facts.map((fact) => [fact.key, fact]));
}

describe('contracts of a repository, combined', () => {
  const facts = combineFacts(extractorOutputs(repository));
  const keyed = byKey(facts);

  it('gives the golden fact list, every fact valid on the wire', async () => {
    for (const fact of facts) expect(extractedFactSchema.safeParse(fact).success, fact.key).toBe(true);
    await expect(`${JSON.stringify(facts, null, 2)}\n`).toMatchFileSnapshot('./contract-facts.golden.json');
  });

  it('puts the RPCs of a shared proto file on the services they are named for', () => {
    const operations = facts.filter((fact) => fact.entityKind === 'operation');
    expect(operations.map((fact) => [fact.ownerKey, fact.name])).toEqual([
      ['element:app:orders', 'shop.v1.OrderService/PlaceOrder'],
      ['element:app:orders', 'shop.v1.OrderService/WatchOrders'],
      ['element:app:payments', 'shop.v1.PaymentService/Charge'],
    ]);
    expect(keyed['operation:element:app:payments:shop.v1.PaymentService/Charge']).toMatchObject({
      transport: 'grpc',
      requestSchemaKey: 'schema:protos/shop.proto#/shop.v1.ChargeRequest',
      responseSchemaKey: 'schema:protos/shop.proto#/shop.v1.ChargeResult',
    });
  });

  it('puts the RPCs of a service named like no element on the deployed element enclosing the file', () => {
    const files = {
      'compose.yaml': 'services:\n  cart:\n    build: ./cart\n',
      'cart/go.mod': 'module example.com/shop/cart\n\ngo 1.22\n',
      'cart/api/storage.proto': 'syntax = "proto3";\nservice CartStorage {\n  rpc Load (Key) returns (Key);\n}\nmessage Key { string id = 1; }\n',
    };
    expect(combineFacts(extractorOutputs(files)).filter((fact) => fact.entityKind === 'operation')).toMatchObject([{ key: 'operation:element:app:cart:CartStorage/Load', ownerKey: 'element:app:cart' }]);
  });

  it('keeps two unrelated documents’ heartbeat channels apart', () => {
    const heartbeats = facts.filter((fact) => fact.entityKind === 'channel' && fact.name === 'heartbeat').map((fact) => fact.key);
    expect(heartbeats).toEqual(['channel:tools/monitor/asyncapi.yaml#heartbeat', 'channel:tools/probe/asyncapi.yaml#heartbeat']);
    expect(keyed['message:tools/probe/asyncapi.yaml#Heartbeat']).toMatchObject({ producerKey: 'element:app:probe', consumerKeys: [] });
    expect(keyed['message:tools/monitor/asyncapi.yaml#Heartbeat']).toMatchObject({ producerKey: null, consumerKeys: ['element:app:monitor'] });
  });

  it('joins a request and its reply across the two documents of one broker, each way round', () => {
    expect(keyed['message://rabbitmq/ChargeRequested']).toMatchObject({ producerKey: 'element:app:orders', consumerKeys: ['element:app:payments'] });
    expect(keyed['message://rabbitmq/ChargeAnswered']).toMatchObject({ producerKey: 'element:app:payments', consumerKeys: ['element:app:orders'] });
    expect(keyed['subscription:channel://rabbitmq/payments.charge->element:app:payments']).toBeDefined();
    expect(keyed['subscription:channel://rabbitmq/payments.charge.reply->element:app:orders']).toBeDefined();
    expect(facts.filter((fact) => fact.entityKind === 'channel' && fact.key.startsWith('channel://')).map((fact) => fact.key)).toEqual([
      'channel://rabbitmq/payments.charge',
      'channel://rabbitmq/payments.charge.reply',
    ]);
  });
});
