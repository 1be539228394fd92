import { describe, expect, it } from 'vitest';
import { extractorOutputs } from '../../../test/support/extractor-outputs';
import { combineFacts } from './combine-facts';
import { extractedFactSchema, type ExtractedFact } from './extracted-fact';

function byKey(facts: ExtractedFact[]): Record<string, ExtractedFact> {
  return Object.fromEntries(facts.map((fact) => [fact.key, fact]));
}

const shop = {
  'services/orders/package.json': '{\n  "name": "orders-service",\n  "dependencies": { "express": "4" }\n}\n',
  'services/orders/Dockerfile': 'FROM node:20\nEXPOSE 8080\n',
  'services/orders/api/openapi.yaml': 'openapi: 3.0.0\ninfo:\n  title: Orders\npaths:\n  /orders:\n    post:\n      operationId: placeOrder\n      responses: {}\n',
  'docker-compose.yml':
    'services:\n  orders:\n    build: services/orders\n    environment:\n      DB_URL: postgres://u:p@db:5432/x\n      CACHE_HOST: cache\n    depends_on: [db]\n  db:\n    image: postgres\n  cache:\n    image: redis\n  search:\n    image: elasticsearch:8\n',
};

describe('combineFacts', () => {
  it('makes one app of a folder from its manifest, Dockerfile and compose service', () => {
    const facts = byKey(combineFacts(extractorOutputs(shop)));
    expect(facts['element:app:orders']).toEqual({
      entityKind: 'element',
      key: 'element:app:orders',
      factStatus: 'observed-in-source',
      confidence: null,
      evidence: [
        { path: 'docker-compose.yml', startLine: 2, endLine: 7 },
        { path: 'services/orders/Dockerfile', startLine: 1, endLine: 1 },
        { path: 'services/orders/Dockerfile', startLine: 2, endLine: 2 },
        { path: 'services/orders/package.json', startLine: 2, endLine: 2 },
        { path: 'services/orders/package.json', startLine: 3, endLine: 3 },
      ],
      kind: 'app',
      // The compose service name wins over the package name; the manifest's technology over the image's.
      name: 'orders',
      description: null,
      technology: 'Node.js, Express',
    });
    expect(facts['element:app:orders-service']).toBeUndefined();
  });

  it('gives the owner of an API document in a subfolder to the app of the nearest folder above', () => {
    const facts = byKey(combineFacts(extractorOutputs(shop)));
    expect(facts['operation:element:app:orders:POST /orders']).toMatchObject({ ownerKey: 'element:app:orders', name: 'placeOrder', transport: 'http' });
  });

  it('links an app to the stores its settings name: observed with depends_on and a URL, inferred otherwise', () => {
    const facts = byKey(combineFacts(extractorOutputs(shop)));
    expect(facts['relationship:element:app:orders->element:store:db']).toEqual({
      entityKind: 'relationship',
      key: 'relationship:element:app:orders->element:store:db',
      factStatus: 'observed-in-source',
      confidence: null,
      evidence: [
        { path: 'docker-compose.yml', startLine: 5, endLine: 5 },
        { path: 'docker-compose.yml', startLine: 7, endLine: 7 },
      ],
      fromKey: 'element:app:orders',
      toKey: 'element:store:db',
      label: 'DB_URL',
      technology: 'SQL',
      kind: 'structural',
    });
    expect(facts['relationship:element:app:orders->element:store:cache']).toMatchObject({ factStatus: 'inferred', confidence: 0.7, label: 'CACHE_HOST', technology: null });
    expect(facts['relationship:element:app:orders->element:store:search']).toBeUndefined();
  });

  it('gives the same facts whatever the order of the files', () => {
    const forward = combineFacts(extractorOutputs(shop));
    const backward = combineFacts(extractorOutputs(shop).reverse());
    expect(backward).toEqual(forward);
    expect(forward.map((fact) => fact.key)).toEqual([...forward.map((fact) => fact.key)].sort());
    for (const fact of forward) expect(extractedFactSchema.safeParse(fact).success, fact.key).toBe(true);
  });

  it('makes an app from the title of a document no folder app owns, inferred', () => {
    const facts = byKey(combineFacts(extractorOutputs({ 'apis/payments.yaml': 'openapi: 3.1.0\ninfo:\n  title: Payments API\npaths:\n  /pay:\n    post: {}\n' })));
    expect(facts['element:app:payments-api']).toEqual({
      entityKind: 'element',
      key: 'element:app:payments-api',
      factStatus: 'inferred',
      confidence: 0.5,
      evidence: [{ path: 'apis/payments.yaml', startLine: 3, endLine: 3 }],
      kind: 'app',
      name: 'Payments API',
      description: null,
      technology: null,
    });
    expect(facts['operation:element:app:payments-api:POST /pay']).toMatchObject({ name: 'POST /pay' });
  });

  it('gives a document to the element its server host names when no folder app holds it', () => {
    const files = {
      'compose.yaml': 'services:\n  catalog:\n    image: ghcr.io/shop/catalog:1\n',
      'specs/catalog.yaml': 'openapi: 3.0.0\ninfo: {title: Catalog}\nservers:\n  - url: http://catalog:8080\npaths:\n  /items:\n    get: {}\n',
    };
    const facts = byKey(combineFacts(extractorOutputs(files)));
    expect(facts['operation:element:app:catalog:GET /items']).toBeDefined();
    expect(facts['element:app:catalog']).toMatchObject({ factStatus: 'inferred', confidence: 0.6 });
  });

  it('joins one message across documents of one broker: the producer of one, the consumer of another', () => {
    const sender = 'asyncapi: 3.0.0\ninfo: {title: Orders}\nservers:\n  broker: {host: "rabbitmq:5672", protocol: amqp}\nchannels:\n  placed:\n    address: orders.placed\n    messages:\n      OrderPlaced:\n        payload: {type: object}\noperations:\n  tell:\n    action: send\n    channel: {$ref: "#/channels/placed"}\n';
    const receiver = 'asyncapi: 2.6.0\ninfo: {title: Billing}\nservers:\n  production: {url: "amqp://rabbitmq", protocol: amqp}\nchannels:\n  orders.placed:\n    bindings:\n      amqp: {is: queue}\n    publish:\n      message:\n        name: OrderPlaced\n        payload: {type: object, title: other}\n';
    const files = { 'orders/package.json': '{"name":"orders"}', 'orders/asyncapi.yaml': sender, 'billing/package.json': '{"name":"billing"}', 'billing/asyncapi.yaml': receiver };
    const facts = byKey(combineFacts(extractorOutputs(files)));
    expect(facts['message://rabbitmq/OrderPlaced']).toMatchObject({
      producerKey: 'element:app:orders',
      consumerKeys: ['element:app:billing'],
      // Both documents give a payload; the first by path wins.
      schemaKey: 'schema:billing/asyncapi.yaml#/channels/orders.placed/publish/message/payload',
    });
    expect(facts['message://rabbitmq/OrderPlaced']!.evidence.map((evidence) => evidence.path)).toEqual(['billing/asyncapi.yaml', 'billing/asyncapi.yaml', 'orders/asyncapi.yaml', 'orders/asyncapi.yaml']);
    // One document says queue, the other says nothing: the stated kind wins.
    expect(facts['channel://rabbitmq/orders.placed']).toMatchObject({ kind: 'queue' });
    expect(facts['subscription:channel://rabbitmq/orders.placed->element:app:billing']).toBeDefined();
  });

  it('binds an SNS topic to an SQS queue of the same Terraform module, across files', () => {
    const files = {
      'infra/topics.tf': 'resource "aws_sns_topic" "placed" {\n  name = "orders-placed"\n}\n',
      'infra/queues.tf': 'resource "aws_sqs_queue" "billing" {\n  name = "billing"\n}\nresource "aws_sns_topic_subscription" "s" {\n  topic_arn = aws_sns_topic.placed.arn\n  protocol = "sqs"\n  endpoint = aws_sqs_queue.billing.arn\n}\n',
      'other/queues.tf': 'resource "aws_sns_topic_subscription" "s" {\n  topic_arn = aws_sns_topic.placed.arn\n  protocol = "sqs"\n  endpoint = aws_sqs_queue.billing.arn\n}\n',
    };
    const facts = combineFacts(extractorOutputs(files));
    expect(facts.filter((fact) => fact.entityKind === 'binding')).toEqual([
      {
        entityKind: 'binding',
        key: 'binding:channel:orders-placed->channel:billing|',
        factStatus: 'observed-in-source',
        confidence: null,
        evidence: [{ path: 'infra/queues.tf', startLine: 4, endLine: 8 }],
        sourceChannelKey: 'channel:orders-placed',
        targetChannelKey: 'channel:billing',
        routingKey: null,
      },
    ]);
  });

  it('reaches a workload through its Kubernetes Service, also by cluster DNS name', () => {
    const files = {
      'k8s/app.yaml':
        'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: shop}\nspec:\n  template:\n    metadata: {labels: {app: web}}\n    spec:\n      containers:\n        - name: web\n          image: node:20\n          env:\n            - name: DATABASE_URL\n              value: postgres://u@pg.shop.svc.cluster.local/db\n',
      'k8s/db.yaml':
        'apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: postgres-primary, namespace: shop}\nspec:\n  template:\n    metadata: {labels: {role: db}}\n    spec:\n      containers: [{name: pg, image: "postgres:16"}]\n---\napiVersion: v1\nkind: Service\nmetadata: {name: pg, namespace: shop}\nspec:\n  selector: {role: db}\n',
    };
    const facts = byKey(combineFacts(extractorOutputs(files)));
    expect(facts['relationship:element:app:web->element:store:postgres-primary']).toMatchObject({ factStatus: 'inferred', confidence: 0.8, label: 'DATABASE_URL' });
    expect(facts['element:app:web']).toMatchObject({ technology: 'Node.js' });
  });

  it('names the root folder app by the given root name when nothing else names it', () => {
    const facts = combineFacts(extractorOutputs({ Dockerfile: 'FROM python:3.12\n' }), { rootAppName: 'Shop Tools' });
    expect(facts).toMatchObject([{ key: 'element:app:shop-tools', name: 'Shop Tools', technology: 'Python' }]);
    expect(combineFacts(extractorOutputs({ Dockerfile: 'FROM python:3.12\n' }))).toMatchObject([{ key: 'element:app:app' }]);
  });
});
