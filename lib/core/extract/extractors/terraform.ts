/**
 * Stores and channels from Terraform resources of AWS, Google Cloud and Azure
 * (terraform-blocks.ts reads the blocks). A file alone cannot name them (the
 * name may be a variable whose default sits in variables.tf, or an input of
 * the module block that calls the folder), so this extractor gives one
 * `terraform-block` hint per mapped resource, variable default, `locals`
 * block and local module call; terraform-modules.ts reads a whole module at
 * once and makes the drafts with `terraformResourceDrafts`. Resource kinds no
 * rule maps and module sources not followed are noted.
 */
import type { Evidence } from '../extracted-fact';
import { cleanName } from '../fact-keys';
import { noFileFacts, observedIn, type Extractor, type FactDraft, type FileFacts, type TerraformBlockHint } from '../file-facts';
import { folderOf } from '../repository-paths';
import { literalString, resourceReference, terraformBlocks, type TerraformBlock } from '../terraform-blocks';
import { stringValue, type TerraformValue } from '../terraform-values';

interface StoreResource {
  /** The technology; when `engineAttribute` names a known engine, the engine's wins. */
  technology?: string;
  engineAttribute?: string;
  /** Attributes that name the resource, first readable one wins. */
  nameAttributes: readonly string[];
}

export const terraformStores: Readonly<Record<string, StoreResource>> = Object.freeze({
  // AWS
  aws_s3_bucket: { technology: 'S3', nameAttributes: ['bucket'] },
  aws_db_instance: { engineAttribute: 'engine', nameAttributes: ['identifier', 'db_name'] },
  aws_rds_cluster: { engineAttribute: 'engine', nameAttributes: ['cluster_identifier', 'database_name'] },
  aws_dynamodb_table: { technology: 'DynamoDB', nameAttributes: ['name'] },
  aws_elasticache_cluster: { engineAttribute: 'engine', nameAttributes: ['cluster_id'] },
  aws_elasticache_replication_group: { technology: 'Redis', engineAttribute: 'engine', nameAttributes: ['replication_group_id'] },
  aws_elasticache_serverless_cache: { engineAttribute: 'engine', nameAttributes: ['name'] },
  aws_memorydb_cluster: { technology: 'Redis', engineAttribute: 'engine', nameAttributes: ['name'] },
  aws_mq_broker: { engineAttribute: 'engine_type', nameAttributes: ['broker_name'] },
  aws_msk_cluster: { technology: 'Kafka', nameAttributes: ['cluster_name'] },
  aws_msk_serverless_cluster: { technology: 'Kafka', nameAttributes: ['cluster_name'] },
  aws_docdb_cluster: { technology: 'DocumentDB', nameAttributes: ['cluster_identifier'] },
  aws_neptune_cluster: { technology: 'Neptune', nameAttributes: ['cluster_identifier'] },
  aws_redshift_cluster: { technology: 'Redshift', nameAttributes: ['cluster_identifier'] },
  aws_opensearch_domain: { technology: 'OpenSearch', nameAttributes: ['domain_name'] },
  aws_elasticsearch_domain: { technology: 'Elasticsearch', nameAttributes: ['domain_name'] },
  // Google Cloud
  google_sql_database_instance: { technology: 'Cloud SQL', engineAttribute: 'database_version', nameAttributes: ['name'] },
  google_alloydb_cluster: { technology: 'AlloyDB', nameAttributes: ['cluster_id'] },
  google_redis_instance: { technology: 'Redis', engineAttribute: 'redis_version', nameAttributes: ['name'] },
  google_memcache_instance: { technology: 'Memcached', nameAttributes: ['name'] },
  google_spanner_instance: { technology: 'Spanner', nameAttributes: ['name'] },
  google_bigtable_instance: { technology: 'Bigtable', nameAttributes: ['name'] },
  google_firestore_database: { technology: 'Firestore', nameAttributes: ['name'] },
  google_bigquery_dataset: { technology: 'BigQuery', nameAttributes: ['dataset_id'] },
  google_storage_bucket: { technology: 'Cloud Storage', nameAttributes: ['name'] },
  // Azure
  azurerm_mssql_server: { technology: 'SQL Server', nameAttributes: ['name'] },
  azurerm_mssql_database: { technology: 'SQL Server', nameAttributes: ['name'] },
  azurerm_postgresql_server: { technology: 'PostgreSQL', nameAttributes: ['name'] },
  azurerm_postgresql_flexible_server: { technology: 'PostgreSQL', nameAttributes: ['name'] },
  azurerm_mysql_server: { technology: 'MySQL', nameAttributes: ['name'] },
  azurerm_mysql_flexible_server: { technology: 'MySQL', nameAttributes: ['name'] },
  azurerm_mariadb_server: { technology: 'MariaDB', nameAttributes: ['name'] },
  azurerm_cosmosdb_account: { technology: 'Cosmos DB', nameAttributes: ['name'] },
  azurerm_redis_cache: { technology: 'Redis', nameAttributes: ['name'] },
  azurerm_storage_account: { technology: 'Azure Storage', nameAttributes: ['name'] },
  azurerm_servicebus_namespace: { technology: 'Azure Service Bus', nameAttributes: ['name'] },
  azurerm_eventhub_namespace: { technology: 'Azure Event Hubs', nameAttributes: ['name'] },
});

