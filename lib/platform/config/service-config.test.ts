import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseConnectionString } from './connection-string';
import { readServiceConfig, type Environment } from './service-config';
import { StartupRefusalError } from './startup-refusal';

const key = Buffer.alloc(32, 7).toString('base64');
const cwd = '/srv/svc';
const hosted: Environment = {
  Svc__Profile: 'hosted',
  Svc__MasterKey: key,
  ConnectionStrings__DefaultConnection: 'postgres://svc:pw@db.internal:5432/svc',
  AllowedHosts: 'design.example.com',
};

function refusal(env: Environment): StartupRefusalError {
  try {
    readServiceConfig(env, cwd);
  } catch (error) {
    expect(error).toBeInstanceOf(StartupRefusalError);
    return error as StartupRefusalError;
  }
  throw new Error(`readServiceConfig accepted ${JSON.stringify(env)}`);
}

describe('readServiceConfig defaults', () => {
  it('an empty environment gives the local profile with every documented default', () => {
    const config = readServiceConfig({}, cwd);
    expect(config).toEqual({
      profile: 'local',
      database: { connection: null, variable: null, migrateOnStartup: true },
      masterKey: { source: 'none' },
      previousMasterKey: { source: 'none' },
      dataDirectory: resolve(cwd, 'data'),
      sourcesRoot: null,
      publicUrl: null,
      importWorker: { parallelism: 2, maxRunningPerHost: 2 },
      setupToken: null,
      secureCookies: false,
      allowedHosts: ['localhost', '127.0.0.1', '[::1]'],
      trustedProxies: [],
      telemetry: { otlpEndpoint: null },
      newRelicGraphqlUrl: null,
      priceCatalogs: { awsPriceListUrl: 'https://pricing.us-east-1.amazonaws.com', gcpBillingUrl: 'https://cloudbilling.googleapis.com', timeoutMs: 10_000 },
      webhooks: { timeoutMs: 10_000, backoffBaseMs: 60_000 },
      externalSignIn: { github: null, gitlab: null },
      http: { host: '127.0.0.1', port: 8080 },
    });
  });

  it('an empty Svc__Profile is the local profile', () => {
    expect(readServiceConfig({ Svc__Profile: '' }, cwd).profile).toBe('local');
  });

  it('the hosted profile defaults to Secure cookies and keeps the same worker defaults', () => {
    const config = readServiceConfig(hosted, cwd);
    expect(config.profile).toBe('hosted');
    expect(config.secureCookies).toBe(true);
    expect(config.importWorker).toEqual({ parallelism: 2, maxRunningPerHost: 2 });
    expect(config.database.migrateOnStartup).toBe(true);
    expect(config.allowedHosts).toEqual(['design.example.com']);
    expect(config.masterKey).toEqual({ source: 'environment', variable: 'Svc__MasterKey', base64: key });
  });

  it('the sources root is a local-profile setting only', () => {
    expect(readServiceConfig({ Svc__SourcesRoot: 'sources' }, cwd).sourcesRoot).toBe(resolve(cwd, 'sources'));
    expect(readServiceConfig({ ...hosted, Svc__SourcesRoot: '/sources' }, cwd).sourcesRoot).toBeNull();
  });

  it('the local profile may switch Secure cookies on; the hosted profile refuses to switch them off', () => {
    expect(readServiceConfig({ Svc__SecureCookies: 'true' }, cwd).secureCookies).toBe(true);
    expect(readServiceConfig({ Svc__SecureCookies: 'FALSE' }, cwd).secureCookies).toBe(false);
    expect(refusal({ ...hosted, Svc__SecureCookies: 'false' }).message).toContain('Svc__SecureCookies');
  });

  it('accepts a setup token of 16 characters and refuses one of 15', () => {
    expect(readServiceConfig({ Svc__SetupToken: '0123456789abcdef' }, cwd).setupToken).toBe('0123456789abcdef');
    expect(refusal({ Svc__SetupToken: '0123456789abcde' }).message).toMatch(/Svc__SetupToken is 15 characters long.*at least 16/);
  });

  it('reads the data directory relative to the working directory', () => {
    expect(readServiceConfig({ Svc__DataDirectory: 'state' }, cwd).dataDirectory).toBe('/srv/svc/state');
    expect(readServiceConfig({ Svc__DataDirectory: '/var/lib/svc' }, cwd).dataDirectory).toBe('/var/lib/svc');
  });

  it('drops the trailing slash of Svc__PublicUrl', () => {
    expect(readServiceConfig({ Svc__PublicUrl: 'https://design.example.com/' }, cwd).publicUrl).toBe('https://design.example.com');
    expect(readServiceConfig({ Svc__PublicUrl: 'http://localhost:8080/svc' }, cwd).publicUrl).toBe('http://localhost:8080/svc');
  });

  it('reads the trusted proxies, ignoring spaces and empty entries', () => {
    const config = readServiceConfig({ Svc__TrustedProxies: ' 10.0.0.5 ; ;172.30.250.0/24;' }, cwd);
    expect(config.trustedProxies.map((r) => [r.text, r.family, r.prefixLength])).toEqual([
      ['10.0.0.5', 4, 32],
      ['172.30.250.0/24', 4, 24],
    ]);
  });

  it('a local service on a loopback address answers only for loopback names unless AllowedHosts says otherwise', () => {
    expect(readServiceConfig({ HOST: '127.0.0.2' }, cwd).allowedHosts).toEqual(['localhost', '127.0.0.1', '[::1]', '127.0.0.2']);
    expect(readServiceConfig({ HOST: '::1' }, cwd).allowedHosts).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(readServiceConfig({ AllowedHosts: '' }, cwd).allowedHosts).toEqual(['localhost', '127.0.0.1', '[::1]']);
    // Listening on every address (a container): the documented default, any host.
    expect(readServiceConfig({ HOST: '0.0.0.0' }, cwd).allowedHosts).toEqual(['*']);
    expect(readServiceConfig({ AllowedHosts: 'design.local;*.lan' }, cwd).allowedHosts).toEqual(['design.local', '*.lan']);
    expect(readServiceConfig({ AllowedHosts: '*' }, cwd).allowedHosts).toEqual(['*']);
  });

  it('splits AllowedHosts on ";" and trims the names', () => {
    expect(readServiceConfig({ ...hosted, AllowedHosts: 'a.example.com; b.example.com' }, cwd).allowedHosts).toEqual(['a.example.com', 'b.example.com']);
  });

  it('offers an external provider only when both client ID and secret are set', () => {
    expect(readServiceConfig({ Authentication__GitHub__ClientId: 'id' }, cwd).externalSignIn.github).toBeNull();
    expect(readServiceConfig({ Authentication__GitHub__ClientId: 'id', Authentication__GitHub__ClientSecret: 's' }, cwd).externalSignIn.github).toEqual({
      clientId: 'id',
      clientSecret: 's',
      baseUrl: null,
    });
    // GitHub Enterprise Server or a self-managed GitLab: the provider's own address.
    expect(readServiceConfig({ Authentication__GitLab__ClientId: 'id', Authentication__GitLab__ClientSecret: 's', Authentication__GitLab__BaseUrl: 'https://git.example.com/' }, cwd).externalSignIn.gitlab).toEqual({
      clientId: 'id',
      clientSecret: 's',
      baseUrl: 'https://git.example.com',
    });
  });
});

