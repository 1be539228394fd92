/**
 * The services an Envoy proxy sends requests to, from its bootstrap
 * configuration (YAML or JSON with `static_resources`): each cluster's
 * endpoint addresses (v3 `load_assignment`, v2 `hosts`). A cluster that speaks
 * HTTP/2 upstream is gRPC, one with a TLS transport socket HTTPS, else HTTP.
 * An address written as a template variable (`${FRONTEND_HOST}`) becomes a
 * setting, resolved with the other settings once every file is read. The
 * proxy is the deployed element whose folder holds the file.
 */
import { hostsOfSetting } from '../connection-settings';
import type { Evidence } from '../extracted-fact';
import { noFileFacts, type ConnectionHint, type Extractor, type FileFacts, type SettingHint } from '../file-facts';
import { baseNameOf, folderOf } from '../repository-paths';
import { asRecord, evidenceAt, isJsonPath, itemsOf, member, parseStructuredDocuments, stringMember, type StructuredDocument } from '../structured-text';

/** YAML and JSON files, and Envoy templates rendered before start (`envoy.yaml.tmpl`, `envoy.yaml.template`, `envoy.yaml.in`). */
export function mayBeEnvoyConfig(path: string): boolean {
  const name = baseNameOf(path).toLowerCase();
  return /\.(?:ya?ml|json)$/.test(name) || (name.includes('envoy') && /\.(?:ya?ml|json)\.(?:tmpl|template|in)$/.test(name));
}

type Step = string | number;

/** Whether a member named `key` stands anywhere inside the value (bounded depth). */
function holdsKey(value: unknown, key: string, depth = 0): boolean {
  if (depth > 12) return false;
  if (Array.isArray(value)) return value.some((item) => holdsKey(item, key, depth + 1));
  const record = asRecord(value);
  if (record === null) return false;
  return Object.hasOwn(record, key) || Object.values(record).some((item) => holdsKey(item, key, depth + 1));
}

function schemeOf(cluster: unknown): string {
  if (holdsKey(cluster, 'http2_protocol_options')) return 'grpc';
  const socket = stringMember(member(cluster, 'transport_socket'), 'name') ?? '';
  return /tls/i.test(socket) || member(cluster, 'tls_context') !== undefined ? 'https' : 'http';
}

/** The addresses of a cluster with the path of each: v3 `load_assignment`, v2 `hosts` (`socket_address` or a `tcp://` url). */
function addressesOf(cluster: unknown, at: Step[]): { address: string; at: Step[] }[] {
  const found: { address: string; at: Step[] }[] = [];
  const socketAddress = (holder: unknown, holderAt: Step[]) => {
    const socket = member(holder, 'socket_address');
    const address = stringMember(socket, 'address');
    if (address !== undefined) found.push({ address, at: [...holderAt, 'socket_address', 'address'] });
  };
  const endpoints = itemsOf(member(member(cluster, 'load_assignment'), 'endpoints'));
  endpoints.forEach((endpoint, e) => {
    itemsOf(member(endpoint, 'lb_endpoints')).forEach((lbEndpoint, l) => {
      socketAddress(member(member(lbEndpoint, 'endpoint'), 'address'), [...at, 'load_assignment', 'endpoints', e, 'lb_endpoints', l, 'endpoint', 'address']);
    });
  });
  itemsOf(member(cluster, 'hosts')).forEach((host, h) => {
    socketAddress(host, [...at, 'hosts', h]);
    const url = stringMember(host, 'url');
    if (url !== undefined) found.push({ address: url.replace(/^tcp:\/\//i, ''), at: [...at, 'hosts', h, 'url'] });
  });
  return found;
}

function clusterHints(path: string, document: StructuredDocument, cluster: unknown, index: number, facts: FileFacts): void {
  const name = stringMember(cluster, 'name');
  if (name === undefined) return;
  const from = { by: 'enclosing', folder: folderOf(path) } as const;
  const at: Step[] = ['static_resources', 'clusters', index];
  const scheme = schemeOf(cluster);
  const variable = `cluster ${name}`;
  const nameSpan = document.spanAt([...at, 'name']);
  for (const { address, at: addressAt } of addressesOf(cluster, at)) {
    const span = document.spanAt(addressAt);
    if (span === null) continue;
    const evidence: Evidence[] = [...(nameSpan === null ? [] : [evidenceAt(path, nameSpan)]), evidenceAt(path, span)];
    const url = `${scheme}://${address}`;
    if (address.includes('$')) {
      // Rendered at start from the environment: resolved as settings are, a `${HOST:-default}` falling back to its default.
      const setting: SettingHint = { hint: 'setting', from, variable, value: url, envFolder: null, evidence };
      facts.hints.push(setting);
      continue;
    }
    for (const named of hostsOfSetting(variable, url)) {
      const hint: ConnectionHint = { hint: 'connection', from, host: named.host, via: 'proxy', variable, scheme, evidence };
      facts.hints.push(hint);
    }
  }
}

function extract(path: string, text: string): FileFacts {
  if (!text.includes('static_resources')) return noFileFacts;
  const facts: FileFacts = { facts: [], hints: [] };
  for (const document of parseStructuredDocuments(text, isJsonPath(path) ? 'json' : 'yaml')) {
    for (const [index, cluster] of itemsOf(member(member(document.value, 'static_resources'), 'clusters')).entries()) clusterHints(path, document, cluster, index, facts);
  }
  return facts.hints.length === 0 ? noFileFacts : facts;
}

export const envoyExtractor: Extractor = {
  name: 'envoy',
  version: 1,
  mayRead: mayBeEnvoyConfig,
  extract,
  tables: { templateSuffixes: ['tmpl', 'template', 'in'], schemes: ['grpc: http2_protocol_options', 'https: tls transport socket', 'http'] },
};
