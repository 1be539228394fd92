/**
 * The services an nginx reverse proxy sends requests to: `proxy_pass`,
 * `grpc_pass`, `fastcgi_pass` and `uwsgi_pass` targets, through `upstream`
 * blocks to their `server` hosts, and `set $name host;` variables where the
 * value is plain. The proxy is the deployed element whose folder holds the
 * file. Only host names and schemes leave the file.
 */
import { bareHostOf, hostsOfSetting } from '../connection-settings';
import type { Evidence } from '../extracted-fact';
import { noFileFacts, type ConnectionHint, type Extractor, type FileFacts } from '../file-facts';
import { type NginxDirective, parseNginxConfig } from '../nginx-directives';
import { baseNameOf, folderOf } from '../repository-paths';

/** The directives that send a request on, with the scheme their target speaks when it names none. */
export const passDirectives: Readonly<Record<string, string>> = Object.freeze({ proxy_pass: 'http', grpc_pass: 'grpc', fastcgi_pass: 'fastcgi', uwsgi_pass: 'uwsgi' });

/** Schemes as written in a target, as the protocol names the catalog knows. */
const schemeNames: Readonly<Record<string, string>> = Object.freeze({ http: 'http', https: 'https', grpc: 'grpc', grpcs: 'grpcs', uwsgi: 'uwsgi', suwsgi: 'uwsgi' });

/** `nginx.conf`, any `*.conf` and the envsubst templates the official image renders (`default.conf.template`). */
export function mayBeNginxConfig(path: string): boolean {
  return /\.conf(?:\.template|\.tmpl)?$/i.test(baseNameOf(path));
}

/** What makes a `.conf` file nginx configuration rather than another program's. */
const nginxText = /\b(?:server|upstream|location|http)\b[^;{}]*\{|\b(?:proxy|grpc|fastcgi|uwsgi)_pass\b/;

interface Upstream {
  servers: { host: string; evidence: Evidence }[];
  evidence: Evidence;
  used: boolean;
}

interface Scan {
  upstreams: Map<string, Upstream>;
  variables: Map<string, { value: string; evidence: Evidence }>;
  passes: { directive: NginxDirective; location: string | null }[];
}

function evidenceOf(path: string, directive: NginxDirective): Evidence {
  return { path, startLine: directive.line, endLine: Math.max(directive.line, directive.endLine) };
}

function collect(path: string, directives: readonly NginxDirective[], location: string | null, scan: Scan): void {
  for (const directive of directives) {
    if (directive.name === 'upstream' && directive.block !== null && directive.args.length === 1) {
      const servers = directive.block.flatMap((entry) => {
        const host = entry.name === 'server' && entry.args[0] !== undefined ? bareHostOf(entry.args[0]) : null;
        return host === null ? [] : [{ host, evidence: evidenceOf(path, entry) }];
      });
      const name = directive.args[0]!.toLowerCase();
      if (!scan.upstreams.has(name)) scan.upstreams.set(name, { servers, evidence: { path, startLine: directive.line, endLine: directive.line }, used: false });
    } else if (directive.name === 'set' && directive.args.length === 2 && /^\$\w+$/.test(directive.args[0]!) && !directive.args[1]!.includes('$')) {
      scan.variables.set(directive.args[0]!.slice(1), { value: directive.args[1]!, evidence: evidenceOf(path, directive) });
    } else if (Object.hasOwn(passDirectives, directive.name) && directive.args.length >= 1) {
      scan.passes.push({ directive, location });
    }
    if (directive.block !== null) {
      const inner = directive.name === 'location' ? `location ${directive.args.join(' ')}` : location;
      collect(path, directive.block, inner, scan);
    }
  }
}

/** The target with `$name` and `${name}` replaced by plain `set` values; null when a variable stays unknown. */
function substituted(target: string, scan: Scan, used: Evidence[]): string | null {
  let unknown = false;
  const result = target.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, braced: string | undefined, bare: string | undefined) => {
    const entry = scan.variables.get(braced ?? bare ?? '');
    if (entry === undefined) {
      unknown = true;
      return '';
    }
    used.push(entry.evidence);
    return entry.value;
  });
  return unknown ? null : result;
}

function passHints(path: string, from: ConnectionHint['from'], pass: Scan['passes'][number], scan: Scan): ConnectionHint[] {
  const { directive, location } = pass;
  const evidence: Evidence[] = [evidenceOf(path, directive)];
  const target = substituted(directive.args[0]!, scan, evidence);
  if (target === null) return [];
  const withScheme = /^([a-z][a-z0-9+.-]*):\/\/([^/]*)/i.exec(target);
  const written = withScheme?.[1]?.toLowerCase();
  const scheme = written === undefined ? passDirectives[directive.name]! : (schemeNames[written] ?? null);
  const authority = withScheme === null ? target : withScheme[2]!;
  if (scheme === null || /^unix:/i.test(authority)) return [];
  const upstream = scan.upstreams.get(authority.replace(/:\d+$/, '').toLowerCase());
  if (upstream !== undefined) {
    upstream.used = true;
    const variable = location ?? `upstream ${authority.replace(/:\d+$/, '')}`;
    return upstream.servers.map((server) => ({ hint: 'connection', from, host: server.host, via: 'proxy', variable, scheme, evidence: [...evidence, upstream.evidence, server.evidence] }));
  }
  const hosts = withScheme === null ? [bareHostOf(authority)].filter((host) => host !== null) : hostsOfSetting(directive.name, `${scheme}://${authority}`).map((named) => named.host);
  return hosts.map((host) => ({ hint: 'connection', from, host, via: 'proxy', variable: location ?? directive.name, scheme, evidence }));
}

function extract(path: string, text: string): FileFacts {
  if (!nginxText.test(text)) return noFileFacts;
  const directives = parseNginxConfig(text);
  if (directives === null) return noFileFacts;
  const scan: Scan = { upstreams: new Map(), variables: new Map(), passes: [] };
  collect(path, directives, null, scan);
  const from = { by: 'enclosing', folder: folderOf(path) } as const;
  const hints: ConnectionHint[] = scan.passes.flatMap((pass) => passHints(path, from, pass, scan));
  // An upstream no pass of this file names is used by another file's (an included `conf.d` file): its servers are still reached.
  for (const [name, upstream] of scan.upstreams) {
    if (upstream.used) continue;
    for (const server of upstream.servers) hints.push({ hint: 'connection', from, host: server.host, via: 'proxy', variable: `upstream ${name}`, scheme: null, evidence: [upstream.evidence, server.evidence] });
  }
  return hints.length === 0 ? noFileFacts : { facts: [], hints };
}

export const nginxExtractor: Extractor = {
  name: 'nginx',
  version: 1,
  mayRead: mayBeNginxConfig,
  extract,
  tables: { passDirectives, schemeNames, nginxText: nginxText.source },
};
