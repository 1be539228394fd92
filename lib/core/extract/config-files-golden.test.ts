import { describe, expect, it } from 'vitest';
import { extractFiles } from './extract-files';
import type { ExtractedFact } from './extracted-fact';

/**
 * Whole scans of two small systems whose calls only their configuration
 * files state (Spring Boot `application.yml`, nginx upstreams), written as a
 * person reading the repository would describe them: one element per compose
 * service, and the calls between them.
 */

async function scan(files: Record<string, string>): Promise<ExtractedFact[]> {
  const entries = Object.entries(files).map(([path, text]) => ({ path, size: Buffer.byteLength(text), read: async () => Buffer.from(text) }));
  return (await extractFiles(entries, { rootAppName: 'system' })).facts;
}

function summary(facts: readonly ExtractedFact[]): { elements: string[]; relationships: string[] } {
  return {
    elements: facts.filter((fact) => fact.entityKind === 'element').map((fact) => `${fact.key} (${fact.technology})`),
    relationships: facts.flatMap((fact) => (fact.entityKind === 'relationship' ? [`${fact.fromKey.replace('element:', '')} → ${fact.toKey.replace('element:', '')}: ${fact.label} [${fact.technology}]`] : [])),
  };
}

function springModule(artifactId: string): string {
  return `<project>\n  <parent><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-parent</artifactId></parent>\n  <artifactId>${artifactId}</artifactId>\n  <dependencies><dependency><artifactId>spring-boot-starter-web</artifactId></dependency></dependencies>\n</project>\n`;
}

const javaDockerfile = 'FROM eclipse-temurin:21-jre\nCOPY target/*.jar app.jar\nENTRYPOINT ["java", "-jar", "/app.jar"]\n';

const clientConfig = (name: string, extra: string) =>
  `spring:\n  application:\n    name: ${name}\n  config:\n    import: optional:configserver:\${CONFIG_SERVER_URL:http://config-server:8888/}\n${extra}eureka:\n  client:\n    serviceUrl:\n      defaultZone: http://discovery-server:8761/eureka/\n`;

const datasource = '  datasource:\n    url: jdbc:mysql://${MYSQL_HOST:mysql-server}:3306/petclinic\n    username: root\n    password: FAKE-petclinic-password\n';

const springSystem: Record<string, string> = {
  'pom.xml': '<project>\n  <artifactId>petclinic-microservices</artifactId>\n  <packaging>pom</packaging>\n</project>\n',
  'docker-compose.yml': [
    'services:',
    '  config-server:',
    '    build: ./config-server',
    '  discovery-server:',
    '    build: ./discovery-server',
    '    depends_on: [config-server]',
    '  customers-service:',
    '    build: ./customers-service',
    '    depends_on: [config-server, discovery-server, mysql-server]',
    '  vets-service:',
    '    build: ./vets-service',
    '    depends_on: [config-server, discovery-server, mysql-server]',
    '  api-gateway:',
    '    build: ./api-gateway',
    '    ports: ["8080:8080"]',
    '    depends_on: [config-server, discovery-server]',
    '  mysql-server:',
    '    image: mysql:8.4',
    '',
  ].join('\n'),
  'config-server/pom.xml': springModule('spring-petclinic-config-server'),
  'config-server/Dockerfile': javaDockerfile,
  'config-server/src/main/resources/application.yml': 'server.port: 8888\nspring:\n  cloud:\n    config:\n      server:\n        git:\n          uri: https://github.com/example/petclinic-config\n',
  'discovery-server/pom.xml': springModule('spring-petclinic-discovery-server'),
  'discovery-server/Dockerfile': javaDockerfile,
  'discovery-server/src/main/resources/application.yml': 'spring:\n  application:\n    name: discovery-server\n  config:\n    import: optional:configserver:http://config-server:8888\neureka:\n  client:\n    register-with-eureka: false\n',
  'customers-service/pom.xml': springModule('spring-petclinic-customers-service'),
  'customers-service/Dockerfile': javaDockerfile,
  'customers-service/src/main/resources/application.yml': clientConfig('customers-service', datasource),
  'vets-service/pom.xml': springModule('spring-petclinic-vets-service'),
  'vets-service/Dockerfile': javaDockerfile,
  'vets-service/src/main/resources/application.yml': clientConfig('vets-service', datasource),
  'api-gateway/pom.xml': springModule('spring-petclinic-api-gateway'),
  'api-gateway/Dockerfile': javaDockerfile,
  'api-gateway/src/main/resources/application.yml': clientConfig(
    'api-gateway',
    '  cloud:\n    gateway:\n      routes:\n        - id: customers-service\n          uri: lb://customers-service\n          predicates: [Path=/api/customer/**]\n        - id: vets-service\n          uri: lb://vets-service\n          predicates: [Path=/api/vet/**]\n',
  ),
  // A test resource points at a test database: not a call of the deployed service.
  'customers-service/src/test/resources/application.yml': 'spring:\n  datasource:\n    url: jdbc:mysql://test-db:3306/x\n',
};

