import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readServiceConfig } from '../lib/platform/config/service-config';

const root = resolve(import.meta.dirname, '..');
const read = (file: string) => readFile(resolve(root, file), 'utf8');

/** The values of part 2 "Environment", "Container composition values", every composition reads. */
const compositionValues = [
  'SVC_BIND',
  'SVC_PORT',
  'SVC_PUBLIC_URL',
  'SVC_MASTER_KEY',
  'SVC_PREVIOUS_MASTER_KEY',
  'SVC_SETUP_TOKEN',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'SVC_VERSION',
];
/** Read by the local composition only: the hosted one publishes no database port and has no directory Sources. */
const localOnlyValues = ['SVC_POSTGRES_BIND', 'SVC_POSTGRES_PORT', 'SVC_SOURCES'];
const hostedRequired = ['SVC_MASTER_KEY', 'SVC_SETUP_TOKEN', 'SVC_HOSTS', 'SVC_POSTGRES_PASSWORD', 'SVC_TRUSTED_PROXIES'];

const masterKey = Buffer.alloc(32, 7).toString('base64');
const hostedValues: Record<string, string> = {
  SVC_MASTER_KEY: masterKey,
  SVC_SETUP_TOKEN: 'setup-token-0123456789',
  SVC_HOSTS: 'design.example.com;design2.example.com',
  SVC_POSTGRES_PASSWORD: 'database-password',
  SVC_TRUSTED_PROXIES: '172.30.250.1',
};

/**
 * Compose's variable interpolation: `$$`, `${VAR}`, `${VAR:-default}`,
 * `${VAR-default}`, `${VAR:?error}`, `${VAR?error}` (with `:` an empty value
 * counts as unset). Throws the error text of a missing required value.
 */
function interpolate(text: string, env: Record<string, string | undefined>): string {
  return text.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}/g, (whole, name: string, colon: string, op: string, arg: string) => {
    if (whole === '$$') return '$';
    const value = env[name];
    const unset = value === undefined || (colon === ':' && value === '');
    if (op === undefined) return value ?? '';
    if (!unset) return value!;
    if (op === '-') return arg;
    throw new Error(`required variable ${name} is missing: ${arg}`);
  });
}

function interpolateTree(node: unknown, env: Record<string, string | undefined>): unknown {
  if (typeof node === 'string') return interpolate(node, env);
  if (Array.isArray(node)) return node.map((n) => interpolateTree(n, env));
  if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, interpolateTree(v, env)]));
  return node;
}

interface ComposeService {
  image?: string;
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  user?: string;
  read_only?: boolean;
  tmpfs?: string[];
  cap_drop?: string[];
  cap_add?: string[];
  security_opt?: string[];
  networks?: string[];
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
  networks?: Record<string, { ipam?: { config?: { subnet?: string }[] } }>;
}

async function loadCompose(name: 'local' | 'hosted'): Promise<{ text: string; raw: ComposeFile; resolved: (env: Record<string, string>) => ComposeFile }> {
  const text = await read(`infra/compose.${name}.yaml`);
  const raw = parse(text) as ComposeFile;
  return { text, raw, resolved: (env) => interpolateTree(raw, env) as ComposeFile };
}

/** Variable names that the file reads through `${…}`. */
function variablesOf(text: string): Set<string> {
  return new Set([...text.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!));
}

