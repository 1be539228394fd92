/**
 * Names of technologies as the scans write them: container images of stores
 * and brokers, runtime images, application frameworks by package, and the
 * protocol of a connection URL. Data only; hashed into the rules version.
 */

/** Stores and brokers by image repository (registry and tag left out). */
export const storeImages: Readonly<Record<string, string>> = Object.freeze({
  postgres: 'PostgreSQL',
  postgresql: 'PostgreSQL',
  'bitnami/postgresql': 'PostgreSQL',
  'postgis/postgis': 'PostgreSQL',
  'timescale/timescaledb': 'PostgreSQL',
  'timescale/timescaledb-ha': 'PostgreSQL',
  mysql: 'MySQL',
  'mysql/mysql-server': 'MySQL',
  'bitnami/mysql': 'MySQL',
  percona: 'MySQL',
  mariadb: 'MariaDB',
  'bitnami/mariadb': 'MariaDB',
  redis: 'Redis',
  'bitnami/redis': 'Redis',
  'redis/redis-stack': 'Redis',
  'redis/redis-stack-server': 'Redis',
  'valkey/valkey': 'Valkey',
  valkey: 'Valkey',
  'bitnami/valkey': 'Valkey',
  'dragonflydb/dragonfly': 'Dragonfly',
  keydb: 'KeyDB',
  'eqalpha/keydb': 'KeyDB',
  'azure-sql-edge': 'SQL Server',
  'azure-storage/azurite': 'Azure Storage',
  couchdb: 'CouchDB',
  couchbase: 'Couchbase',
  neo4j: 'Neo4j',
  'clickhouse/clickhouse-server': 'ClickHouse',
  'clickhouse-server': 'ClickHouse',
  influxdb: 'InfluxDB',
  'scylladb/scylla': 'ScyllaDB',
  'cockroachdb/cockroach': 'CockroachDB',
  'eventstore/eventstore': 'EventStoreDB',
  'apache/pulsar': 'Pulsar',
  'eclipse-mosquitto': 'MQTT',
  'emqx/emqx': 'MQTT',
  emqx: 'MQTT',
  'nats-streaming': 'NATS',
  'apache/cassandra': 'Cassandra',
  'bitnami/cassandra': 'Cassandra',
  'bitnami/memcached': 'Memcached',
  opensearch: 'OpenSearch',
  'bitnami/opensearch': 'OpenSearch',
  'apache/activemq': 'ActiveMQ',
  'rmohr/activemq': 'ActiveMQ',
  'webcenter/activemq': 'ActiveMQ',
  'bitnami/etcd': 'etcd',
  etcd: 'etcd',
  'gvenzl/oracle-xe': 'Oracle',
  'gvenzl/oracle-free': 'Oracle',
  mongo: 'MongoDB',
  mongodb: 'MongoDB',
  'bitnami/mongodb': 'MongoDB',
  'mongodb/mongodb-community-server': 'MongoDB',
  rabbitmq: 'RabbitMQ',
  'bitnami/rabbitmq': 'RabbitMQ',
  kafka: 'Kafka',
  'bitnami/kafka': 'Kafka',
  'apache/kafka': 'Kafka',
  'apache/kafka-native': 'Kafka',
  'confluentinc/cp-kafka': 'Kafka',
  'confluentinc/cp-server': 'Kafka',
  'wurstmeister/kafka': 'Kafka',
  'redpandadata/redpanda': 'Redpanda',
  'vectorized/redpanda': 'Redpanda',
  nats: 'NATS',
  'apache/activemq-classic': 'ActiveMQ',
  'apache/activemq-artemis': 'ActiveMQ',
  memcached: 'Memcached',
  cassandra: 'Cassandra',
  elasticsearch: 'Elasticsearch',
  'elasticsearch/elasticsearch': 'Elasticsearch',
  'bitnami/elasticsearch': 'Elasticsearch',
  'opensearchproject/opensearch': 'OpenSearch',
  'mssql/server': 'SQL Server',
  'minio/minio': 'MinIO',
  'bitnami/minio': 'MinIO',
  'amazon/dynamodb-local': 'DynamoDB',
  'localstack/localstack': 'LocalStack',
});

/**
 * Variables the official images of stores read at first start: a container set up with them
 * runs that store whatever its image is called (`acme/catalogue-db` with `MYSQL_DATABASE`).
 */