describe('import worker limits are moved to the nearest end', () => {
  it.each([
    ['0', 1],
    ['-5', 1],
    ['1', 1],
    ['7', 7],
    ['+7', 7],
    [' 12 ', 12],
    ['32', 32],
    ['33', 32],
    ['100000000000000000000', 32],
  ])('Import__Worker__Parallelism=%j gives %i', (text, expected) => {
    expect(readServiceConfig({ Import__Worker__Parallelism: text }, cwd).importWorker.parallelism).toBe(expected);
  });

  it.each([
    ['0', 1],
    ['-1', 1],
    ['2', 2],
    ['64', 64],
    ['65', 64],
    ['1000', 64],
  ])('Import__Worker__MaxRunningPerHost=%j gives %i', (text, expected) => {
    expect(readServiceConfig({ Import__Worker__MaxRunningPerHost: text }, cwd).importWorker.maxRunningPerHost).toBe(expected);
  });

  it('the two limits are independent', () => {
    expect(readServiceConfig({ Import__Worker__Parallelism: '40', Import__Worker__MaxRunningPerHost: '40' }, cwd).importWorker).toEqual({
      parallelism: 32,
      maxRunningPerHost: 40,
    });
  });

  it.each(['many', '2.5', '1e3', '0x10'])('a value that is not a whole number (%j) is refused naming the variable and the range', (text) => {
    expect(refusal({ Import__Worker__Parallelism: text }).message).toMatch(/Import__Worker__Parallelism.*from 1 to 32/);
    expect(refusal({ Import__Worker__MaxRunningPerHost: text }).message).toMatch(/Import__Worker__MaxRunningPerHost.*from 1 to 64/);
  });

  it('an empty value gives the default', () => {
    expect(readServiceConfig({ Import__Worker__Parallelism: '', Import__Worker__MaxRunningPerHost: ' ' }, cwd).importWorker).toEqual({
      parallelism: 2,
      maxRunningPerHost: 2,
    });
  });
});

