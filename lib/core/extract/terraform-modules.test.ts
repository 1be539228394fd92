import { describe, expect, it } from 'vitest';
import { combineFacts } from './combine-facts';
import { extractFiles } from './extract-files';
import type { ExtractedFact } from './extracted-fact';
import { terraformExtractor } from './extractors/terraform';
import type { FileFacts } from './file-facts';

function terraformFacts(files: Record<string, string>): FileFacts[] {
  return Object.entries(files).map(([path, text]) => terraformExtractor.extract(path, text));
}

function combined(files: Record<string, string>, rootAppName?: string): ExtractedFact[] {
  return combineFacts(terraformFacts(files), { rootAppName });
}

/** `key technology-or-kind` of every element and channel, and the keys of bindings. */
function summary(facts: ExtractedFact[]): string[] {
  return facts.map((fact) => {
    if (fact.entityKind === 'element') return `${fact.key} ${fact.technology}`;
    if (fact.entityKind === 'channel') return `${fact.key} ${fact.kind}`;
    return fact.key;
  });
}

describe('Terraform resources of each provider', () => {
  it('maps AWS stores, queues, topics and streams', () => {
    const main = `
resource "aws_db_instance" "orders" {
  identifier = "orders-db"
  engine     = "aurora-postgresql"
}
resource "aws_rds_cluster" "reports" {
  cluster_identifier = "reports"
  engine             = "aurora-mysql"
}
resource "aws_dynamodb_table" "carts" { name = "carts" }
resource "aws_elasticache_replication_group" "sessions" {
  replication_group_id = "sessions"
  engine               = "valkey"
}
resource "aws_elasticache_serverless_cache" "tokens" {
  name   = "tokens"
  engine = "memcached"
}
resource "aws_s3_bucket" "assets" { bucket = "shop-assets" }
resource "aws_msk_cluster" "events" { cluster_name = "events" }
resource "aws_mq_broker" "legacy" {
  broker_name = "legacy"
  engine_type = "ActiveMQ"
}
resource "aws_docdb_cluster" "catalog" { cluster_identifier = "catalog" }
resource "aws_opensearch_domain" "search" { domain_name = "search" }
resource "aws_elasticsearch_domain" "logs" { domain_name = "logs" }
resource "aws_sqs_queue" "billing" { name = "billing" }
resource "aws_sns_topic" "placed" { name = "order-placed" }
resource "aws_kinesis_stream" "clicks" { name = "clicks" }
`;
    expect(summary(combined({ 'infra/main.tf': main }))).toEqual([
      'channel:billing queue',
      'channel:clicks topic',
      'channel:order-placed topic',
      'element:store:carts DynamoDB',
      'element:store:catalog DocumentDB',
      'element:store:events Kafka',
      'element:store:legacy ActiveMQ',
      'element:store:logs Elasticsearch',
      'element:store:orders-db PostgreSQL',
      'element:store:reports MySQL',
      'element:store:search OpenSearch',
      'element:store:sessions Valkey',
      'element:store:shop-assets S3',
      'element:store:tokens Memcached',
    ]);
  });

  it('maps Google Cloud stores and Pub/Sub, a subscription bound to its topic', () => {
    const main = `
resource "google_sql_database_instance" "main" {
  name             = "orders-sql"
  database_version = "POSTGRES_15"
}
resource "google_redis_instance" "cache" { name = "cache" }
resource "google_memcache_instance" "sessions" { name = "sessions" }
resource "google_spanner_instance" "ledger" { name = "ledger" }
resource "google_bigtable_instance" "metrics" { name = "metrics" }
resource "google_firestore_database" "profiles" { name = "profiles" }
resource "google_storage_bucket" "media" { name = "shop-media" }
resource "google_alloydb_cluster" "catalog" { cluster_id = "catalog" }
resource "google_pubsub_topic" "placed" { name = "order-placed" }
resource "google_pubsub_subscription" "billing" {
  name  = "billing-order-placed"
  topic = google_pubsub_topic.placed.id
}
`;
    const facts = combined({ 'gcp/main.tf': main });
    expect(summary(facts)).toEqual([
      'binding:channel:order-placed->channel:billing-order-placed|',
      'channel:billing-order-placed queue',
      'channel:order-placed topic',
      'element:store:cache Redis',
      'element:store:catalog AlloyDB',
      'element:store:ledger Spanner',
      'element:store:metrics Bigtable',
      'element:store:orders-sql PostgreSQL',
      'element:store:profiles Firestore',
      'element:store:sessions Memcached',
      'element:store:shop-media Cloud Storage',
    ]);
  });

  it('maps Azure stores, Service Bus queues and topics, Event Hubs and storage queues', () => {
    const main = `
resource "azurerm_mssql_server" "sql" { name = "shop-sql" }
resource "azurerm_mssql_database" "orders" { name = "orders" }
resource "azurerm_postgresql_flexible_server" "catalog" { name = "catalog-pg" }
resource "azurerm_mysql_flexible_server" "legacy" { name = "legacy-mysql" }
resource "azurerm_cosmosdb_account" "carts" { name = "carts" }
resource "azurerm_redis_cache" "cache" { name = "cache" }
resource "azurerm_storage_account" "media" { name = "shopmedia" }
resource "azurerm_servicebus_queue" "billing" { name = "billing" }
resource "azurerm_servicebus_topic" "placed" { name = "order-placed" }
resource "azurerm_eventhub" "clicks" { name = "clicks" }
resource "azurerm_storage_queue" "thumbnails" { name = "thumbnails" }
`;
    expect(summary(combined({ 'azure/main.tf': main }))).toEqual([
      'channel:billing queue',
      'channel:clicks topic',
      'channel:order-placed topic',
      'channel:thumbnails queue',
      'element:store:cache Redis',
      'element:store:carts Cosmos DB',
      'element:store:catalog-pg PostgreSQL',
      'element:store:legacy-mysql MySQL',
      'element:store:orders SQL Server',
      'element:store:shop-sql SQL Server',
      'element:store:shopmedia Azure Storage',
    ]);
  });
});