/** Engine names (lower case, by prefix; the first match wins) as technologies. */
export const terraformEngines: Readonly<Record<string, string>> = Object.freeze({
  'aurora-postgresql': 'PostgreSQL',
  postgres: 'PostgreSQL',
  'aurora-mysql': 'MySQL',
  aurora: 'MySQL',
  mysql: 'MySQL',
  mariadb: 'MariaDB',
  sqlserver: 'SQL Server',
  oracle: 'Oracle',
  db2: 'Db2',
  redis: 'Redis',
  valkey: 'Valkey',
  memcached: 'Memcached',
  rabbitmq: 'RabbitMQ',
  activemq: 'ActiveMQ',
});

interface ChannelResource {
  kind: 'queue' | 'topic';
  nameAttributes: readonly string[];
  /** The attribute referring to the topic it receives from (a Pub/Sub subscription's `topic`): a binding from that topic. */
  boundFrom?: string;
}

export const terraformChannels: Readonly<Record<string, ChannelResource>> = Object.freeze({
  aws_sqs_queue: { kind: 'queue', nameAttributes: ['name'] },
  aws_sns_topic: { kind: 'topic', nameAttributes: ['name'] },
  aws_kinesis_stream: { kind: 'topic', nameAttributes: ['name'] },
  google_pubsub_topic: { kind: 'topic', nameAttributes: ['name'] },
  google_pubsub_subscription: { kind: 'queue', nameAttributes: ['name'], boundFrom: 'topic' },
  azurerm_servicebus_queue: { kind: 'queue', nameAttributes: ['name'] },
  azurerm_servicebus_topic: { kind: 'topic', nameAttributes: ['name'] },
  azurerm_eventhub: { kind: 'topic', nameAttributes: ['name'] },
  azurerm_eventgrid_topic: { kind: 'topic', nameAttributes: ['name'] },
  azurerm_storage_queue: { kind: 'queue', nameAttributes: ['name'] },
});

/** Resources that bind a topic to a queue: the SNS subscription of an SQS queue. */
export const terraformBindings: Readonly<Record<string, { sourceAttribute: string; targetAttribute: string; protocol: string }>> = Object.freeze({
  aws_sns_topic_subscription: { sourceAttribute: 'topic_arn', targetAttribute: 'endpoint', protocol: 'sqs' },
});

/** Resource labels that say nothing of what the resource is: the module names it instead. */
export const terraformPlaceholderLabels: readonly string[] = Object.freeze(['this', 'main', 'default', 'primary', 'example']);

/** Meta-arguments of a module block: not inputs of the module. */
export const terraformModuleMetaArguments: readonly string[] = Object.freeze(['source', 'version', 'count', 'for_each', 'providers', 'depends_on']);

function isMapped(type: string): boolean {
  return Object.hasOwn(terraformStores, type) || Object.hasOwn(terraformChannels, type) || Object.hasOwn(terraformBindings, type);
}

/** A module source in this repository (`./modules/db`, `../shared`), as Terraform tells them apart. */
export function isLocalModuleSource(source: string): boolean {
  return source.startsWith('./') || source.startsWith('../') || source === '.' || source === '..';
}

/** One module instance as terraform-modules.ts gives it to the resources of the module. */
export interface TerraformInstance {
  /** The value of an expression of this module instance (its variables, locals and caller's inputs). */
  value(expression: string): TerraformValue;
  /** Names a resource whose name arguments cannot be read and whose label is a placeholder: the calling module block's name, else the folder's; null when none. */
  moduleName: string | null;
  /** Where the resource addresses of this instance are unique: the folder of a root module, the call path of a called one. */
  address: string;
  /** The module blocks that led to this instance, outermost first. */
  callEvidence: Evidence[];
}

function attribute(hint: TerraformBlockHint, name: string): string | undefined {
  return Object.hasOwn(hint.attributes, name) ? hint.attributes[name] : undefined;
}

function nameOf(hint: TerraformBlockHint, nameAttributes: readonly string[], instance: TerraformInstance): string | null {
  for (const name of nameAttributes) {
    const expression = attribute(hint, name);
    const value = expression === undefined ? null : cleanName(stringValue(instance.value(expression)));
    if (value !== null && !value.includes('${')) return value;
  }
  const label = hint.labels[1] ?? '';
  return terraformPlaceholderLabels.includes(label) ? (instance.moduleName ?? cleanName(label)) : cleanName(label);
}

function engineTechnology(engine: string | null): string | null {
  if (engine === null) return null;
  const lower = engine.toLowerCase();
  const prefix = Object.keys(terraformEngines).find((candidate) => lower.startsWith(candidate));
  return prefix === undefined ? null : terraformEngines[prefix]!;
}

