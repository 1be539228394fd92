/**
 * Stores and channels from Terraform resources (terraform-blocks.ts reads
 * the blocks): buckets, databases, caches, brokers and tables are store
 * elements; SQS queues and SNS topics are channels; an SNS subscription of an
 * SQS queue binds the topic to the queue. A store or channel is named by its
 * literal name attribute, else by the resource label.
 */
import type { Evidence } from '../extracted-fact';
import { cleanName } from '../fact-keys';
import { noFileFacts, observedIn, type Extractor, type FileFacts } from '../file-facts';
import { folderOf } from '../repository-paths';
import { literalString, resourceReference, terraformResources, type TerraformResource } from '../terraform-blocks';

interface StoreResource {
  /** The technology, or the attribute naming the engine. */
  technology?: string;
  engineAttribute?: string;
  /** Attributes that name the resource, first literal one wins. */
  nameAttributes: readonly string[];
}

export const terraformStores: Readonly<Record<string, StoreResource>> = Object.freeze({
  aws_s3_bucket: { technology: 'S3', nameAttributes: ['bucket'] },
  aws_db_instance: { engineAttribute: 'engine', nameAttributes: ['identifier', 'db_name'] },
  aws_rds_cluster: { engineAttribute: 'engine', nameAttributes: ['cluster_identifier', 'database_name'] },
  aws_elasticache_cluster: { engineAttribute: 'engine', nameAttributes: ['cluster_id'] },
  aws_elasticache_replication_group: { technology: 'Redis', nameAttributes: ['replication_group_id'] },
  aws_mq_broker: { engineAttribute: 'engine_type', nameAttributes: ['broker_name'] },
  aws_msk_cluster: { technology: 'Kafka', nameAttributes: ['cluster_name'] },
  aws_dynamodb_table: { technology: 'DynamoDB', nameAttributes: ['name'] },
  aws_docdb_cluster: { technology: 'DocumentDB', nameAttributes: ['cluster_identifier'] },
});

/** Engine names (lower case, by prefix) as technologies. */
export const terraformEngines: Readonly<Record<string, string>> = Object.freeze({
  'aurora-postgresql': 'PostgreSQL',
  postgres: 'PostgreSQL',
  'aurora-mysql': 'MySQL',
  aurora: 'MySQL',
  mysql: 'MySQL',
  mariadb: 'MariaDB',
  sqlserver: 'SQL Server',
  oracle: 'Oracle',
  redis: 'Redis',
  valkey: 'Valkey',
  memcached: 'Memcached',
  rabbitmq: 'RabbitMQ',
  activemq: 'ActiveMQ',
});

export const terraformChannels: Readonly<Record<string, 'queue' | 'topic'>> = Object.freeze({ aws_sqs_queue: 'queue', aws_sns_topic: 'topic' });

function nameOf(resource: TerraformResource, attributes: readonly string[]): string | null {
  for (const attribute of attributes) {
    const literal = cleanName(literalString(resource.attributes.get(attribute)));
    if (literal !== null) return literal;
  }
  return cleanName(resource.label);
}

function engineTechnology(engine: string | null): string | null {
  if (engine === null) return null;
  const lower = engine.toLowerCase();
  const prefix = Object.keys(terraformEngines).find((candidate) => lower.startsWith(candidate));
  return prefix === undefined ? null : terraformEngines[prefix]!;
}

function extract(path: string, text: string): FileFacts {
  if (!text.includes('resource')) return noFileFacts;
  const folder = folderOf(path);
  const facts: FileFacts = { facts: [], hints: [] };
  for (const resource of terraformResources(text)) {
    const evidence: Evidence[] = [{ path, startLine: resource.startLine, endLine: resource.endLine }];
    const store = Object.hasOwn(terraformStores, resource.type) ? terraformStores[resource.type]! : undefined;
    if (store !== undefined) {
      const name = nameOf(resource, store.nameAttributes);
      if (name === null) continue;
      const technology = store.technology ?? engineTechnology(literalString(resource.attributes.get(store.engineAttribute ?? '')));
      facts.facts.push({ draft: 'element', ...observedIn(evidence), ref: { by: 'name', kind: 'store', name }, kind: 'store', origin: 'terraform', name, description: null, technology });
      continue;
    }
    const channelKind = Object.hasOwn(terraformChannels, resource.type) ? terraformChannels[resource.type]! : undefined;
    if (channelKind !== undefined) {
      const name = nameOf(resource, ['name']);
      if (name === null) continue;
      facts.facts.push({ draft: 'channel', ...observedIn(evidence), name, kind: channelKind, terraform: { folder, address: `${resource.type}.${resource.label}` } });
      continue;
    }
    if (resource.type === 'aws_sns_topic_subscription' && literalString(resource.attributes.get('protocol')) === 'sqs') {
      const topic = resourceReference(resource.attributes.get('topic_arn'));
      const queue = resourceReference(resource.attributes.get('endpoint'));
      if (topic?.startsWith('aws_sns_topic.') && queue?.startsWith('aws_sqs_queue.')) {
        facts.facts.push({
          draft: 'binding',
          ...observedIn(evidence),
          source: { by: 'terraform', folder, address: topic },
          target: { by: 'terraform', folder, address: queue },
          routingKey: null,
        });
      }
    }
  }
  return facts.facts.length === 0 ? noFileFacts : facts;
}

export const terraformExtractor: Extractor = {
  name: 'terraform',
  version: 1,
  mayRead: (path) => /\.tf$/i.test(path),
  extract,
  tables: { terraformStores, terraformEngines, terraformChannels },
};