export const storeSetupVariables: Readonly<Record<string, string>> = Object.freeze({
  // Only the server's own first-start variables: an app's client settings (`POSTGRES_DB`) are not among them.
  MYSQL_ROOT_PASSWORD: 'MySQL',
  MYSQL_ALLOW_EMPTY_PASSWORD: 'MySQL',
  MYSQL_RANDOM_ROOT_PASSWORD: 'MySQL',
  MARIADB_ROOT_PASSWORD: 'MariaDB',
  MARIADB_ALLOW_EMPTY_ROOT_PASSWORD: 'MariaDB',
  POSTGRES_HOST_AUTH_METHOD: 'PostgreSQL',
  POSTGRES_INITDB_ARGS: 'PostgreSQL',
  MONGO_INITDB_ROOT_USERNAME: 'MongoDB',
  MONGO_INITDB_ROOT_PASSWORD: 'MongoDB',
  RABBITMQ_DEFAULT_USER: 'RabbitMQ',
  MSSQL_SA_PASSWORD: 'SQL Server',
})

/** The store a container's setup variables say it runs, or null. */
export function storeTechnologyOfSetup(variables: readonly string[]): string | null {
  for (const variable of variables) if (Object.hasOwn(storeSetupVariables, variable)) return storeSetupVariables[variable]!;
  return null;
}

/** LocalStack's `SERVICES` entries that are stores or brokers, as technologies. */
export const localstackServices: Readonly<Record<string, string>> = Object.freeze({
  s3: 'S3',
  sqs: 'SQS',
  sns: 'SNS',
  dynamodb: 'DynamoDB',
  kinesis: 'Kinesis',
});

/** Helper images of a development setup: neither an app nor a store. */
export const toolingImages: readonly string[] = Object.freeze([
  'zookeeper',
  'bitnami/zookeeper',
  'confluentinc/cp-zookeeper',
  'adminer',
  'dpage/pgadmin4',
  'mailhog/mailhog',
  'axllent/mailpit',
  'provectuslabs/kafka-ui',
  'rediscommander/redis-commander',
  'mongo-express',
  'phpmyadmin',
  'phpmyadmin/phpmyadmin',
  'redis/redisinsight',
  'jaegertracing/all-in-one',
  'otel/opentelemetry-collector',
  'otel/opentelemetry-collector-contrib',
  'prom/prometheus',
  'prom/alertmanager',
  'prom/node-exporter',
  'grafana/grafana',
  'kibana',
  'kibana/kibana',
  'elastic/kibana',
  'datalust/seq',
  'openzipkin/zipkin',
  'jaegertracing/jaeger',
  'portainer/portainer',
  'portainer/portainer-ce',
  'traefik/whoami',
]);

/**
 * Runtimes by the last part of an image repository; a name also matches with
 * a version after it (`nodejs20-debian12`, `python3`, `java17`), but not with
 * another word (`node-exporter` is no Node.js app).
 */
export const runtimeImages: Readonly<Record<string, string>> = Object.freeze({
  node: 'Node.js',
  nodejs: 'Node.js',
  bun: 'Bun',
  deno: 'Deno',
  python: 'Python',
  pypy: 'Python',
  golang: 'Go',
  openjdk: 'Java',
  'eclipse-temurin': 'Java',
  amazoncorretto: 'Java',
  'ibm-semeru-runtimes': 'Java',
  java: 'Java',
  maven: 'Java',
  gradle: 'Java',
  aspnet: '.NET',
  runtime: '.NET',
  sdk: '.NET',
  ruby: 'Ruby',
  php: 'PHP',
  rust: 'Rust',
  elixir: 'Elixir',
  erlang: 'Erlang',
  nginx: 'nginx',
});

/** Runtime names that only count inside one namespace (`dotnet/aspnet`, not any `runtime`). */
export const runtimeImageNamespaces: Readonly<Record<string, string>> = Object.freeze({ aspnet: 'dotnet', runtime: 'dotnet', sdk: 'dotnet' });

