import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/security.md "Outbound requests": the service's code reaches the network only through
 * lib/platform/net. The linter forbids the global `fetch` and HTTP client packages; this reads the tree for
 * what a lint rule cannot see: the clients of node:http, node:https, node:http2, node:net,
 * node:tls and node:dgram. Servers (createServer) and address helpers (isIP) stay allowed.
 */

const root = path.resolve(import.meta.dirname, '../..');
const serviceFolders = ['lib', 'functions', 'jobs', 'local'];
const networkModules = /^(?:node:)?(?:http|https|http2|net|tls|dgram)$/;
/** Names of those modules that serve or describe, never send. */
const allowedNames = new Set(['createServer', 'isIP', 'isIPv4', 'isIPv6', 'STATUS_CODES', 'Server', 'IncomingMessage', 'ServerResponse', 'IncomingHttpHeaders', 'OutgoingHttpHeaders', 'AddressInfo', 'Socket', 'LookupFunction', 'RequestListener']);
const sendingMembers = /\.(?:request|get|connect|createConnection|createSocket)\s*\(/;

async function serviceFiles(folder: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(path.join(root, folder), { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(?:ts|mts|mjs)$/.test(entry.name) || /\.test\.ts$/.test(entry.name)) continue;
    found.push(path.relative(root, path.join(entry.parentPath, entry.name)));
  }
  return found;
}

/** What a file sends with the network modules of Node, besides lib/platform/net: the offending uses. */
function networkClientUses(source: string): string[] {
  const uses: string[] = [];
  const importPattern = /import\s+(type\s+)?([^;]*?)\s+from\s+'([^']+)'/g;
  for (const match of source.matchAll(importPattern)) {
    const [, typeOnly, clause = '', module = ''] = match;
    if (!networkModules.test(module) || typeOnly) continue;
    const named = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
    for (const part of named.split(',')) {
      const text = part.trim();
      if (text === '' || text.startsWith('type ')) continue;
      const name = text.split(/\s+as\s+/)[0]!.trim();
      if (!allowedNames.has(name)) uses.push(`${name} from ${module}`);
    }
    const whole = clause.replace(/\{[^}]*\}/, '').replace(/,/g, ' ').replace(/\*\s+as\s+/, '').trim();
    if (whole !== '' && new RegExp(`\\b${whole}${sendingMembers.source}`).test(source)) uses.push(`${whole}.request/get/connect from ${module}`);
  }
  for (const required of source.matchAll(/require\(\s*'((?:node:)?(?:http|https|http2|net|tls|dgram))'\s*\)/g)) uses.push(`require('${required[1]}')`);
  if (/\bglobalThis\.fetch\b|\bXMLHttpRequest\b|\bnew WebSocket\(/.test(source)) uses.push('a global network client');
  return uses;
}

describe('outbound requests only through lib/platform/net', () => {
  it('finds a client use when there is one', () => {
    expect(networkClientUses("import http from 'node:http';\nhttp.request('http://x');")).toEqual(['http.request/get/connect from node:http']);
    expect(networkClientUses("import { request } from 'node:https';")).toEqual(['request from node:https']);
    expect(networkClientUses("import { connect as dial } from 'node:net';")).toEqual(['connect from node:net']);
    expect(networkClientUses("import { createServer, type IncomingMessage } from 'node:http';")).toEqual([]);
    expect(networkClientUses('const f = globalThis.fetch;')).toEqual(['a global network client']);
  });

  it('no file of the service outside lib/platform/net sends over the network another way', async () => {
    const offenders: string[] = [];
    for (const folder of serviceFolders) {
      for (const file of await serviceFiles(folder)) {
        if (file.startsWith(`lib${path.sep}net${path.sep}`)) continue;
        const uses = networkClientUses(await readFile(path.join(root, file), 'utf8'));
        if (uses.length > 0) offenders.push(`${file}: ${uses.join(', ')}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