/** `aws_sns_topic.orders.arn` → `aws_sns_topic.orders`; null when the value is not such a reference. */
function reference(expression: string | undefined): string | null {
  return expression === undefined ? null : resourceReference({ expression, line: 0 });
}

/** What one mapped resource makes in one module instance. */
export function terraformResourceDrafts(hint: TerraformBlockHint, instance: TerraformInstance): FactDraft[] {
  const [type = '', label = ''] = hint.labels;
  // `count = var.create ? 1 : 0` with `create = false`: the instance makes no such resource.
  const count = attribute(hint, 'count');
  if (count !== undefined && instance.value(count) === 0) return [];
  const truth = observedIn([...hint.evidence, ...instance.callEvidence]);
  if (Object.hasOwn(terraformStores, type)) {
    const store = terraformStores[type]!;
    const name = nameOf(hint, store.nameAttributes, instance);
    if (name === null) return [];
    const engine = store.engineAttribute === undefined ? undefined : attribute(hint, store.engineAttribute);
    const technology = (engine === undefined ? null : engineTechnology(stringValue(instance.value(engine)))) ?? store.technology ?? null;
    return [{ draft: 'element', ...truth, ref: { by: 'name', kind: 'store', name }, kind: 'store', origin: 'terraform', name, description: null, technology }];
  }
  if (Object.hasOwn(terraformChannels, type)) {
    const channel = terraformChannels[type]!;
    const name = nameOf(hint, channel.nameAttributes, instance);
    if (name === null) return [];
    const address = `${type}.${label}`;
    const drafts: FactDraft[] = [{ draft: 'channel', ...truth, name, kind: channel.kind, terraform: { folder: instance.address, address } }];
    const source = channel.boundFrom === undefined ? null : reference(attribute(hint, channel.boundFrom));
    if (source !== null) {
      drafts.push({ draft: 'binding', ...truth, source: { by: 'terraform', folder: instance.address, address: source }, target: { by: 'terraform', folder: instance.address, address }, routingKey: null });
    }
    return drafts;
  }
  if (Object.hasOwn(terraformBindings, type)) {
    const binding = terraformBindings[type]!;
    const protocol = attribute(hint, 'protocol');
    const source = reference(attribute(hint, binding.sourceAttribute));
    const target = reference(attribute(hint, binding.targetAttribute));
    if (protocol === undefined || stringValue(instance.value(protocol)) !== binding.protocol || source === null || target === null) return [];
    return [{ draft: 'binding', ...truth, source: { by: 'terraform', folder: instance.address, address: source }, target: { by: 'terraform', folder: instance.address, address: target }, routingKey: null }];
  }
  return [];
}

function blockHint(folder: string, path: string, block: TerraformBlock, kind: TerraformBlockHint['block'], attributes: readonly string[] | null): TerraformBlockHint {
  const kept = [...block.attributes].filter(([name]) => attributes === null || attributes.includes(name));
  return {
    hint: 'terraform-block',
    folder,
    block: kind,
    labels: block.labels,
    attributes: Object.fromEntries(kept.map(([name, value]) => [name, value.expression])),
    evidence: [{ path, startLine: block.startLine, endLine: block.endLine }],
  };
}

function extract(path: string, text: string): FileFacts {
  if (!/\b(?:resource|variable|locals|module)\b/.test(text)) return noFileFacts;
  const folder = folderOf(path);
  const hints: TerraformBlockHint[] = [];
  const unmapped = new Set<string>();
  const notFollowed = new Set<string>();
  for (const block of terraformBlocks(text)) {
    if (block.block === 'resource' && block.labels.length === 2) {
      if (isMapped(block.labels[0]!)) hints.push(blockHint(folder, path, block, 'resource', null));
      else unmapped.add(block.labels[0]!);
    } else if (block.block === 'variable' && block.labels.length === 1 && block.attributes.has('default')) {
      hints.push(blockHint(folder, path, block, 'variable', ['default']));
    } else if (block.block === 'locals' && block.labels.length === 0) {
      hints.push(blockHint(folder, path, block, 'locals', null));
    } else if (block.block === 'module' && block.labels.length === 1) {
      const source = literalString(block.attributes.get('source'));
      if (source !== null && isLocalModuleSource(source)) hints.push(blockHint(folder, path, block, 'module', null));
      else notFollowed.add(source ?? block.attributes.get('source')?.expression ?? '(none)');
    }
  }
  const notes = [
    ...[...unmapped].sort().map((type) => `resource kind ${type} is not mapped`),
    ...[...notFollowed].sort().map((source) => `module source ${source} is not followed: only modules in the repository are read`),
  ];
  if (hints.length === 0 && notes.length === 0) return noFileFacts;
  return notes.length === 0 ? { facts: [], hints } : { facts: [], hints, notes };
}

export const terraformExtractor: Extractor = {
  name: 'terraform',
  version: 2,
  mayRead: (path) => /\.tf$/i.test(path),
  extract,
  tables: { terraformStores, terraformEngines, terraformChannels, terraformBindings, terraformPlaceholderLabels, terraformModuleMetaArguments },
};