describe('Terraform names', () => {
  it('reads a variable default from another file, templates around variables, and locals', () => {
    const facts = combined({
      'infra/variables.tf': 'variable "env" {\n  default = "prod"\n}\nvariable "queue_name" { default = "billing" }\nvariable "engine" {\n  type    = string\n  default = "postgres"\n}\n',
      'infra/locals.tf': 'locals {\n  prefix = "${var.env}-shop"\n  cache  = "sessions"\n}\n',
      'infra/main.tf': [
        'resource "aws_sqs_queue" "q" {\n  name = var.queue_name\n}',
        'resource "aws_s3_bucket" "b" {\n  bucket = "${local.prefix}-assets"\n}',
        'resource "aws_elasticache_cluster" "c" {\n  cluster_id = local.cache\n  engine     = "redis"\n}',
        'resource "aws_db_instance" "d" {\n  identifier = var.use_prefix ? null : "${var.env}-orders"\n  engine     = var.engine\n}',
        'variable "use_prefix" { default = false }',
      ].join('\n'),
    });
    expect(summary(facts)).toEqual(['channel:billing queue', 'element:store:prod-orders PostgreSQL', 'element:store:prod-shop-assets S3', 'element:store:sessions Redis']);
  });

  it('never names by an unresolved interpolation: the label, or the module folder for a placeholder label', () => {
    const facts = combined({
      'infra/payments/main.tf': 'variable "env" {}\nresource "aws_sqs_queue" "refunds" {\n  name = "${var.env}-refunds"\n}\nresource "aws_dynamodb_table" "this" {\n  name = var.table\n}\n',
      'main.tf': 'locals {\n  a = local.b\n  b = "${local.a}-x"\n}\nresource "aws_s3_bucket" "main" {\n  bucket = local.a\n}\nresource "aws_sqs_queue" "primary" {\n  name = data.aws_caller_identity.current.account_id\n}\n',
    }, 'Shop Infra');
    expect(summary(facts)).toEqual(['channel:Shop Infra queue', 'channel:refunds queue', 'element:store:payments DynamoDB', 'element:store:shop-infra S3']);
  });

  it('names the resources of a local module by each calling block: a module called twice gives two stores, none where count is 0', () => {
    const facts = combined({
      'infra/main.tf': [
        'locals {\n  env = "prod"\n}',
        'module "orders_db" {\n  source = "./modules/db"\n  name   = "orders-${local.env}"\n  engine = "mysql"\n}',
        'module "catalog_db" {\n  source = "./modules/db"\n  name   = "catalog"\n}',
        'module "audit_db" {\n  source = "./modules/db"\n  name   = module.naming.id\n}',
        'module "legacy_db" {\n  source = "./modules/db"\n  name   = "legacy"\n  create = false\n}',
        'module "unused_db" {\n  source = "./modules/db"\n  count  = 0\n  name   = "unused"\n}',
      ].join('\n'),
      'infra/modules/db/variables.tf': 'variable "name" {\n  type = string\n}\nvariable "engine" {\n  default = "postgres"\n}\nvariable "create" {\n  default = true\n}\n',
      'infra/modules/db/main.tf': 'resource "aws_db_instance" "this" {\n  count      = var.create ? 1 : 0\n  identifier = var.name\n  engine     = var.engine\n}\n',
    });
    expect(summary(facts)).toEqual(['element:store:audit_db PostgreSQL', 'element:store:catalog PostgreSQL', 'element:store:orders-prod MySQL']);
    // The store's evidence is the resource and the module block that named it.
    expect(facts.find((fact) => fact.key === 'element:store:orders-prod')!.evidence).toEqual([
      { path: 'infra/main.tf', startLine: 4, endLine: 8 },
      { path: 'infra/modules/db/main.tf', startLine: 1, endLine: 5 },
    ]);
  });

  it('notes a registry module source and does not follow it', () => {
    const found = terraformExtractor.extract('infra/main.tf', 'module "vpc" {\n  source  = "terraform-aws-modules/vpc/aws"\n  version = "5.0.0"\n}\nresource "aws_vpc" "this" {}\nresource "aws_subnet" "a" {}\nresource "aws_subnet" "b" {}\n');
    expect(found.notes).toEqual(['resource kind aws_subnet is not mapped', 'resource kind aws_vpc is not mapped', 'module source terraform-aws-modules/vpc/aws is not followed: only modules in the repository are read']);
    expect(combineFacts([found])).toEqual([]);
  });

  it('notes a local module source with no .tf file and makes nothing of it', () => {
    const files = terraformFacts({ 'infra/main.tf': 'module "db" {\n  source = "./modules/missing"\n}\nresource "aws_sqs_queue" "q" { name = "q" }\n' });
    expect(combineFacts(files).map((fact) => fact.key)).toEqual(['channel:q']);
  });
});

