import { describe, expect, it } from 'vitest';
import type { FileFacts, SettingHint } from '../file-facts';
import { parseJavaProperties } from '../java-properties';
import { connectionsOfSetting } from '../resolve-settings';
import { dotnetAppSettingsExtractor, withoutJsonComments } from './dotnet-appsettings';
import { configuredServiceOf, springConfigExtractor } from './spring-config';

function settings(found: FileFacts): SettingHint[] {
  return found.hints.filter((hint): hint is SettingHint => hint.hint === 'setting');
}

/** What each setting reaches once resolved, as `variable → host (scheme) @lines`; `known` are the deployed hosts. */
function resolved(found: FileFacts, known: readonly string[] = []): string[] {
  return settings(found).flatMap((setting) =>
    connectionsOfSetting(setting, new Map(), (host) => known.includes(host)).map((hint) => `${hint.variable} → ${hint.host} (${hint.scheme}) @${hint.evidence.map((e) => `${e.startLine}-${e.endLine}`).join(',')}`),
  );
}

describe('java properties', () => {
  it('reads the separators, comments, continuations and escapes Properties.load reads', () => {
    const text = '# comment\n! also\na=1\nb : two words \nc three\nd.e\\=f=x\\\n   y\nurl=http\\://h\\u0041\n';
    expect(parseJavaProperties(text)).toEqual([
      { key: 'a', value: '1', startLine: 3, endLine: 3 },
      { key: 'b', value: 'two words ', startLine: 4, endLine: 4 },
      { key: 'c', value: 'three', startLine: 5, endLine: 5 },
      { key: 'd.e=f', value: 'xy', startLine: 6, endLine: 7 },
      { key: 'url', value: 'http://hA', startLine: 8, endLine: 8 },
    ]);
  });
});

describe('spring-config', () => {
  const path = 'customers-service/src/main/resources/application.yml';

  it('reads application and bootstrap files of a service, never test resources', () => {
    expect(['a/src/main/resources/application.yml', 'a/application-docker.yaml', 'a/bootstrap.properties', 'a/config/application-prod.properties'].map(springConfigExtractor.mayRead)).toEqual([true, true, true, true]);
    expect(['a/src/test/resources/application.yml', 'a/app.yml', 'a/applications.yml', 'config-repo/application.yml'].map(springConfigExtractor.mayRead)).toEqual([false, false, false, false]);
  });

  it('makes every property naming a host a setting, in every profile document, and resolves Spring defaults', () => {
    const text = [
      'spring:', // 1
      '  application:', // 2
      '    name: customers-service', // 3
      '  config:', // 4
      '    import: optional:configserver:${CONFIG_SERVER_URL:http://config-server:8888/}', // 5
      '  datasource:', // 6
      '    url: jdbc:mysql://mysql-server:3306/petclinic', // 7
      '    username: root', // 8
      '    password: petclinic', // 9
      'eureka:', // 10
      '  client:', // 11
      '    serviceUrl:', // 12
      '      defaultZone: http://discovery-server:8761/eureka/', // 13
      '---', // 14
      'spring:', // 15
      '  config.activate.on-profile: docker', // 16
      '  redis.host: redis', // 17
      '  kafka:', // 18
      '    bootstrap-servers: kafka-1:9092,kafka-2:9092', // 19
      '  rabbitmq.addresses: amqp://guest:guest@rabbitmq:5672', // 20
      'management.zipkin.tracing.endpoint: http://tracing-server:9411/api/v2/spans', // 21
      'server.port: 8081', // 22
    ].join('\n');
    const found = springConfigExtractor.extract(path, text);
    expect(found.facts).toEqual([]);
    expect(settings(found)[0]).toMatchObject({ from: { by: 'enclosing', folder: 'customers-service/src/main/resources' }, envFolder: null });
    expect(resolved(found)).toEqual([
      'spring.config.import → config-server (http) @5-5',
      'spring.datasource.url → mysql-server (mysql) @7-7',
      'eureka.client.serviceUrl.defaultZone → discovery-server (http) @13-13',
      'spring.redis.host → redis (null) @17-17',
      'spring.kafka.bootstrap-servers → kafka-1 (null) @19-19',
      'spring.kafka.bootstrap-servers → kafka-2 (null) @19-19',
      'spring.rabbitmq.addresses → rabbitmq (amqp) @20-20',
      'management.zipkin.tracing.endpoint → tracing-server (http) @21-21',
    ]);
    // Only the hosts leave: no password, no user.
    expect(JSON.stringify(resolved(found))).not.toMatch(/guest|petclinic|root/);
  });

  it('reads gateway routes by their registered service names, and a property placeholder from the same file', () => {
    const text = [
      'spring:', // 1
      '  cloud:', // 2
      '    gateway:', // 3
      '      routes:', // 4
      '        - id: vets', // 5
      '          uri: lb://vets-service', // 6
      '        - id: web', // 7
      '          uri: http://web:8080', // 8
      'discovery:', // 9
      '  host: discovery', // 10
      'eureka.client.service-url.default-zone: http://${discovery.host}:8761/eureka/', // 11
    ].join('\n');
    expect(resolved(springConfigExtractor.extract('api-gateway/src/main/resources/application.yml', text))).toEqual([
      'spring.cloud.gateway.routes[0].uri → vets-service (lb) @6-6',
      'spring.cloud.gateway.routes[1].uri → web (http) @8-8',
      'discovery.host → discovery (null) @10-10',
      'eureka.client.service-url.default-zone → discovery (http) @11-11,10-10',
    ]);
  });

  it('reads .properties files', () => {
    const text = 'spring.datasource.url=jdbc:postgresql://${DB_HOST:orders-db}:5432/orders\nspring.datasource.password=secret\nspring.data.mongodb.uri=mongodb://mongo:27017/x\n';
    expect(resolved(springConfigExtractor.extract('orders/src/main/resources/application-docker.properties', text))).toEqual([
      'spring.datasource.url → orders-db (postgresql) @1-1',
      'spring.data.mongodb.uri → mongo (mongodb) @3-3',
    ]);
  });

  it('names the service a config-repository file configures, profile dropped, only for plausible service names', () => {
    expect(configuredServiceOf('config-repo/customers-service.yml')).toBe('customers-service');
    expect(configuredServiceOf('config-repo/customers-service-docker.yml')).toBe('customers-service');
    expect(configuredServiceOf('infra/config/api-gateway.properties')).toBe('api-gateway');
    expect(configuredServiceOf('config-repo/logback.yml')).toBeNull();
    expect(configuredServiceOf('config-repo/Customers Service.yml')).toBeNull();
    expect(configuredServiceOf('services/customers-service.yml')).toBeNull();
    const found = springConfigExtractor.extract('config-repo/visits-service-docker.yml', 'spring:\n  datasource:\n    url: jdbc:mysql://mysql-server/petclinic\n');
    expect(settings(found).map((setting) => setting.from)).toEqual([{ by: 'name', kind: 'app', name: 'visits-service' }]);
    // A file in a config folder that is not Spring configuration (a Rails database.yml) gives nothing.
    expect(springConfigExtractor.extract('config/database.yml', 'production:\n  url: postgres://db/x\n')).toMatchObject({ hints: [] });
  });

  it('gives nothing for garbage or a property that names no host', () => {
    expect(springConfigExtractor.extract(path, 'spring: [unclosed\n')).toMatchObject({ hints: [] });
    expect(springConfigExtractor.extract(path, 'spring:\n  jpa:\n    database: mysql\nlogging.level.root: INFO\n')).toMatchObject({ hints: [] });
  });
});

