import { resolve } from 'node:path';
import { parseConnectionString, type PostgresConnection } from './connection-string';
import { parseAddressRange, type AddressRange } from './network-address';
import { StartupRefusalError } from './startup-refusal';

export type Profile = 'local' | 'hosted';

/** Where a master key comes from before it is read (files are read at start). */
export type MasterKeySetting =
  | { source: 'environment'; variable: string; base64: string }
  | { source: 'file'; variable: string; path: string }
  | { source: 'none' };

export interface ExternalSignInProvider {
  clientId: string;
  clientSecret: string;
  /** Web address of the provider (GitHub Enterprise Server, a self-managed GitLab); null for the public one. */
  baseUrl: string | null;
}

/** Every variable of part 2 "Environment", read and checked once at start. */
export interface ServiceConfig {
  profile: Profile;
  database: { connection: PostgresConnection | null; variable: string | null; migrateOnStartup: boolean };
  masterKey: MasterKeySetting;
  previousMasterKey: MasterKeySetting;
  /** Absolute path; the local profile keeps `master.key`, `setup-code` and `pg/` here. */
  dataDirectory: string;
  sourcesRoot: string | null;
  publicUrl: string | null;
  importWorker: { parallelism: number; maxRunningPerHost: number };
  setupToken: string | null;
  secureCookies: boolean;
  /** Host names the service answers for (`*` any); a local loopback service defaults to the loopback names. */
  allowedHosts: string[];
  trustedProxies: AddressRange[];
  telemetry: { otlpEndpoint: string | null };
  /** `Svc__NewRelic__GraphqlUrl`: NerdGraph's address instead of the region's (a proxy, New Relic's FedRAMP endpoint); docs/hosts.md. */
  newRelicGraphqlUrl: string | null;
  /** The price catalogs with fixed addresses, and the time one request may spend on a catalog (docs/prices.md "Environment"). */
  priceCatalogs: PriceCatalogConfig;
  /** How long one webhook try may take and the first backoff step (docs/webhooks.md "Environment"). */
  webhooks: WebhookDeliveryConfig;
  externalSignIn: { github: ExternalSignInProvider | null; gitlab: ExternalSignInProvider | null };
  http: { host: string; port: number };
}

/**
 * `Svc__Prices__AwsPriceListUrl` and `Svc__Prices__GcpBillingUrl` replace the fixed public addresses
 * of the AWS Price List bulk API and the Cloud Billing Catalog API, for tests and mirrors;
 * `Svc__Prices__CatalogTimeoutMs` (for tests only) shortens the 10 s a request may spend on a catalog.
 */
export interface PriceCatalogConfig {
  awsPriceListUrl: string;
  gcpBillingUrl: string;
  timeoutMs: number;
}

/** The public addresses of part 2 "The cloudB and cloudC catalogs have fixed addresses and no setting". */
export const priceCatalogDefaults = Object.freeze({
  awsPriceListUrl: 'https://pricing.us-east-1.amazonaws.com',
  gcpBillingUrl: 'https://cloudbilling.googleapis.com',
  timeoutMs: 10_000,
});

/**
 * `Svc__Webhooks__TimeoutMs` and `Svc__Webhooks__BackoffBaseMs` (for tests only) shorten the
 * 10 s a webhook try may take and the 60 s the first retry waits (docs/webhooks.md).
 */
export interface WebhookDeliveryConfig {
  timeoutMs: number;
  backoffBaseMs: number;
}

/** The built-in webhook delivery times. */
export const webhookDeliveryDefaults = Object.freeze({ timeoutMs: 10_000, backoffBaseMs: 60_000 });

export type Environment = Readonly<Record<string, string | undefined>>;

/** The built-in values of every variable that has one (part 2 "Environment"). */
export const environmentDefaults = Object.freeze({
  profile: 'local' as Profile,
  dataDirectory: './data',
  importWorkerParallelism: 2,
  importWorkerMaxRunningPerHost: 2,
  allowedHosts: '*',
  migrateOnStartup: true,
  httpHost: '127.0.0.1',
  httpPort: 8080,
});

function value(env: Environment, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v;
}

function refuse(message: string): never {
  throw new StartupRefusalError(message);
}

