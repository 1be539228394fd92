import { describe, expect, it } from 'vitest';
import type { ConnectionHint, FileFacts } from '../file-facts';
import { parseNginxConfig } from '../nginx-directives';
import { connectionsOfSetting } from '../resolve-settings';
import { envoyExtractor } from './envoy';
import { nginxExtractor } from './nginx';

/** The hints as `variable → host (scheme) @lines`, so a test reads like the file. */
function described(hints: readonly ConnectionHint[]): string[] {
  return hints.map((hint) => `${hint.variable} → ${hint.host} (${hint.scheme}) @${hint.evidence.map((e) => `${e.startLine}-${e.endLine}`).join(',')}`);
}

function connections(found: FileFacts): ConnectionHint[] {
  return found.hints.filter((hint): hint is ConnectionHint => hint.hint === 'connection');
}

describe('nginx directives', () => {
  it('reads blocks, quoted strings, comments and ${} variables with their lines', () => {
    const directives = parseNginxConfig('http {\n  # upstream x { }\n  set $a "b c";\n  proxy_pass http://${API_HOST}:80;\n}\n');
    expect(directives).toEqual([
      {
        name: 'http',
        args: [],
        line: 1,
        endLine: 5,
        block: [
          { name: 'set', args: ['$a', 'b c'], line: 3, endLine: 3, block: null },
          { name: 'proxy_pass', args: ['http://${API_HOST}:80'], line: 4, endLine: 4, block: null },
        ],
      },
    ]);
  });

  it('refuses text that is not nginx configuration', () => {
    expect(parseNginxConfig('server {\n  listen 80;\n')).toBeNull();
    expect(parseNginxConfig('bind 127.0.0.1\nport 6379\n')).toBeNull();
    expect(parseNginxConfig('a "unterminated;\n')).toBeNull();
  });
});

describe('nginx', () => {
  const path = 'gateway/nginx.conf';

  it('reads .conf files and envsubst templates by name', () => {
    expect(['nginx.conf', 'deploy/nginx/conf.d/default.conf', 'nginx/templates/default.conf.template', 'sites-enabled/shop.conf'].map(nginxExtractor.mayRead)).toEqual([true, true, true, true]);
    expect(['nginx.yaml', 'conf.d/readme.md', 'Dockerfile'].map(nginxExtractor.mayRead)).toEqual([false, false, false]);
  });

  it('follows proxy_pass through an upstream to its servers, labelled by the location', () => {
    const text = [
      'upstream orders_backend {', // 1
      '  server orders:8080 max_fails=3;', // 2
      '  server orders-replica:8080 backup;', // 3
      '}', // 4
      'server {', // 5
      '  listen 80;', // 6
      '  location /api/orders/ {', // 7
      '    proxy_pass http://orders_backend/;', // 8
      '  }', // 9
      '  location /web {', // 10
      '    proxy_pass https://web:8443;', // 11
      '  }', // 12
      '}', // 13
    ].join('\n');
    const found = nginxExtractor.extract(path, text);
    expect(found.facts).toEqual([]);
    expect(described(connections(found))).toEqual(['location /api/orders/ → orders (http) @8-8,1-1,2-2', 'location /api/orders/ → orders-replica (http) @8-8,1-1,3-3', 'location /web → web (https) @11-11']);
    expect(connections(found)[0]).toMatchObject({ from: { by: 'enclosing', folder: 'gateway' }, via: 'proxy' });
  });

  it('reads grpc_pass, fastcgi_pass and uwsgi_pass targets with or without a scheme', () => {
    const text = 'server {\n  location / { grpc_pass grpc://cart:7070; }\n  location ~ \\.php$ { fastcgi_pass php:9000; }\n  location /py { uwsgi_pass uwsgi://app:3031; }\n  location /s { grpc_pass grpcs://secure:443; }\n}\n';
    expect(described(connections(nginxExtractor.extract(path, text)))).toEqual([
      'location / → cart (grpc) @2-2',
      'location ~ \\.php$ → php (fastcgi) @3-3',
      'location /py → app (uwsgi) @4-4',
      'location /s → secure (grpcs) @5-5',
    ]);
  });

  it('resolves a $variable host set to a plain value, and skips one it cannot know', () => {
    const text = 'server {\n  set $backend "catalog:5000";\n  location /catalog { proxy_pass http://$backend; }\n  location /other { proxy_pass http://$host$request_uri; }\n  location /t { proxy_pass http://${API_HOST}:80; }\n}\n';
    expect(described(connections(nginxExtractor.extract(path, text)))).toEqual(['location /catalog → catalog (http) @3-3,2-2']);
  });

  it('keeps the servers of an upstream this file does not use (another file includes it), and leaves out this machine and sockets', () => {
    const text = 'upstream api {\n  server api-1:80;\n  server 127.0.0.1:81;\n  server unix:/tmp/api.sock;\n}\nserver { location / { proxy_pass http://localhost:3000; } }\n';
    expect(described(connections(nginxExtractor.extract('nginx/conf.d/upstreams.conf', text)))).toEqual(['upstream api → api-1 (null) @1-1,2-2']);
  });

  it('gives nothing for another program’s .conf file or garbage', () => {
    expect(nginxExtractor.extract('redis/redis.conf', 'bind 0.0.0.0\nport 6379\nappendonly yes\n')).toMatchObject({ facts: [], hints: [] });
    expect(nginxExtractor.extract('supervisor/supervisord.conf', '[program:web]\ncommand=gunicorn app:server\n')).toMatchObject({ facts: [], hints: [] });
    expect(nginxExtractor.extract(path, 'server { location / { proxy_pass http://orders; }')).toMatchObject({ hints: [] });
  });
});