describe('connection strings', () => {
  it('accepts a postgres:// URL as it is', () => {
    const url = 'postgres://svc:p%40ss@db.internal:5433/svc?sslmode=require';
    expect(readServiceConfig({ ConnectionStrings__DefaultConnection: url }, cwd).database).toEqual({
      connection: { connectionString: url },
      variable: 'ConnectionStrings__DefaultConnection',
      migrateOnStartup: true,
    });
    expect(parseConnectionString('postgresql://db/svc')).toEqual({ connectionString: 'postgresql://db/svc' });
  });

  it('reads the Host=…;Port=…;Database=…;Username=…;Password=… form', () => {
    expect(readServiceConfig({ ConnectionStrings__DefaultConnection: 'Host=db.internal;Port=5433;Database=svc;Username=app;Password=s3cret' }, cwd).database.connection).toEqual({
      host: 'db.internal',
      port: 5433,
      database: 'svc',
      user: 'app',
      password: 's3cret',
    });
  });

  it('reads the aliases and the SSL mode of the key=value form, keys in any case', () => {
    expect(parseConnectionString('Server=db; Initial Catalog=svc; User ID=app; password=pw; SSL Mode=Require; Pooling=true;')).toEqual({
      host: 'db',
      database: 'svc',
      user: 'app',
      password: 'pw',
      ssl: { rejectUnauthorized: false },
    });
    expect(parseConnectionString('Host=db;SslMode=VerifyFull').ssl).toEqual({ rejectUnauthorized: true });
    expect(parseConnectionString('Host=db;SSL Mode=Disable').ssl).toBeUndefined();
  });

  it('falls back to DATABASE_URL, and ConnectionStrings__DefaultConnection wins over it', () => {
    expect(readServiceConfig({ DATABASE_URL: 'postgres://a/x' }, cwd).database).toMatchObject({ variable: 'DATABASE_URL', connection: { connectionString: 'postgres://a/x' } });
    expect(readServiceConfig({ DATABASE_URL: 'postgres://a/x', ConnectionStrings__DefaultConnection: 'Host=b' }, cwd).database).toMatchObject({
      variable: 'ConnectionStrings__DefaultConnection',
      connection: { host: 'b' },
    });
  });

  it.each([
    ['just-a-word', 'neither a postgres:// URL'],
    ['postgres://', 'not a valid postgres:// URL'],
    ['Host=db;Port=99999', 'Port'],
    ['Host=db;Port=abc', 'Port'],
    ['Database=svc;Username=app', 'no Host'],
    ['Host=db;Colour=blue', 'unknown key "Colour"'],
    ['Host=db;SSL Mode=sometimes', 'unknown SSL Mode'],
    ['Host=db;oops', 'without "="'],
  ])('refuses %j naming the variable and the problem', (text, problem) => {
    const message = refusal({ ConnectionStrings__DefaultConnection: text }).message;
    expect(message).toContain('ConnectionStrings__DefaultConnection');
    expect(message).toContain(problem);
  });

  it('never puts the password into the refusal', () => {
    const message = refusal({ ConnectionStrings__DefaultConnection: 'Host=db;Password=TopSecret99;Colour=blue' }).message;
    expect(message).not.toContain('TopSecret99');
  });
});