function readBoolean(env: Environment, name: string, fallback: boolean): boolean {
  const v = value(env, name);
  if (v === undefined) return fallback;
  const lower = v.trim().toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  return refuse(`${name} must be true or false (got "${v}"). Set it to true or false, or unset it.`);
}

function readClampedInteger(env: Environment, name: string, fallback: number, min: number, max: number): number {
  const v = value(env, name);
  if (v === undefined) return fallback;
  if (!/^[+-]?\d+$/.test(v.trim())) {
    return refuse(`${name} must be a whole number (got "${v}"). Set a number from ${min} to ${max}, or unset it for ${fallback}.`);
  }
  // "values outside are moved to the nearest end" (part 2 "Limits")
  return Math.min(max, Math.max(min, Number(v.trim())));
}

function readMasterKeySetting(env: Environment, keyVariable: string, fileVariable: string): MasterKeySetting {
  const key = value(env, keyVariable);
  const file = value(env, fileVariable);
  if (key !== undefined && file !== undefined) {
    refuse(`Both ${keyVariable} and ${fileVariable} are set. Set only one of them.`);
  }
  if (key !== undefined) return { source: 'environment', variable: keyVariable, base64: key.trim() };
  if (file !== undefined) return { source: 'file', variable: fileVariable, path: file.trim() };
  return { source: 'none' };
}

function readHttpUrl(name: string, text: string, extra: (url: URL, raw: string) => string | null): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse(`${name} must be an absolute http or https URL (got "${text}"). Fix or unset it.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return refuse(`${name} must be an absolute http or https URL (got "${text}"). Fix or unset it.`);
  }
  const problem = extra(url, text);
  if (problem) refuse(`${name} ${problem} (got "${text}"). Fix or unset it.`);
  return text;
}

function readPublicUrl(env: Environment): string | null {
  const v = value(env, 'Svc__PublicUrl');
  if (v === undefined) return null;
  return readHttpUrl('Svc__PublicUrl', v.trim(), (url, raw) => {
    if (url.username || url.password) return 'must not hold a user name or password';
    if (raw.includes('?')) return 'must not have a query';
    if (raw.includes('#')) return 'must not have a fragment';
    return null;
  }).replace(/\/+$/, '');
}

function readTrustedProxies(env: Environment): AddressRange[] {
  const v = value(env, 'Svc__TrustedProxies');
  if (v === undefined) return [];
  const ranges: AddressRange[] = [];
  for (const raw of v.split(';')) {
    const entry = raw.trim();
    if (entry === '') continue;
    const parsed = parseAddressRange(entry);
    if ('error' in parsed) {
      refuse(
        `Svc__TrustedProxies entry "${entry}" ${parsed.error}. List the proxy addresses or CIDR ranges separated by ";" (for example "10.0.0.5;172.30.250.0/24").`,
      );
    }
    ranges.push(parsed);
  }
  return ranges;
}

/** What a local service bound to a loopback address answers for when AllowedHosts is not set. */
export const loopbackHostNames = Object.freeze(['localhost', '127.0.0.1', '[::1]']);

function isLoopbackBindAddress(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/**
 * AllowedHosts (part 2 "Environment", default `*`). A local service listening
 * on a loopback address answers by default only for loopback names (and the
 * bind address itself): with `*` a web page could reach it through a host
 * name of its own that resolves to 127.0.0.1 (DNS rebinding). Setting
 * AllowedHosts, `*` included, replaces that default.
 */
function readAllowedHosts(env: Environment, profile: Profile, bindHost: string): string[] {
  const given = env.AllowedHosts !== undefined && env.AllowedHosts.trim() !== '';
  if (profile !== 'hosted' && !given && isLoopbackBindAddress(bindHost)) {
    const bind = bindHost.includes(':') && !bindHost.startsWith('[') ? `[${bindHost}]` : bindHost;
    return [...new Set([...loopbackHostNames, bind.toLowerCase()])];
  }
  const raw = env.AllowedHosts ?? environmentDefaults.allowedHosts;
  const entries = raw.split(';').map((e) => e.trim());
  if (profile !== 'hosted') return given ? entries.filter((e) => e !== '') : [environmentDefaults.allowedHosts];
  const fix = 'Set AllowedHosts to the public host names separated by ";" (for example "design.example.com").';
  if (raw.trim() === '') refuse(`AllowedHosts is empty in the hosted profile. ${fix}`);
  for (const entry of entries) {
    if (entry === '') refuse(`AllowedHosts holds an empty entry in the hosted profile. ${fix}`);
    if (entry.includes('*')) refuse(`AllowedHosts holds the wildcard "${entry}" in the hosted profile. ${fix}`);
    if (entry === '0.0.0.0' || entry === '::' || entry === '[::]') {
      refuse(`AllowedHosts holds "${entry}", which matches any address, in the hosted profile. ${fix}`);
    }
  }
  return entries;
}

function readDatabase(env: Environment, profile: Profile): ServiceConfig['database'] {
  const migrateOnStartup = readBoolean(env, 'Database__MigrateOnStartup', environmentDefaults.migrateOnStartup);
  const variable = value(env, 'ConnectionStrings__DefaultConnection') !== undefined
    ? 'ConnectionStrings__DefaultConnection'
    : value(env, 'DATABASE_URL') !== undefined
      ? 'DATABASE_URL'
      : null;
  if (variable === null) {
    if (profile === 'hosted') {
      refuse('ConnectionStrings__DefaultConnection is required in the hosted profile. Set it to a postgres:// URL or a Host=…;Database=…;Username=…;Password=… connection string.');
    }
    return { connection: null, variable: null, migrateOnStartup };
  }
  try {
    return { connection: parseConnectionString(env[variable]!), variable, migrateOnStartup };
  } catch (error) {
    return refuse(
      `${variable} ${(error as Error).message}. Set it to a postgres:// URL or a Host=…;Port=…;Database=…;Username=…;Password=… connection string.`,
    );
  }
}

