import { describe, expect, it } from 'vitest';
import { expandTerraformModules } from '../terraform-modules';
import { dockerComposeExtractor } from './docker-compose';
import { kubernetesManifestsExtractor } from './kubernetes-manifests';
import { terraformExtractor } from './terraform';

describe('compose files', () => {
  const compose = `services:
  api:
    build:
      context: ../services/api
    hostname: api-internal
    environment:
      - REDIS_HOST=cache
      - MONGO_URL=mongodb://root:pw@mongo-1:27017,mongo-2:27017/app
      - KAFKA_BROKERS=kafka:9092
      - DEBUG
  cache:
    image: bitnami/redis:7.2
  mongo-1:
    image: docker.io/library/mongo:7
  kafka:
    image: confluentinc/cp-kafka:7.6.0
  zookeeper:
    image: confluentinc/cp-zookeeper:7.6.0
  aws:
    image: localstack/localstack
    environment:
      SERVICES: s3,sqs,lambda
  proxy:
    image: ghcr.io/shop/edge-proxy:1.4
`;

  it('gives each service as written, its settings (kept in memory only) and its depends_on entries', () => {
    const { facts, hints } = dockerComposeExtractor.extract('deploy/compose.yaml', compose);
    // Whether a service is an app, a store or a helper is decided once the .env beside it is read.
    expect(facts).toEqual([]);
    const services = hints.filter((hint) => hint.hint === 'compose-service');
    expect(services.map((hint) => [hint.name, hint.image, hint.context, hint.dockerfile, hint.aliases])).toEqual([
      ['api', null, '../services/api', null, ['api-internal']],
      ['cache', 'bitnami/redis:7.2', null, null, []],
      ['mongo-1', 'docker.io/library/mongo:7', null, null, []],
      ['kafka', 'confluentinc/cp-kafka:7.6.0', null, null, []],
      ['zookeeper', 'confluentinc/cp-zookeeper:7.6.0', null, null, []],
      ['aws', 'localstack/localstack', null, null, []],
      ['proxy', 'ghcr.io/shop/edge-proxy:1.4', null, null, []],
    ]);
    expect(services[0]).toMatchObject({ folder: 'deploy', evidence: [{ path: 'deploy/compose.yaml', startLine: 2, endLine: 10 }] });
    expect(services[5]).toMatchObject({ localstackServices: 's3,sqs,lambda' });
    const settings = hints.filter((hint) => hint.hint === 'setting');
    expect(settings.map((hint) => [hint.from, hint.variable, hint.envFolder, hint.evidence[0]!.startLine])).toEqual([
      [{ by: 'name', kind: 'app', name: 'api' }, 'REDIS_HOST', 'deploy', 7],
      [{ by: 'name', kind: 'app', name: 'api' }, 'MONGO_URL', 'deploy', 8],
      [{ by: 'name', kind: 'app', name: 'api' }, 'KAFKA_BROKERS', 'deploy', 9],
      [{ by: 'name', kind: 'app', name: 'api' }, 'DEBUG', 'deploy', 10],
      [{ by: 'name', kind: 'app', name: 'aws' }, 'SERVICES', 'deploy', 22],
    ]);
    // `- DEBUG` passes the variable through from the environment (.env).
    expect(settings[3]).toMatchObject({ value: null });
  });

  it('reads compose file names only, and nothing from a file without services', () => {
    for (const name of ['docker-compose.yml', 'compose.yaml', 'x/docker-compose.prod.yml', 'compose.override.yaml']) expect(dockerComposeExtractor.mayRead(name), name).toBe(true);
    expect(dockerComposeExtractor.mayRead('k8s/deployment.yaml')).toBe(false);
    expect(dockerComposeExtractor.extract('compose.yaml', 'version: "3"\n').facts).toEqual([]);
  });
});

