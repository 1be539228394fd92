import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { PostgresConnection } from '../../lib/platform/config/connection-string';
import { openDatabase, type DatabaseHandle } from '../../lib/platform/db/open-database';

export interface TestDatabase extends DatabaseHandle {
  name: string;
  connection: PostgresConnection;
  /** A postgres:// URL, for a server process under test. */
  url: string;
  drop(): Promise<void>;
}

function urlOf(connection: PostgresConnection, database: string): string {
  if (connection.connectionString) {
    const u = new URL(connection.connectionString);
    u.pathname = `/${database}`;
    return u.toString();
  }
  const auth = connection.user ? `${encodeURIComponent(connection.user)}${connection.password ? `:${encodeURIComponent(String(connection.password))}` : ''}@` : '';
  return `postgres://${auth}${connection.host}:${connection.port ?? 5432}/${database}`;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client(inject('pgAdmin'));
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database of its own for one test file: a clone of the
 * template the global setup migrated.
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const name = `svc_test_${randomBytes(6).toString('hex')}`;
  const template = options.migrated === false ? 'template0' : inject('pgTemplate');
  await adminQuery(`create database ${name} template ${template}`);
  const url = urlOf(inject('pgAdmin'), name);
  const connection: PostgresConnection = { connectionString: url };
  const handle = openDatabase(connection, { maxConnections: 5 });
  return {
    ...handle,
    name,
    connection,
    url,
    async drop() {
      await handle.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}