const variables = [
  'Svc__Profile',
  'Svc__MasterKey',
  'Svc__MasterKeyFile',
  'Svc__PreviousMasterKey',
  'Svc__PreviousMasterKeyFile',
  'Svc__DataDirectory',
  'Svc__SourcesRoot',
  'Svc__PublicUrl',
  'Import__Worker__Parallelism',
  'Import__Worker__MaxRunningPerHost',
  'Svc__SetupToken',
  'Svc__SecureCookies',
  'AllowedHosts',
  'Database__MigrateOnStartup',
  'Svc__TrustedProxies',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'ConnectionStrings__DefaultConnection',
  'DATABASE_URL',
  'PORT',
  'HOST',
] as const;

/** Strings that reach the interesting branches more often than uniform text. */
const interestingText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('', ' ', 'local', 'hosted', 'true', 'false', '*', '0.0.0.0', '::', '[::]', ';', '0', '65536', 'fe80::%eth0', '::ffff:0:0/96', key),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.ipV4(),
  fc.ipV6(),
  fc.tuple(fc.oneof(fc.ipV4(), fc.ipV6()), fc.string()).map(([a, b]) => `${a}/${b}`),
  fc.tuple(fc.ipV6(), fc.string({ minLength: 1 })).map(([a, b]) => `${a}%${b}`),
  fc.array(fc.tuple(fc.constantFrom('Host', 'Port', 'Database', 'Username', 'Password', 'SSL Mode', 'Server', 'Timeout'), fc.string()), { maxLength: 5 }).map((pairs) =>
    pairs.map(([k, v]) => `${k}=${v}`).join(';'),
  ),
  fc.string().map((s) => `postgres://${s}`),
);