function readExternalProvider(env: Environment, prefix: string): ExternalSignInProvider | null {
  const clientId = value(env, `${prefix}__ClientId`);
  const clientSecret = value(env, `${prefix}__ClientSecret`);
  const base = value(env, `${prefix}__BaseUrl`);
  const baseUrl =
    base === undefined
      ? null
      : readHttpUrl(`${prefix}__BaseUrl`, base.trim(), (url, raw) => {
          if (url.username || url.password) return 'must not hold a user name or password';
          if (raw.includes('?') || raw.includes('#')) return 'must be a plain address without query or fragment';
          return null;
        }).replace(/\/+$/, '');
  // Offered only when both are set (part 2 "Authentication").
  if (clientId === undefined || clientSecret === undefined) return null;
  return { clientId, clientSecret, baseUrl };
}

function readPriceCatalogs(env: Environment): PriceCatalogConfig {
  const address = (name: string, fallback: string) => {
    const v = value(env, name);
    if (v === undefined) return fallback;
    return readHttpUrl(name, v.trim(), (url, raw) => {
      if (url.username || url.password) return 'must not hold a user name or password';
      if (raw.includes('?') || raw.includes('#')) return 'must be a plain address without query or fragment';
      return null;
    }).replace(/\/+$/, '');
  };
  const timeout = value(env, 'Svc__Prices__CatalogTimeoutMs');
  if (timeout !== undefined && !/^\d{1,6}$/.test(timeout.trim())) {
    refuse(`Svc__Prices__CatalogTimeoutMs must be a whole number of milliseconds (got "${timeout}"). Unset it for ${priceCatalogDefaults.timeoutMs}.`);
  }
  return {
    awsPriceListUrl: address('Svc__Prices__AwsPriceListUrl', priceCatalogDefaults.awsPriceListUrl),
    gcpBillingUrl: address('Svc__Prices__GcpBillingUrl', priceCatalogDefaults.gcpBillingUrl),
    timeoutMs: timeout === undefined ? priceCatalogDefaults.timeoutMs : Math.min(60_000, Math.max(100, Number(timeout.trim()))),
  };
}

function readHttp(env: Environment): ServiceConfig['http'] {
  const host = value(env, 'HOST')?.trim() ?? environmentDefaults.httpHost;
  const portText = value(env, 'PORT')?.trim();
  if (portText === undefined) return { host, port: environmentDefaults.httpPort };
  if (!/^\d+$/.test(portText) || Number(portText) > 65535) {
    return refuse(`PORT must be a port number from 0 to 65535 (got "${portText}"). Fix or unset it for 8080.`);
  }
  return { host, port: Number(portText) };
}