describe('Terraform module fixture', () => {
  const files: Record<string, string> = {
    'terraform/main.tf': `module "orders" {
  source     = "./modules/service-store"
  name       = "orders"
  queue_name = "order-events"
}

module "payments" {
  source = "./modules/service-store"
  name   = "payments"
}

module "network" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "~> 5.0"
}

resource "aws_sns_topic" "placed" {
  name = "\${var.env}-order-placed"
}

resource "aws_sqs_queue" "billing" {
  name = "\${var.env}-billing"
}

resource "aws_sns_topic_subscription" "billing" {
  topic_arn = aws_sns_topic.placed.arn
  protocol  = "sqs"
  endpoint  = aws_sqs_queue.billing.arn
}
`,
    'terraform/variables.tf': 'variable "env" {\n  description = "Deployment stage"\n  default     = "prod"\n}\n',
    'terraform/modules/service-store/main.tf': `resource "aws_db_instance" "this" {
  identifier = "\${var.name}-db"
  engine     = "postgres"
}

resource "aws_sqs_queue" "this" {
  name = coalesce(var.queue_name, "\${var.name}-jobs")
}

resource "aws_iam_role" "reader" {
  name = "\${var.name}-reader"
}
`,
    'terraform/modules/service-store/variables.tf': 'variable "name" {\n  type = string\n}\n\nvariable "queue_name" {\n  type    = string\n  default = null\n}\n',
    'terraform/prod.tfvars': 'env = "prod"\n',
  };

  it('gives the stores, channels and binding of the root and its module instances', async () => {
    const result = await extractFiles(Object.entries(files).map(([path, text]) => ({ path, size: text.length, read: async () => Buffer.from(text) })));
    expect(result.skipped).toEqual([{ path: 'terraform/prod.tfvars', reason: 'secret' }]);
    expect(result.facts).toMatchSnapshot();
  });
});
