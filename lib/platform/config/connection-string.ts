import type { PoolConfig } from 'pg';

/** Connection settings for node-postgres, read from either accepted form. */
export type PostgresConnection = Pick<PoolConfig, 'connectionString' | 'host' | 'port' | 'database' | 'user' | 'password' | 'ssl'>;

const keyAliases: Record<string, 'host' | 'port' | 'database' | 'user' | 'password' | 'sslmode' | 'ignored'> = {
  host: 'host',
  server: 'host',
  port: 'port',
  database: 'database',
  'initial catalog': 'database',
  username: 'user',
  'user name': 'user',
  'user id': 'user',
  userid: 'user',
  user: 'user',
  password: 'password',
  'ssl mode': 'sslmode',
  sslmode: 'sslmode',
  // Pool tuning keys of the key=value form that node-postgres sets elsewhere.
  pooling: 'ignored',
  'maximum pool size': 'ignored',
  'minimum pool size': 'ignored',
  timeout: 'ignored',
  'command timeout': 'ignored',
  'include error detail': 'ignored',
  'trust server certificate': 'ignored',
};

/**
 * Reads `ConnectionStrings__DefaultConnection` / `DATABASE_URL`: a
 * `postgres://` URL or the `Host=…;Port=…;Database=…;Username=…;Password=…`
 * form. Throws an Error whose message says what is wrong (never the password).
 */
export function parseConnectionString(text: string): PostgresConnection {
  const trimmed = text.trim();
  if (/^postgres(ql)?:\/\//i.test(trimmed)) {
    try {
      const url = new URL(trimmed);
      if (!url.hostname && !url.searchParams.get('host')) throw new Error('no host');
    } catch {
      throw new Error('is not a valid postgres:// URL');
    }
    return { connectionString: trimmed };
  }
  if (!trimmed.includes('=')) {
    throw new Error('is neither a postgres:// URL nor a Host=…;Database=… connection string');
  }
  const result: PostgresConnection = {};
  const parts = trimmed.split(';');
  for (const [index, part] of parts.entries()) {
    if (part.trim() === '') continue;
    const eq = part.indexOf('=');
    // The entry is not quoted back: it may be the tail of a password holding ";".
    if (eq < 0) throw new Error(`has an entry without "=" (entry ${index + 1} of ${parts.length}; a password holding ";" must use the postgres:// form)`);
    const key = part.slice(0, eq).trim().toLowerCase();
    const value = part.slice(eq + 1).trim();
    const target = keyAliases[key];
    if (target === undefined) throw new Error(`has an unknown key "${part.slice(0, eq).trim()}"`);
    switch (target) {
      case 'host':
        result.host = value;
        break;
      case 'port':
        if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 65535) {
          throw new Error(`has a Port that is not a number from 1 to 65535`);
        }
        result.port = Number(value);
        break;
      case 'database':
        result.database = value;
        break;
      case 'user':
        result.user = value;
        break;
      case 'password':
        result.password = value;
        break;
      case 'sslmode': {
        const mode = value.toLowerCase();
        if (mode === 'require' || mode === 'verifyfull' || mode === 'verify-full' || mode === 'verifyca' || mode === 'verify-ca') {
          result.ssl = { rejectUnauthorized: mode.startsWith('verify') };
        } else if (mode !== 'disable' && mode !== 'prefer' && mode !== 'allow') {
          throw new Error(`has an unknown SSL Mode "${value}"`);
        }
        break;
      }
      case 'ignored':
        break;
    }
  }
  if (!result.host) throw new Error('has no Host');
  return result;
}

/** A description of where a connection goes, safe for logs (no password). */
export function describeConnection(connection: PostgresConnection): string {
  if (connection.connectionString) {
    try {
      const url = new URL(connection.connectionString);
      return `${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
    } catch {
      return 'postgres';
    }
  }
  return `${connection.host}${connection.port ? `:${connection.port}` : ''}/${connection.database ?? ''}`;
}