describe('envoy', () => {
  const v3 = [
    'static_resources:', // 1
    '  listeners: []', // 2
    '  clusters:', // 3
    '  - name: frontend', // 4
    '    type: STRICT_DNS', // 5
    '    load_assignment:', // 6
    '      cluster_name: frontend', // 7
    '      endpoints:', // 8
    '      - lb_endpoints:', // 9
    '        - endpoint:', // 10
    '            address:', // 11
    '              socket_address: { address: frontend, port_value: 8080 }', // 12
    '  - name: cart', // 13
    '    typed_extension_protocol_options:', // 14
    '      envoy.extensions.upstreams.http.v3.HttpProtocolOptions:', // 15
    '        explicit_http_config: { http2_protocol_options: {} }', // 16
    '    load_assignment:', // 17
    '      endpoints:', // 18
    '      - lb_endpoints:', // 19
    '        - endpoint: { address: { socket_address: { address: cartservice, port_value: 7070 } } }', // 20
    '  - name: checkout', // 21
    '    load_assignment:', // 22
    '      endpoints:', // 23
    '      - lb_endpoints:', // 24
    '        - endpoint: { address: { socket_address: { address: "${CHECKOUT_HOST:-checkout}", port_value: 5050 } } }', // 25
  ].join('\n');

  it('reads YAML and JSON files and Envoy templates by name', () => {
    expect(['envoy.yaml', 'envoy/envoy.tmpl.yaml', 'envoy.yaml.tmpl', 'front-envoy.json', 'envoy.yaml.in'].map(envoyExtractor.mayRead)).toEqual([true, true, true, true, true]);
    expect(['config.yaml.tmpl', 'envoy.conf'].map(envoyExtractor.mayRead)).toEqual([false, false]);
  });

  it('gives each cluster’s endpoint hosts: gRPC when it speaks HTTP/2 upstream, else HTTP', () => {
    const found = envoyExtractor.extract('envoy/envoy.yaml', v3);
    expect(described(connections(found))).toEqual(['cluster frontend → frontend (http) @4-4,12-12', 'cluster cart → cartservice (grpc) @13-13,20-20']);
    expect(connections(found)[0]).toMatchObject({ from: { by: 'enclosing', folder: 'envoy' }, via: 'proxy' });
  });

  it('makes a templated address a setting, which falls back to its default once resolved', () => {
    const settings = envoyExtractor.extract('envoy/envoy.yaml', v3).hints.filter((hint) => hint.hint === 'setting');
    expect(settings).toEqual([{ hint: 'setting', from: { by: 'enclosing', folder: 'envoy' }, variable: 'cluster checkout', value: 'http://${CHECKOUT_HOST:-checkout}', envFolder: null, evidence: [{ path: 'envoy/envoy.yaml', startLine: 21, endLine: 21 }, { path: 'envoy/envoy.yaml', startLine: 25, endLine: 25 }] }]);
    const resolved = connectionsOfSetting(settings[0] as never, new Map(), () => false);
    expect(resolved.map((hint) => [hint.host, hint.scheme])).toEqual([['checkout', 'http']]);
  });

  it('reads the v2 hosts form and a TLS cluster as HTTPS, from JSON too', () => {
    const v2 = JSON.stringify(
      {
        static_resources: {
          clusters: [
            { name: 'service1', http2_protocol_options: {}, hosts: [{ socket_address: { address: 'service1', port_value: 80 } }] },
            { name: 'auth', transport_socket: { name: 'envoy.transport_sockets.tls' }, hosts: [{ socket_address: { address: 'auth', port_value: 443 } }] },
            { name: 'legacy', hosts: [{ url: 'tcp://legacy:80' }] },
          ],
        },
      },
      null,
      2,
    );
    expect(connections(envoyExtractor.extract('front-envoy.json', v2)).map((hint) => `${hint.host} ${hint.scheme}`)).toEqual(['service1 grpc', 'auth https', 'legacy http']);
  });

  it('gives nothing for a YAML file without static_resources', () => {
    expect(envoyExtractor.extract('k8s/app.yaml', 'clusters:\n  - name: x\n    hosts: [{socket_address: {address: y}}]\n')).toMatchObject({ hints: [] });
  });
});