/**
 * Reads and checks the environment. Pure: no file, network or database access
 * (those checks run at start, see `local/start-service.ts`). Throws
 * `StartupRefusalError` with a message naming the fix.
 */
export function readServiceConfig(env: Environment, cwd: string = process.cwd()): ServiceConfig {
  const profileText = env.Svc__Profile === undefined || env.Svc__Profile === '' ? environmentDefaults.profile : env.Svc__Profile;
  if (profileText !== 'local' && profileText !== 'hosted') {
    refuse(`Svc__Profile must be "local" or "hosted" (got "${profileText}"). Set it to one of them, or unset it for local.`);
  }
  const profile: Profile = profileText;

  const masterKey = readMasterKeySetting(env, 'Svc__MasterKey', 'Svc__MasterKeyFile');
  const previousMasterKey = readMasterKeySetting(env, 'Svc__PreviousMasterKey', 'Svc__PreviousMasterKeyFile');
  if (profile === 'hosted' && masterKey.source === 'none') {
    refuse('The hosted profile needs a master key. Set Svc__MasterKey (base64 of 32 random bytes, e.g. from `openssl rand -base64 32`) or Svc__MasterKeyFile.');
  }

  const secureCookies = readBoolean(env, 'Svc__SecureCookies', profile === 'hosted');
  if (profile === 'hosted' && !secureCookies) {
    refuse('Svc__SecureCookies is false in the hosted profile. Set it to true (or unset it): hosted sessions need Secure cookies.');
  }

  const setupToken = value(env, 'Svc__SetupToken') ?? null;
  if (setupToken !== null && setupToken.length < 16) {
    refuse(`Svc__SetupToken is ${setupToken.length} characters long. Set it to at least 16 characters (for example \`openssl rand -hex 16\`).`);
  }

  const otlp = value(env, 'OTEL_EXPORTER_OTLP_ENDPOINT');
  const otlpEndpoint = otlp === undefined ? null : readHttpUrl('OTEL_EXPORTER_OTLP_ENDPOINT', otlp.trim(), () => null);
  const nerdGraph = value(env, 'Svc__NewRelic__GraphqlUrl');
  const newRelicGraphqlUrl = nerdGraph === undefined ? null : readHttpUrl('Svc__NewRelic__GraphqlUrl', nerdGraph.trim(), () => null);

  const http = readHttp(env);

  return {
    profile,
    database: readDatabase(env, profile),
    masterKey,
    previousMasterKey,
    dataDirectory: resolve(cwd, value(env, 'Svc__DataDirectory') ?? environmentDefaults.dataDirectory),
    sourcesRoot: profile === 'local' && value(env, 'Svc__SourcesRoot') !== undefined ? resolve(cwd, env.Svc__SourcesRoot!) : null,
    publicUrl: readPublicUrl(env),
    importWorker: {
      parallelism: readClampedInteger(env, 'Import__Worker__Parallelism', environmentDefaults.importWorkerParallelism, 1, 32),
      maxRunningPerHost: readClampedInteger(env, 'Import__Worker__MaxRunningPerHost', environmentDefaults.importWorkerMaxRunningPerHost, 1, 64),
    },
    setupToken,
    secureCookies,
    allowedHosts: readAllowedHosts(env, profile, http.host),
    trustedProxies: readTrustedProxies(env),
    telemetry: { otlpEndpoint },
    newRelicGraphqlUrl,
    priceCatalogs: readPriceCatalogs(env),
    webhooks: {
      timeoutMs: readClampedInteger(env, 'Svc__Webhooks__TimeoutMs', webhookDeliveryDefaults.timeoutMs, 100, 60_000),
      backoffBaseMs: readClampedInteger(env, 'Svc__Webhooks__BackoffBaseMs', webhookDeliveryDefaults.backoffBaseMs, 10, 3_600_000),
    },
    externalSignIn: {
      github: readExternalProvider(env, 'Authentication__GitHub'),
      gitlab: readExternalProvider(env, 'Authentication__GitLab'),
    },
    http,
  };
}