/** Web and service frameworks by package name, per ecosystem. */
export const frameworks = Object.freeze({
  npm: Object.freeze({
    express: 'Express',
    fastify: 'Fastify',
    koa: 'Koa',
    '@nestjs/core': 'NestJS',
    '@hapi/hapi': 'hapi',
    hono: 'Hono',
    next: 'Next.js',
    nuxt: 'Nuxt',
    '@remix-run/node': 'Remix',
  } as Record<string, string>),
  python: Object.freeze({
    fastapi: 'FastAPI',
    flask: 'Flask',
    django: 'Django',
    starlette: 'Starlette',
    aiohttp: 'aiohttp',
    tornado: 'Tornado',
    falcon: 'Falcon',
    sanic: 'Sanic',
  } as Record<string, string>),
  go: Object.freeze({
    'github.com/gin-gonic/gin': 'Gin',
    'github.com/labstack/echo': 'Echo',
    'github.com/labstack/echo/v4': 'Echo',
    'github.com/gofiber/fiber': 'Fiber',
    'github.com/gofiber/fiber/v2': 'Fiber',
    'github.com/go-chi/chi': 'chi',
    'github.com/go-chi/chi/v5': 'chi',
    'github.com/gorilla/mux': 'Gorilla',
  } as Record<string, string>),
  /** Maven artifactId prefixes. */
  maven: Object.freeze({ 'spring-boot': 'Spring Boot', quarkus: 'Quarkus', micronaut: 'Micronaut', 'dropwizard-core': 'Dropwizard' } as Record<string, string>),
  /** The SDK attribute of a .csproj `<Project>`. */
  dotnetSdk: Object.freeze({ 'microsoft.net.sdk.web': 'ASP.NET Core', 'microsoft.net.sdk.worker': 'Worker Service' } as Record<string, string>),
});

/** Protocol of a connection, by URL scheme: the relationship's technology. */
export const schemeProtocols: Readonly<Record<string, string>> = Object.freeze({
  postgres: 'SQL',
  postgresql: 'SQL',
  mysql: 'SQL',
  mariadb: 'SQL',
  sqlserver: 'SQL',
  mongodb: 'MongoDB wire protocol',
  'mongodb+srv': 'MongoDB wire protocol',
  redis: 'RESP',
  rediss: 'RESP',
  amqp: 'AMQP',
  amqps: 'AMQP',
  kafka: 'Kafka protocol',
  nats: 'NATS',
  http: 'HTTP',
  https: 'HTTPS',
  grpc: 'gRPC',
  grpcs: 'gRPC',
  // Spring Cloud LoadBalancer: `lb://customers-service` is HTTP to a service by its registered name.
  lb: 'HTTP',
  fastcgi: 'FastCGI',
  uwsgi: 'uwsgi',
  s3: 'S3 API',
});

/** The repository of an image reference: registry, tag and digest left out, `library/` dropped, lower case (`docker.io/library/postgres:16` → `postgres`). */
export function imageRepository(image: string): string {
  let reference = image.trim().toLowerCase();
  const at = reference.indexOf('@');
  if (at >= 0) reference = reference.slice(0, at);
  const lastSlash = reference.lastIndexOf('/');
  const colon = reference.indexOf(':', lastSlash + 1);
  if (colon >= 0) reference = reference.slice(0, colon);
  const parts = reference.split('/').filter((part) => part !== '');
  // A first part with a dot or a port, or `localhost`, is a registry.
  if (parts.length > 1 && (/[.:]/.test(parts[0]!) || parts[0] === 'localhost')) parts.shift();
  if (parts[0] === 'library' && parts.length > 1) parts.shift();
  return parts.join('/');
}

/** The store or broker technology of an image, or null: the full repository first, then its last part alone. */
export function storeTechnologyOfImage(image: string): string | null {
  const repository = imageRepository(image);
  const last = repository.slice(repository.lastIndexOf('/') + 1);
  if (Object.hasOwn(storeImages, repository)) return storeImages[repository]!;
  return Object.hasOwn(storeImages, last) ? storeImages[last]! : null;
}

export function isToolingImage(image: string): boolean {
  return toolingImages.includes(imageRepository(image));
}

/** The runtime technology of an image (`node:20-alpine` → Node.js), or null. */
export function runtimeTechnologyOfImage(image: string): string | null {
  const parts = imageRepository(image).split('/');
  const last = parts.at(-1) ?? '';
  for (const [name, technology] of Object.entries(runtimeImages)) {
    if (last !== name && !(last.startsWith(name) && /^\d[\w.-]*$/.test(last.slice(name.length)))) continue;
    const namespace = runtimeImageNamespaces[name];
    if (namespace !== undefined && parts.at(-2) !== namespace) continue;
    return technology;
  }
  return null;
}

/** `Node.js, Express`: a runtime with the framework it runs, when one is known. */
export function withFramework(runtime: string, framework: string | null): string {
  return framework === null ? runtime : `${runtime}, ${framework}`;
}