describe('dotnet-appsettings', () => {
  const path = 'src/Ordering.API/appsettings.json';

  it('reads appsettings files by name', () => {
    expect(['a/appsettings.json', 'a/appsettings.Development.json', 'a/appsettings.Docker.Local.json'].map(dotnetAppSettingsExtractor.mayRead)).toEqual([true, true, true]);
    expect(['a/appsettings.yaml', 'a/launchSettings.json', 'a/settings.json'].map(dotnetAppSettingsExtractor.mayRead)).toEqual([false, false, false]);
  });

  it('blanks comments and trailing commas but not the text of strings, keeping lines', () => {
    expect(withoutJsonComments('{\n  "a": "http://x", // note\n  /* b */ "c": [1,],\n}')).toBe('{\n  "a": "http://x",        \n          "c": [1 ] \n}');
  });

  it('makes connection strings, URLs and connecting members settings keyed as .NET names them', () => {
    const text = [
      '{', // 1
      '  // The database of the service', // 2
      '  "ConnectionStrings": {', // 3
      '    "OrderingDb": "Server=sqldata;Database=Ordering;User Id=sa;Password=Pass@word",', // 4
      '    "Redis": "basket-data:6379,abortConnect=false",', // 5
      '  },', // 6
      '  "Urls": { "Basket": "http://basket-api", "Identity": "http://localhost:5105" },', // 7
      '  "EventBusConnection": "rabbitmq",', // 8
      '  "RabbitMQ": { "HostName": "rabbitmq-2" },', // 9
      '  "Logging": { "LogLevel": { "Default": "Information" } },', // 10
      '  "AllowedHosts": "*",', // 11
      '}', // 12
    ].join('\n');
    const found = dotnetAppSettingsExtractor.extract(path, text);
    expect(settings(found).map((setting) => setting.variable)).toEqual(['ConnectionStrings:OrderingDb', 'ConnectionStrings:Redis', 'Urls:Basket', 'Urls:Identity', 'EventBusConnection', 'RabbitMQ:HostName']);
    expect(settings(found)[0]).toMatchObject({ from: { by: 'enclosing', folder: 'src/Ordering.API' }, envFolder: null });
    expect(resolved(found, ['rabbitmq'])).toEqual([
      'ConnectionStrings:OrderingDb → sqldata (null) @4-4',
      'ConnectionStrings:Redis → basket-data (redis) @5-5',
      'Urls:Basket → basket-api (http) @7-7',
      'EventBusConnection → rabbitmq (null) @8-8',
      'RabbitMQ:HostName → rabbitmq-2 (null) @9-9',
    ]);
    expect(JSON.stringify(resolved(found, ['rabbitmq']))).not.toContain('Pass@word');
  });

  it('gives nothing for garbage or settings that name no host', () => {
    expect(dotnetAppSettingsExtractor.extract(path, '{ "a": ')).toMatchObject({ hints: [] });
    expect(dotnetAppSettingsExtractor.extract(path, '{ "Logging": { "LogLevel": { "Default": "Warning" } } }')).toMatchObject({ hints: [] });
  });
});
