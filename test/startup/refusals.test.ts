import { chmod, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { masterKeyId } from '../../lib/platform/crypto/master-key';
import { findFreePort } from '../../lib/platform/db/embedded-postgres';
import { rawRequest } from '../support/http-client';
import { logMessages, runServerCommand, serviceEnvironment, startServiceProcess, temporaryDirectory } from '../support/service-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

type Profile = 'local' | 'hosted';
type Overrides = Record<string, string | undefined>;

interface CaseContext {
  profile: Profile;
  /** A fresh, empty folder of this case; the local profile's data directory. */
  dir: string;
  /** A connection string to a port nobody listens on: a case that is not refused in time fails fast. */
  closedDatabase: string;
  /** A fresh database of this case (only when the case asks for one). */
  database(options?: { migrated?: boolean }): Promise<TestDatabase>;
}

interface RefusalCase {
  name: string;
  profiles: Profile[];
  /** Variables on top of the profile's otherwise valid base (undefined removes one). */
  env: (ctx: CaseContext) => Overrides | Promise<Overrides>;
  /** Words the one refusal line must hold: the problem and the fix. */
  expected: (ctx: CaseContext) => (string | RegExp)[];
}

const key = Buffer.alloc(32, 0x2a).toString('base64');
const loadedKeyId = masterKeyId(Buffer.from(key, 'base64'));
const setupToken = 'a-setup-token-of-32-characters!!';
const missingKeyId = 'feedfacefeedface';
const both: Profile[] = ['local', 'hosted'];

function base(profile: Profile, ctx: CaseContext): Overrides {
  return profile === 'local'
    ? { PORT: '0', Svc__DataDirectory: ctx.dir, ConnectionStrings__DefaultConnection: ctx.closedDatabase }
    : {
        PORT: '0',
        Svc__Profile: 'hosted',
        Svc__MasterKey: key,
        Svc__SetupToken: setupToken,
        ConnectionStrings__DefaultConnection: ctx.closedDatabase,
        AllowedHosts: 'example.com',
        // A hosted process keeps no files, but any accident lands in the case's folder.
        Svc__DataDirectory: ctx.dir,
      };
}

async function insertSessionKeys(database: TestDatabase, masterKey: string, rows: number): Promise<void> {
  for (let i = 0; i < rows; i++) {
    await sql`insert into session_keys (master_key_id, ciphertext) values (${masterKey}, ${Buffer.from(`sealed-${i}`)})`.execute(database.db);
  }
}

const cases: RefusalCase[] = [
  // ---- both profiles: configuration values --------------------------------
  ...['dev', 'production', 'Hosted'].map<RefusalCase>((value) => ({
    name: `Svc__Profile=${value}`,
    profiles: ['local'],
    env: () => ({ Svc__Profile: value }),
    expected: () => ['Svc__Profile', '"local" or "hosted"', `"${value}"`],
  })),
  {
    name: 'Svc__MasterKey too short (base64 of 16 bytes)',
    profiles: both,
    env: () => ({ Svc__MasterKey: Buffer.alloc(16, 1).toString('base64') }),
    expected: () => ['Svc__MasterKey', 'base64 of exactly 32 bytes', 'openssl rand -base64 32'],
  },
  {
    name: 'Svc__MasterKey too long (base64 of 33 bytes)',
    profiles: ['hosted'],
    env: () => ({ Svc__MasterKey: Buffer.alloc(33, 1).toString('base64') }),
    expected: () => ['Svc__MasterKey', 'base64 of exactly 32 bytes'],
  },
  {
    name: 'Svc__MasterKey not base64',
    profiles: both,
    env: () => ({ Svc__MasterKey: 'this is not base64 at all, not even close!!' }),
    expected: () => ['Svc__MasterKey', 'base64 of exactly 32 bytes', 'openssl rand -base64 32'],
  },
  {
    name: 'Svc__PreviousMasterKey not base64 of 32 bytes',
    profiles: both,
    env: () => ({ Svc__MasterKey: key, Svc__PreviousMasterKey: 'c2hvcnQ=' }),
    expected: () => ['Svc__PreviousMasterKey', 'base64 of exactly 32 bytes'],
  },
  {
    name: 'both Svc__MasterKey and Svc__MasterKeyFile',
    profiles: both,
    env: async (ctx) => {
      const file = join(ctx.dir, 'env.key');
      await writeFile(file, key, { mode: 0o600 });
      return { Svc__MasterKey: key, Svc__MasterKeyFile: file };
    },
    expected: () => ['Svc__MasterKey', 'Svc__MasterKeyFile', 'Set only one'],
  },
  {
    name: 'both Svc__PreviousMasterKey and Svc__PreviousMasterKeyFile',
    profiles: both,
    env: async (ctx) => {
      const file = join(ctx.dir, 'previous.key');
      await writeFile(file, key, { mode: 0o600 });
      return { Svc__MasterKey: key, Svc__PreviousMasterKey: Buffer.alloc(32, 1).toString('base64'), Svc__PreviousMasterKeyFile: file };
    },
    expected: () => ['Svc__PreviousMasterKey', 'Svc__PreviousMasterKeyFile', 'Set only one'],
  },
  {
    name: 'Svc__MasterKeyFile names a file that does not exist',
    profiles: both,
    env: (ctx) => ({ Svc__MasterKey: undefined, Svc__MasterKeyFile: join(ctx.dir, 'no-such.key') }),
    expected: (ctx) => ['Svc__MasterKeyFile', join(ctx.dir, 'no-such.key'), 'cannot be read', 'ENOENT', 'readable'],
  },
  {
    name: 'Svc__MasterKeyFile names a directory',
    profiles: both,
    env: (ctx) => ({ Svc__MasterKey: undefined, Svc__MasterKeyFile: ctx.dir }),
    expected: (ctx) => ['Svc__MasterKeyFile', ctx.dir, 'cannot be read', 'EISDIR'],
  },
  {
    name: 'Svc__PreviousMasterKeyFile names a file that does not exist',
    profiles: both,
    env: (ctx) => ({ Svc__MasterKey: key, Svc__PreviousMasterKeyFile: join(ctx.dir, 'old.key') }),
    expected: (ctx) => ['Svc__PreviousMasterKeyFile', join(ctx.dir, 'old.key'), 'cannot be read'],
  },
  {
    name: 'Svc__MasterKeyFile holds something other than a key',
    profiles: both,
    env: async (ctx) => {
      const file = join(ctx.dir, 'bad.key');
      await writeFile(file, 'hunter2\n', { mode: 0o600 });
      return { Svc__MasterKey: undefined, Svc__MasterKeyFile: file };
    },
    expected: (ctx) => ['Svc__MasterKeyFile', join(ctx.dir, 'bad.key'), 'base64 of exactly 32 bytes'],
  },
  ...['yes', '1', 'on'].map<RefusalCase>((value) => ({
    name: `Svc__SecureCookies=${value}`,
    profiles: both,
    env: () => ({ Svc__SecureCookies: value }),
    expected: () => ['Svc__SecureCookies', 'true or false', `"${value}"`],
  })),
  ...(
    [
      ['design.example.com', 'absolute http or https URL'],
      ['/svc', 'absolute http or https URL'],
      ['https://design.example.com/?team=a', 'query'],
      ['https://design.example.com/#top', 'fragment'],
      ['https://admin@design.example.com', 'user name'],
      ['https://admin:pw@design.example.com', 'user name'],
      ['ftp://design.example.com', 'absolute http or https URL'],
    ] as const
  ).map<RefusalCase>(([value, problem]) => ({
    name: `Svc__PublicUrl=${value}`,
    profiles: both,
    env: () => ({ Svc__PublicUrl: value }),
    expected: () => ['Svc__PublicUrl', problem, 'Fix or unset it'],
  })),
  {
    name: 'Svc__SetupToken shorter than 16 characters',
    profiles: both,
    env: () => ({ Svc__SetupToken: '15-characters!!' }),
    expected: () => ['Svc__SetupToken', '15 characters', 'at least 16 characters'],
  },
  ...(
    [
      ['garbage', 'neither an address nor a CIDR range'],
      ['10.0.0.5;proxy.internal', 'neither an address nor a CIDR range'],
      ['0.0.0.0/0', 'covers every address'],
      ['::/0', 'covers every address'],
      ['10.0.0.0/33', 'prefix length outside 1 to 32'],
      ['2001:db8::/129', 'prefix length outside 1 to 128'],
    ] as const
  ).map<RefusalCase>(([value, problem]) => ({
    name: `Svc__TrustedProxies=${value}`,
    profiles: both,
    env: () => ({ Svc__TrustedProxies: value }),
    expected: () => ['Svc__TrustedProxies', problem, 'CIDR ranges separated by ";"'],
  })),
  ...['collector:4318', 'grpc://collector:4317', 'not a url'].map<RefusalCase>((value) => ({
    name: `OTEL_EXPORTER_OTLP_ENDPOINT=${value}`,
    profiles: both,
    env: () => ({ OTEL_EXPORTER_OTLP_ENDPOINT: value }),
    expected: () => ['OTEL_EXPORTER_OTLP_ENDPOINT', 'absolute http or https URL', 'Fix or unset it'],
  })),
  // ---- both profiles: data under a key that is not loaded --------------------
  {
    name: 'session keys stored under a master key that is not loaded',
    profiles: both,
    env: async (ctx) => {
      const database = await ctx.database();
      await insertSessionKeys(database, missingKeyId, 3);
      await insertSessionKeys(database, loadedKeyId, 1);
      return { Svc__MasterKey: key, ConnectionStrings__DefaultConnection: database.url };
    },
    expected: () => ['not loaded', `${missingKeyId} (3 session keys)`, `Loaded keys: ${loadedKeyId}`, 'Svc__MasterKey', 'svc keys forget'],
  },
  // ---- local profile ---------------------------------------------------------
  {
    name: 'no master key, no master.key file, and the database holds data under a key',
    profiles: ['local'],
    env: async (ctx) => {
      const database = await ctx.database();
      await insertSessionKeys(database, missingKeyId, 2);
      return { ConnectionStrings__DefaultConnection: database.url };
    },
    expected: (ctx) => ['No master key is set', join(ctx.dir, 'master.key'), `${missingKeyId} (2 session keys)`, 'Svc__MasterKey', 'svc keys forget'],
  },
  {
    name: 'no master key and the database cannot be reached',
    profiles: ['local'],
    env: () => ({}),
    expected: () => ['database cannot be reached', 'ConnectionStrings__DefaultConnection', 'ECONNREFUSED', 'whether a master key is needed'],
  },
  {
    name: 'master.key readable by other users (mode 644)',
    profiles: ['local'],
    env: async (ctx) => {
      const file = join(ctx.dir, 'master.key');
      await writeFile(file, `${key}\n`);
      await chmod(file, 0o644);
      return { ConnectionStrings__DefaultConnection: (await ctx.database()).url };
    },
    expected: (ctx) => ['Other users can read or change', join(ctx.dir, 'master.key'), '644', `chmod 600 ${join(ctx.dir, 'master.key')}`],
  },
  {
    name: 'master.key writable by the group (mode 620)',
    profiles: ['local'],
    env: async (ctx) => {
      const file = join(ctx.dir, 'master.key');
      await writeFile(file, `${key}\n`);
      await chmod(file, 0o620);
      return { ConnectionStrings__DefaultConnection: (await ctx.database()).url };
    },
    expected: (ctx) => ['Other users can read or change', join(ctx.dir, 'master.key'), 'chmod 600'],
  },
  {
    name: 'master.key empty',
    profiles: ['local'],
    env: async (ctx) => {
      await writeFile(join(ctx.dir, 'master.key'), '', { mode: 0o600 });
      return { ConnectionStrings__DefaultConnection: (await ctx.database()).url };
    },
    expected: (ctx) => [join(ctx.dir, 'master.key'), 'is empty', 'Svc__MasterKey'],
  },
  {
    name: 'master.key holding something other than a key',
    profiles: ['local'],
    env: async (ctx) => {
      await writeFile(join(ctx.dir, 'master.key'), 'c2hvcnQ=\n', { mode: 0o600 });
      return { ConnectionStrings__DefaultConnection: (await ctx.database()).url };
    },
    expected: (ctx) => [join(ctx.dir, 'master.key'), 'base64 of exactly 32 bytes', 'Svc__MasterKey'],
  },
  {
    name: 'master.key is a directory',
    profiles: ['local'],
    env: async (ctx) => {
      await mkdir(join(ctx.dir, 'master.key'));
      return { ConnectionStrings__DefaultConnection: (await ctx.database()).url };
    },
    expected: (ctx) => [join(ctx.dir, 'master.key'), 'not a regular file', 'mode 600'],
  },
  {
    name: 'data directory not writable (below a regular file)',
    profiles: ['local'],
    env: async (ctx) => {
      await writeFile(join(ctx.dir, 'file'), 'not a folder');
      return { Svc__DataDirectory: join(ctx.dir, 'file', 'data') };
    },
    expected: (ctx) => ['data directory', join(ctx.dir, 'file', 'data'), 'cannot be created or written', 'Svc__DataDirectory'],
  },
  {
    name: 'setup-code unreadable (a directory)',
    profiles: ['local'],
    env: async (ctx) => {
      const database = await ctx.database();
      await mkdir(join(ctx.dir, 'setup-code'));
      return { ConnectionStrings__DefaultConnection: database.url };
    },
    expected: (ctx) => [join(ctx.dir, 'setup-code'), 'cannot be read', 'EISDIR', 'delete it'],
  },
  {
    name: 'setup-code empty',
    profiles: ['local'],
    env: async (ctx) => {
      const database = await ctx.database();
      await writeFile(join(ctx.dir, 'setup-code'), '\n', { mode: 0o600 });
      return { ConnectionStrings__DefaultConnection: database.url };
    },
    expected: (ctx) => [join(ctx.dir, 'setup-code'), 'is empty', 'Delete it'],
  },
  {
    name: 'setup-code shorter than 16 characters',
    profiles: ['local'],
    env: async (ctx) => {
      const database = await ctx.database();
      await writeFile(join(ctx.dir, 'setup-code'), 'ABCDEFGHJKLMNPQ\n', { mode: 0o600 });
      return { ConnectionStrings__DefaultConnection: database.url };
    },
    expected: (ctx) => [join(ctx.dir, 'setup-code'), '15 characters', 'at least 16', 'Delete it'],
  },
  // ---- hosted profile --------------------------------------------------------
  {
    name: 'no master key',
    profiles: ['hosted'],
    env: () => ({ Svc__MasterKey: undefined }),
    expected: () => ['hosted profile needs a master key', 'Svc__MasterKey', 'Svc__MasterKeyFile'],
  },
  {
    name: 'AllowedHosts not set (defaults to *)',
    profiles: ['hosted'],
    env: () => ({ AllowedHosts: undefined }),
    expected: () => ['AllowedHosts', 'wildcard', 'public host names'],
  },
  ...(
    [
      ['', 'empty'],
      ['   ', 'empty'],
      ['*', 'wildcard'],
      ['*.example.com', 'wildcard'],
      ['design.example.com;*', 'wildcard'],
      ['0.0.0.0', 'matches any address'],
      ['::', 'matches any address'],
      ['[::]', 'matches any address'],
      ['a.example.com;;b.example.com', 'empty entry'],
      ['a.example.com;', 'empty entry'],
    ] as const
  ).map<RefusalCase>(([value, problem]) => ({
    name: `AllowedHosts=${JSON.stringify(value)}`,
    profiles: ['hosted'],
    env: () => ({ AllowedHosts: value }),
    expected: () => ['AllowedHosts', problem, 'public host names separated by ";"'],
  })),
  {
    name: 'Svc__SecureCookies=false',
    profiles: ['hosted'],
    env: () => ({ Svc__SecureCookies: 'false' }),
    expected: () => ['Svc__SecureCookies is false in the hosted profile', 'Set it to true'],
  },
  {
    name: 'no user and no Svc__SetupToken',
    profiles: ['hosted'],
    env: async (ctx) => {
      const database = await ctx.database();
      return { Svc__SetupToken: undefined, ConnectionStrings__DefaultConnection: database.url };
    },
    expected: () => ['No account exists', 'Svc__SetupToken', 'at least 16 characters'],
  },
  {
    name: 'no connection string',
    profiles: ['hosted'],
    env: () => ({ ConnectionStrings__DefaultConnection: undefined }),
    expected: () => ['ConnectionStrings__DefaultConnection is required in the hosted profile', 'postgres://'],
  },
  // ---- DBX001 ---------------------------------------------------------------
  {
    name: 'Database__MigrateOnStartup=false on a database that is behind (DBX001)',
    profiles: both,
    env: async (ctx) => {
      const database = await ctx.database({ migrated: false });
      return { Svc__MasterKey: key, Database__MigrateOnStartup: 'false', ConnectionStrings__DefaultConnection: database.url };
    },
    expected: () => ['DBX001', 'behind', '0001-platform', 'Database__MigrateOnStartup=true', 'svc migrate'],
  },
  {
    name: 'Database__MigrateOnStartup not true or false',
    profiles: both,
    env: () => ({ Database__MigrateOnStartup: 'no' }),
    expected: () => ['Database__MigrateOnStartup', 'true or false'],
  },
];

const table = cases.flatMap((c) => c.profiles.map((profile) => ({ ...c, profile, title: `${profile}: ${c.name}` })));

let closedDatabase: string;

beforeAll(async () => {
  // Nothing listens here: a check that lets a case through ends at "cannot be reached" at once.
  closedDatabase = `postgres://svc:pw@127.0.0.1:${await findFreePort()}/svc`;
});

describe.concurrent('the service refuses to start, naming the problem and the fix', () => {
  it.each(table)('$title', async ({ profile, env, expected }) => {
    const dir = await temporaryDirectory('svc-refusal-');
    const databases: TestDatabase[] = [];
    const ctx: CaseContext = {
      profile,
      dir,
      closedDatabase,
      async database(options) {
        const database = await createTestDatabase(options);
        databases.push(database);
        return database;
      },
    };
    try {
      const result = await runServerCommand([], serviceEnvironment({ ...base(profile, ctx), ...(await env(ctx)) }), 20_000);
      const lines = logMessages(result.stderr).filter((l) => l.startsWith('svc: cannot start:'));
      expect(result.code, result.stderr).toBe(1);
      expect(lines, result.stderr).toHaveLength(1);
      const line = lines[0]!;
      expect(line).not.toContain('unexpected failure');
      for (const fragment of expected(ctx)) {
        if (typeof fragment === 'string') expect(line).toContain(fragment);
        else expect(line).toMatch(fragment);
      }
      expect(result.stdout).not.toContain('svc listening on');
    } finally {
      await Promise.all(databases.map((d) => d.drop()));
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('refusals leave the database and the data directory as they were', () => {
  it('DBX001 does not migrate the database it refuses', async () => {
    const database = await createTestDatabase({ migrated: false });
    const dir = await temporaryDirectory('svc-refusal-');
    try {
      const result = await runServerCommand(
        [],
        serviceEnvironment({ PORT: '0', Svc__DataDirectory: dir, Svc__MasterKey: key, Database__MigrateOnStartup: 'false', ConnectionStrings__DefaultConnection: database.url }),
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('DBX001');
      const tables = await sql<{ n: string }>`select count(*) as n from information_schema.tables where table_name in ('svc_migration', 'users', 'session_keys')`.execute(database.db);
      expect(Number(tables.rows[0]!.n)).toBe(0);
    } finally {
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a refusal over data under a missing key creates no master.key and no setup-code', async () => {
    const database = await createTestDatabase();
    const dir = await temporaryDirectory('svc-refusal-');
    try {
      await insertSessionKeys(database, missingKeyId, 1);
      const result = await runServerCommand([], serviceEnvironment({ PORT: '0', Svc__DataDirectory: dir, ConnectionStrings__DefaultConnection: database.url }));
      expect(result.code).toBe(1);
      await expect(stat(join(dir, 'master.key'))).rejects.toMatchObject({ code: 'ENOENT' });
      await expect(stat(join(dir, 'setup-code'))).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('configurations that start', () => {
  it('Database__MigrateOnStartup=false on an up-to-date database starts and answers /health', async () => {
    const database = await createTestDatabase();
    try {
      const service = await startServiceProcess({ Svc__MasterKey: key, Database__MigrateOnStartup: 'false', ConnectionStrings__DefaultConnection: database.url });
      try {
        expect((await fetch(`${service.url}/health`)).status).toBe(200);
      } finally {
        expect(await service.stop()).toBe(0);
      }
    } finally {
      await database.drop();
    }
  });

  it('a valid hosted configuration with Svc__SetupToken starts, answers /health and writes no setup code', async () => {
    const database = await createTestDatabase();
    const dir = await temporaryDirectory('svc-hosted-');
    try {
      const service = await startServiceProcess(
        {
          Svc__Profile: 'hosted',
          Svc__MasterKey: key,
          Svc__SetupToken: setupToken,
          ConnectionStrings__DefaultConnection: database.url,
          AllowedHosts: 'design.example.com;api.example.com',
          Svc__PublicUrl: 'https://design.example.com',
          Svc__TrustedProxies: '172.30.250.0/24; ::ffff:10.0.0.5',
          OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
        },
        { dataDirectory: dir },
      );
      try {
        // It answers for the names in AllowedHosts, not for the address it happens to listen on.
        const health = (host: string) => rawRequest(service.url, [`GET /health HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`]);
        expect((await health('design.example.com')).status).toBe(200);
        expect((await health(new URL(service.url).host)).status).toBe(400);
        expect(service.output()).toContain('profile hosted');
        expect(service.output()).not.toContain('SVC SETUP CODE:');
      } finally {
        expect(await service.stop()).toBe(0);
      }
      await expect(stat(join(dir, 'setup-code'))).rejects.toMatchObject({ code: 'ENOENT' });
      await expect(stat(join(dir, 'master.key'))).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('with both an environment key and a master.key file the service starts, uses the environment key and warns that the file is ignored', async () => {
    const database = await createTestDatabase();
    const dir = await temporaryDirectory('svc-local-');
    const fileKey = Buffer.alloc(32, 0x11).toString('base64');
    try {
      // Data under the environment key only: starting proves that key is the loaded one.
      await insertSessionKeys(database, loadedKeyId, 1);
      await writeFile(join(dir, 'master.key'), `${fileKey}\n`, { mode: 0o600 });
      const service = await startServiceProcess({ Svc__MasterKey: key, ConnectionStrings__DefaultConnection: database.url }, { dataDirectory: dir });
      try {
        expect((await fetch(`${service.url}/health`)).status).toBe(200);
        const warning = service
          .output()
          .split('\n')
          .find((l) => l.includes(join(dir, 'master.key')));
        expect(warning).toMatch(/\bwarn\b/);
        expect(warning).toContain('the file is ignored');
      } finally {
        expect(await service.stop()).toBe(0);
      }
      // The ignored file is left alone.
      expect((await readFile(join(dir, 'master.key'), 'utf8')).trim()).toBe(fileKey);
    } finally {
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