describe('never fails in an unexpected way', () => {
  it('parseConnectionString returns settings with a host, or throws an Error with a message', () => {
    fc.assert(
      fc.property(interestingText, (text) => {
        let result: ReturnType<typeof parseConnectionString>;
        try {
          result = parseConnectionString(text);
        } catch (error) {
          expect(error).toBeInstanceOf(Error);
          expect((error as Error).message.length).toBeGreaterThan(0);
          return;
        }
        expect(result.connectionString ?? result.host).toBeTruthy();
      }),
      { numRuns: 3000 },
    );
  });

  it('readServiceConfig returns a config or throws a StartupRefusalError, on any environment', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...variables), interestingText, { maxKeys: 8 }), (env) => {
        let config: ReturnType<typeof readServiceConfig>;
        try {
          config = readServiceConfig(env, cwd);
        } catch (error) {
          // Anything else would print "unexpected failure" and a stack trace instead of the fix.
          expect(error).toBeInstanceOf(StartupRefusalError);
          expect((error as Error).message.length).toBeGreaterThan(0);
          return;
        }
        expect(['local', 'hosted']).toContain(config.profile);
        expect(config.importWorker.parallelism).toBeGreaterThanOrEqual(1);
        expect(config.importWorker.parallelism).toBeLessThanOrEqual(32);
        expect(config.importWorker.maxRunningPerHost).toBeGreaterThanOrEqual(1);
        expect(config.importWorker.maxRunningPerHost).toBeLessThanOrEqual(64);
        if (config.setupToken !== null) expect(config.setupToken.length).toBeGreaterThanOrEqual(16);
        if (config.profile === 'hosted') {
          expect(config.secureCookies).toBe(true);
          expect(config.masterKey.source).not.toBe('none');
          expect(config.database.connection).not.toBeNull();
          expect(config.allowedHosts.length).toBeGreaterThan(0);
          for (const host of config.allowedHosts) expect(host === '' || host.includes('*') || ['0.0.0.0', '::', '[::]'].includes(host)).toBe(false);
        }
        for (const range of config.trustedProxies) expect(range.prefixLength).toBeGreaterThan(0);
      }),
      { numRuns: 3000 },
    );
  });

  it('readServiceConfig reaches the hosted checks with arbitrary values of the other variables', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...variables.filter((v) => v !== 'Svc__Profile')), interestingText, { maxKeys: 6 }), (extra) => {
        try {
          readServiceConfig({ ...hosted, ...extra }, cwd);
        } catch (error) {
          expect(error).toBeInstanceOf(StartupRefusalError);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('Svc__NewRelic__GraphqlUrl', () => {
  it('an absolute http(s) URL replaces the region addresses; anything else refuses the start naming the variable', () => {
    expect(readServiceConfig({ Svc__NewRelic__GraphqlUrl: 'https://gov-api.newrelic.com/graphql' }, '/srv').newRelicGraphqlUrl).toBe('https://gov-api.newrelic.com/graphql');
    expect(() => readServiceConfig({ Svc__NewRelic__GraphqlUrl: 'nerdgraph' }, '/srv')).toThrow(/Svc__NewRelic__GraphqlUrl must be an absolute http or https URL/);
  });
});

describe('Svc__Prices__AwsPriceListUrl, Svc__Prices__GcpBillingUrl, Svc__Prices__CatalogTimeoutMs', () => {
  it('replace the fixed catalog addresses and the time limit; a wrong value refuses the start naming the variable', () => {
    const config = readServiceConfig({ Svc__Prices__AwsPriceListUrl: 'http://127.0.0.1:9000/', Svc__Prices__GcpBillingUrl: 'https://billing-mirror.example.com/gcp', Svc__Prices__CatalogTimeoutMs: '1500' }, '/srv');
    expect(config.priceCatalogs).toEqual({ awsPriceListUrl: 'http://127.0.0.1:9000', gcpBillingUrl: 'https://billing-mirror.example.com/gcp', timeoutMs: 1500 });
    expect(readServiceConfig({ Svc__Prices__CatalogTimeoutMs: '5' }, '/srv').priceCatalogs.timeoutMs).toBe(100);
    expect(() => readServiceConfig({ Svc__Prices__AwsPriceListUrl: 'pricing' }, '/srv')).toThrow(/Svc__Prices__AwsPriceListUrl must be an absolute http or https URL/);
    expect(() => readServiceConfig({ Svc__Prices__GcpBillingUrl: 'https://x.example.com/?key=1' }, '/srv')).toThrow(/Svc__Prices__GcpBillingUrl must be a plain address/);
    expect(() => readServiceConfig({ Svc__Prices__CatalogTimeoutMs: '2s' }, '/srv')).toThrow(/Svc__Prices__CatalogTimeoutMs must be a whole number/);
  });
});

describe('Svc__Webhooks__TimeoutMs, Svc__Webhooks__BackoffBaseMs', () => {
  it('shorten the webhook try and the first backoff step, moved into their ranges; a word refuses the start naming the variable', () => {
    expect(readServiceConfig({ Svc__Webhooks__TimeoutMs: '500', Svc__Webhooks__BackoffBaseMs: '20' }, '/srv').webhooks).toEqual({ timeoutMs: 500, backoffBaseMs: 20 });
    expect(readServiceConfig({ Svc__Webhooks__TimeoutMs: '5', Svc__Webhooks__BackoffBaseMs: '99999999' }, '/srv').webhooks).toEqual({ timeoutMs: 100, backoffBaseMs: 3_600_000 });
    expect(() => readServiceConfig({ Svc__Webhooks__TimeoutMs: '2s' }, '/srv')).toThrow(/Svc__Webhooks__TimeoutMs must be a whole number/);
  });
});