const nginxSystem: Record<string, string> = {
  'docker-compose.yml': 'services:\n  proxy:\n    build: ./proxy\n    ports: ["80:80"]\n    depends_on: [web, api]\n  web:\n    build: ./web\n  api:\n    build: ./api\n',
  'proxy/Dockerfile': 'FROM nginx:1.27-alpine\nCOPY nginx.conf /etc/nginx/nginx.conf\n',
  'proxy/nginx.conf': [
    'events {}',
    'http {',
    '  upstream web_servers { server web:3000; }',
    '  upstream api_servers {',
    '    server api:8080;',
    '  }',
    '  server {',
    '    listen 80;',
    '    location / { proxy_pass http://web_servers; }',
    '    location /api/ {',
    '      proxy_pass http://api_servers/;',
    '    }',
    '  }',
    '}',
    '',
  ].join('\n'),
  'web/package.json': '{"name":"web","scripts":{"start":"next start"},"dependencies":{"next":"15"}}',
  'web/Dockerfile': 'FROM node:22-alpine\nCMD ["npm", "start"]\n',
  'api/go.mod': 'module example.com/shop/api\n\ngo 1.23\n',
  'api/Dockerfile': 'FROM golang:1.23 AS build\nFROM gcr.io/distroless/base\nCOPY --from=build /app /app\n',
};

describe('configuration files in whole scans', () => {
  it('a Spring Cloud system: the gateway routes, config server, Eureka and the database its services use', async () => {
    const facts = await scan(springSystem);
    expect(summary(facts)).toEqual({
      elements: [
        'element:app:api-gateway (Java, Spring Boot)',
        'element:app:config-server (Java, Spring Boot)',
        'element:app:customers-service (Java, Spring Boot)',
        'element:app:discovery-server (Java, Spring Boot)',
        'element:app:vets-service (Java, Spring Boot)',
        'element:store:mysql-server (MySQL)',
      ],
      relationships: [
        'app:api-gateway → app:config-server: spring.config.import [HTTP]',
        'app:api-gateway → app:customers-service: spring.cloud.gateway.routes[0].uri [HTTP]',
        'app:api-gateway → app:discovery-server: eureka.client.serviceUrl.defaultZone [HTTP]',
        'app:api-gateway → app:vets-service: spring.cloud.gateway.routes[1].uri [HTTP]',
        'app:customers-service → app:config-server: spring.config.import [HTTP]',
        'app:customers-service → app:discovery-server: eureka.client.serviceUrl.defaultZone [HTTP]',
        'app:customers-service → store:mysql-server: spring.datasource.url [SQL]',
        'app:discovery-server → app:config-server: spring.config.import [HTTP]',
        'app:vets-service → app:config-server: spring.config.import [HTTP]',
        'app:vets-service → app:discovery-server: eureka.client.serviceUrl.defaultZone [HTTP]',
        'app:vets-service → store:mysql-server: spring.datasource.url [SQL]',
      ],
    });
    const route = facts.find((fact) => fact.key === 'relationship:element:app:api-gateway->element:app:customers-service');
    expect(route?.evidence).toEqual([{ path: 'api-gateway/src/main/resources/application.yml', startLine: 10, endLine: 10 }]);
    expect(JSON.stringify(facts)).not.toContain('FAKE-petclinic-password');
  });

  it('nginx in front of two compose services: one call per upstream, labelled by its location', async () => {
    const facts = await scan(nginxSystem);
    expect(summary(facts)).toEqual({
      elements: ['element:app:api (Go)', 'element:app:proxy (nginx)', 'element:app:web (Node.js, Next.js)'],
      relationships: ['app:proxy → app:api: location /api/ [HTTP]', 'app:proxy → app:web: location / [HTTP]'],
    });
    const toApi = facts.find((fact) => fact.key === 'relationship:element:app:proxy->element:app:api');
    expect(toApi).toMatchObject({ factStatus: 'inferred', confidence: 0.8 });
    expect(toApi?.evidence).toEqual([
      { path: 'docker-compose.yml', startLine: 5, endLine: 5 },
      { path: 'proxy/nginx.conf', startLine: 4, endLine: 4 },
      { path: 'proxy/nginx.conf', startLine: 5, endLine: 5 },
      { path: 'proxy/nginx.conf', startLine: 11, endLine: 11 },
    ]);
  });
});