describe('Kubernetes manifests', () => {
  const manifests = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: orders
  namespace: shop
spec:
  template:
    metadata:
      labels:
        app: orders
    spec:
      containers:
        - name: orders
          image: ghcr.io/shop/orders:1.0
          env:
            - name: DATABASE_URL
              value: postgres://u:p@orders-db.shop.svc.cluster.local:5432/orders
            - name: SECRET
              valueFrom:
                secretKeyRef: { name: s, key: k }
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: orders-db
spec:
  template:
    metadata:
      labels: { app: orders-db }
    spec:
      containers:
        - name: pg
          image: postgres:16
---
apiVersion: v1
kind: Service
metadata:
  name: orders-db
  namespace: shop
spec:
  selector:
    app: orders-db
`;

  it('makes workloads apps or stores by their images, with the lines of name and image', () => {
    const { facts, hints } = kubernetesManifestsExtractor.extract('k8s/shop.yaml', manifests);
    expect(facts).toMatchObject([
      { ref: { by: 'name', kind: 'app', name: 'orders' }, technology: null, evidence: [{ startLine: 4, endLine: 4 }, { startLine: 14, endLine: 14 }] },
      { ref: { by: 'name', kind: 'store', name: 'orders-db' }, technology: 'PostgreSQL', evidence: [{ startLine: 25, endLine: 25 }, { startLine: 33, endLine: 33 }] },
    ]);
    expect(hints.filter((hint) => hint.hint === 'setting')).toMatchObject([{ variable: 'DATABASE_URL', envFolder: null, evidence: [{ startLine: 16, endLine: 17 }] }]);
    // The images join a workload to the folder a skaffold or CI build makes them from.
    expect(hints.filter((hint) => hint.hint === 'deployment')).toMatchObject([
      { ref: { name: 'orders' }, via: 'kubernetes', images: ['shop/orders'] },
      { ref: { name: 'orders-db' }, via: 'kubernetes', images: ['postgres'] },
    ]);
    expect(hints.filter((hint) => hint.hint === 'service-selector')).toMatchObject([{ host: 'orders-db', namespace: 'shop', selector: { app: 'orders-db' } }]);
    expect(hints.filter((hint) => hint.hint === 'workload-labels')).toMatchObject([{ labels: { app: 'orders' } }, { labels: { app: 'orders-db' } }]);
  });

  it('gives nothing for YAML that is no manifest or not YAML (a Helm template)', () => {
    expect(kubernetesManifestsExtractor.extract('a.yaml', 'name: x\n').facts).toEqual([]);
    expect(kubernetesManifestsExtractor.extract('t.yaml', 'apiVersion: v1\nkind: {{ .Values.kind }}\n  bad: [\n').facts).toEqual([]);
  });
});

describe('Terraform', () => {
  const terraform = `# Shop infrastructure
resource "aws_db_instance" "orders" {
  identifier = "orders-db"
  engine     = "postgres"
  tags = {
    team = "orders"
  }
}

resource "aws_elasticache_cluster" "cache" {
  cluster_id = "\${var.env}-cache" # computed: the label names it
  engine     = "redis"
}

/* resource "aws_s3_bucket" "old" { bucket = "gone" } */
resource "aws_s3_bucket" "assets" {
  bucket = "shop-assets"
  policy = <<EOF
{ "Statement": [ { "Effect": "Allow" } ] }
EOF
}

resource "aws_sns_topic" "orders" {
  name = "orders-placed"
}

resource "aws_sqs_queue" "billing" {
  name = "billing-orders"
}

resource "aws_sns_topic_subscription" "billing" {
  topic_arn = aws_sns_topic.orders.arn
  protocol  = "sqs"
  endpoint  = aws_sqs_queue.billing.arn
}

resource "aws_mq_broker" "events" {
  broker_name = "events"
  engine_type = "RabbitMQ"
}

resource "aws_msk_cluster" "stream" {
  cluster_name = "stream"
}
`;

  it('reads stores, channels and an SNS-to-SQS binding with the lines of each block', () => {
    const facts = expandTerraformModules([terraformExtractor.extract('infra/main.tf', terraform)]).flatMap((file) => file.facts);
    expect(facts.map((draft) => [draft.draft, 'name' in draft ? draft.name : null, 'technology' in draft ? draft.technology : 'kind' in draft ? draft.kind : null, draft.evidence[0]!.startLine, draft.evidence[0]!.endLine])).toEqual([
      ['element', 'orders-db', 'PostgreSQL', 2, 8],
      ['element', 'cache', 'Redis', 10, 13],
      ['element', 'shop-assets', 'S3', 16, 21],
      ['channel', 'orders-placed', 'topic', 23, 25],
      ['channel', 'billing-orders', 'queue', 27, 29],
      ['binding', null, null, 31, 35],
      ['element', 'events', 'RabbitMQ', 37, 40],
      ['element', 'stream', 'Kafka', 42, 44],
    ]);
    expect(facts[5]).toMatchObject({
      source: { by: 'terraform', folder: 'infra', address: 'aws_sns_topic.orders' },
      target: { by: 'terraform', folder: 'infra', address: 'aws_sqs_queue.billing' },
      routingKey: null,
    });
  });
});