describe.each(['local', 'hosted'] as const)('compose.%s.yaml', (name) => {
  it('runs the service read-only, without capabilities or new privileges, as a non-root user', async () => {
    const { raw } = await loadCompose(name);
    const svc = raw.services.svc!;
    expect(svc.read_only).toBe(true);
    expect(svc.cap_drop).toEqual(['ALL']);
    expect(svc.cap_add).toBeUndefined();
    expect(svc.security_opt).toContain('no-new-privileges:true');
    expect(svc.tmpfs).toContain('/tmp');
    expect(svc.user).toMatch(/^\d+(:\d+)?$/);
    expect(Number(svc.user!.split(':')[0])).toBeGreaterThan(0);
    // The only writable mount is the data volume (a named volume of this file).
    const writable = (svc.volumes ?? []).filter((v) => !v.endsWith(':ro'));
    expect(writable).toEqual(['svc-data:/data']);
    expect(raw.volumes).toHaveProperty('svc-data');
    expect(svc.environment?.Svc__DataDirectory).toBe('/data');
  });

  it('reads the composition values of part 2', async () => {
    const { text, raw } = await loadCompose(name);
    const variables = variablesOf(text);
    for (const v of [...compositionValues, ...(name === 'local' ? localOnlyValues : hostedRequired)]) expect(variables, v).toContain(v);
    const svc = raw.services.svc!;
    expect(svc.image).toMatch(/:\$\{SVC_VERSION:-latest\}$/);
    expect(svc.ports).toEqual(['${SVC_BIND:-127.0.0.1}:${SVC_PORT:-8080}:8080']);
    expect(svc.environment?.Svc__PublicUrl).toBe('${SVC_PUBLIC_URL:-}');
    expect(svc.environment?.OTEL_EXPORTER_OTLP_ENDPOINT).toBe('${OTEL_EXPORTER_OTLP_ENDPOINT:-}');
    expect(svc.environment?.Svc__PreviousMasterKey).toBe('${SVC_PREVIOUS_MASTER_KEY:-}');
  });
});

describe('compose.local.yaml', () => {
  it('gives the defaults of part 2 with nothing set, and a configuration the service accepts', async () => {
    const { resolved } = await loadCompose('local');
    const file = resolved({});
    const svc = file.services.svc!;
    expect(svc.image).toBe('svc:latest');
    expect(svc.ports).toEqual(['127.0.0.1:8080:8080']);
    expect(svc.volumes).toContain('./sources:/sources:ro');
    expect(file.services.postgres!.ports).toEqual(['127.0.0.1:5432:5432']);
    expect(svc.environment).toMatchObject({ Svc__Profile: 'local', Svc__DataDirectory: '/data', Svc__SourcesRoot: '/sources' });
    const config = readServiceConfig(svc.environment!, '/');
    expect(config.profile).toBe('local');
    expect(config.publicUrl).toBeNull();
    expect(config.masterKey).toEqual({ source: 'none' });
    expect(config.sourcesRoot).toBe('/sources');
    expect(config.database.connection).toMatchObject({ host: 'postgres', port: 5432, database: 'svc' });
    expect(config.http).toEqual({ host: '0.0.0.0', port: 8080 });
    // Listening on every address, the container serves only loopback names unless told others (DNS rebinding).
    expect(config.allowedHosts).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(readServiceConfig(resolved({ SVC_ALLOWED_HOSTS: 'design.example.com' }).services.svc!.environment!, '/').allowedHosts).toEqual(['design.example.com']);
  });

  it('passes the values it is given', async () => {
    const { resolved } = await loadCompose('local');
    const file = resolved({
      SVC_BIND: '0.0.0.0',
      SVC_PORT: '9000',
      SVC_PUBLIC_URL: 'https://design.example.com',
      SVC_POSTGRES_BIND: '127.0.0.2',
      SVC_POSTGRES_PORT: '15432',
      SVC_MASTER_KEY: masterKey,
      SVC_PREVIOUS_MASTER_KEY: masterKey,
      SVC_SETUP_TOKEN: 'setup-token-0123456789',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      SVC_SOURCES: '/srv/sources',
      SVC_VERSION: '1.2.3',
    });
    const svc = file.services.svc!;
    expect(svc.image).toBe('svc:1.2.3');
    expect(svc.ports).toEqual(['0.0.0.0:9000:8080']);
    expect(svc.volumes).toContain('/srv/sources:/sources:ro');
    expect(file.services.postgres!.ports).toEqual(['127.0.0.2:15432:5432']);
    expect(svc.environment).toMatchObject({
      Svc__PublicUrl: 'https://design.example.com',
      Svc__MasterKey: masterKey,
      Svc__PreviousMasterKey: masterKey,
      Svc__SetupToken: 'setup-token-0123456789',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
    });
    expect(() => readServiceConfig(svc.environment!, '/')).not.toThrow();
  });
});

describe('compose.hosted.yaml', () => {
  it('requires its five values through ${VAR:?…}', async () => {
    const { text, resolved } = await loadCompose('hosted');
    for (const name of hostedRequired) {
      const uses = [...text.matchAll(new RegExp(`\\$\\{${name}([^}]*)\\}`, 'g'))];
      expect(uses.length, name).toBeGreaterThan(0);
      for (const use of uses) expect(use[1], `${name} must be read as \${${name}:?message}`).toMatch(/^:\?.+/);
      expect(() => resolved({ ...hostedValues, [name]: '' }), name).toThrow(new RegExp(`${name} is missing`));
    }
  });

  it('gives a hosted configuration the service accepts, on its own subnet, without publishing the database', async () => {
    const { raw, resolved } = await loadCompose('hosted');
    expect(raw.networks?.svc?.ipam?.config?.[0]?.subnet).toBe('${SVC_SUBNET:-172.30.250.0/24}');
    const file = resolved(hostedValues);
    expect(file.networks?.svc?.ipam?.config?.[0]?.subnet).toBe('172.30.250.0/24');
    expect(file.services.postgres!.ports).toBeUndefined();
    const svc = file.services.svc!;
    expect(svc.ports).toEqual(['127.0.0.1:8080:8080']);
    expect(svc.environment).toMatchObject({ Svc__Profile: 'hosted', AllowedHosts: hostedValues.SVC_HOSTS, Svc__TrustedProxies: hostedValues.SVC_TRUSTED_PROXIES });
    const config = readServiceConfig(svc.environment!, '/');
    expect(config.profile).toBe('hosted');
    expect(config.allowedHosts).toEqual(['design.example.com', 'design2.example.com']);
    expect(config.setupToken).toBe(hostedValues.SVC_SETUP_TOKEN);
    expect(config.database.connection).toMatchObject({ host: 'postgres', password: hostedValues.SVC_POSTGRES_PASSWORD });
    expect(config.trustedProxies).toHaveLength(1);
  });
});

describe('Dockerfile', () => {
  /** Instructions of the Dockerfile, continuation lines joined, comments dropped. */
  async function instructions(): Promise<string[]> {
    const text = (await read('Dockerfile')).replace(/\\\n/g, ' ');
    return text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '' && !l.startsWith('#'));
  }

  it('builds on node 22 in two stages and runs the built server as uid 10001', async () => {
    const lines = await instructions();
    const froms = lines.filter((l) => l.startsWith('FROM '));
    expect(froms).toEqual(['FROM node:22-bookworm-slim AS build', 'FROM node:22-bookworm-slim AS runtime']);
    const runtime = lines.slice(lines.indexOf(froms[1]!));
    expect(runtime).toContain('USER 10001:10001');
    expect(runtime.some((l) => /useradd .*--uid 10001/.test(l))).toBe(true);
    expect(runtime.some((l) => /^RUN npm ci --omit=dev/.test(l))).toBe(true);
    expect(runtime).toContain('VOLUME /data');
    expect(runtime).toContain('EXPOSE 8080');
    expect(runtime.find((l) => l.startsWith('HEALTHCHECK'))).toMatch(/CMD \["node", "dist\/local\/main\.mjs", "health"\]$/);
    // The service program is the entry point, so `docker run … keys forget` runs that command (part 2 "Service commands").
    expect(runtime.slice(-2)).toEqual(['ENTRYPOINT ["node", "dist/local/main.mjs"]', 'CMD []']);
    const env = runtime.filter((l) => l.startsWith('ENV ')).join(' ');
    for (const setting of ['Svc__DataDirectory=/data', 'Svc__SourcesRoot=/sources', 'HOST=0.0.0.0', 'PORT=8080']) expect(env).toContain(setting);
  });

  it('carries the web client: the build stage has web/ in its context and the image gets all of dist/, dist/web included', async () => {
    const lines = await instructions();
    const runtime = lines.slice(lines.indexOf('FROM node:22-bookworm-slim AS runtime'));
    expect(runtime).toContain('COPY --from=build /app/dist ./dist');
    const ignored = (await read('.dockerignore')).split('\n').map((l) => l.trim());
    expect(ignored.filter((entry) => entry === 'web' || entry.startsWith('web/'))).toEqual([]);
  });

  it('matches the user of the compositions', async () => {
    for (const name of ['local', 'hosted'] as const) expect((await loadCompose(name)).raw.services.svc!.user).toBe('10001:10001');
  });

  it('has a .dockerignore that keeps local state out of the build context', async () => {
    const entries = (await read('.dockerignore')).split('\n').map((l) => l.trim());
    for (const entry of ['node_modules', 'dist', 'data', '.git']) expect(entries).toContain(entry);
  });
});
