import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { parseConnectionString, type PostgresConnection } from '../../lib/platform/config/connection-string';
import { startEmbeddedPostgres, type RunningEmbeddedPostgres } from '../../lib/platform/db/embedded-postgres';
import { migrateDatabase } from '../../lib/platform/db/migrate-database';
import { openDatabase } from '../../lib/platform/db/open-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection to the server's maintenance database, for CREATE DATABASE. */
    pgAdmin: PostgresConnection;
    /** A migrated database every test file clones. */
    pgTemplate: string;
  }
}

const fastFlags = ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300'];

/**
 * One PostgreSQL for the whole run: `TEST_DATABASE_URL` when set, else the
 * embedded one in a temporary folder. A migrated template database is made
 * once; each test file clones it (CREATE DATABASE … TEMPLATE), so files run in
 * parallel without sharing rows.
 */
export default async function setup(project: TestProject) {
  let embedded: RunningEmbeddedPostgres | undefined;
  let folder: string | undefined;
  let admin: PostgresConnection;
  if (process.env.TEST_DATABASE_URL) {
    admin = parseConnectionString(process.env.TEST_DATABASE_URL);
  } else {
    folder = await mkdtemp(join(tmpdir(), 'svc-test-pg-'));
    // As root the server runs as `postgres`, which must pass through this folder.
    await chmod(folder, 0o711);
    embedded = await startEmbeddedPostgres({ directory: join(folder, 'pg'), database: 'postgres', flags: fastFlags });
    admin = embedded.connection;
  }
  const template = `svc_template_${process.pid}`;
  const client = new pg.Client(admin);
  await client.connect();
  await client.query(`drop database if exists ${template}`);
  await client.query(`create database ${template}`);
  await client.end();

  const templateConnection: PostgresConnection = admin.connectionString
    ? { connectionString: withDatabase(admin.connectionString, template) }
    : { ...admin, database: template };
  const handle = openDatabase(templateConnection);
  await migrateDatabase(handle.db, handle.pool);
  await handle.close();

  project.provide('pgAdmin', admin);
  project.provide('pgTemplate', template);

  return async () => {
    if (process.env.TEST_DATABASE_URL) {
      const c = new pg.Client(admin);
      await c.connect();
      await c.query(`drop database if exists ${template} with (force)`);
      await c.end();
    }
    await embedded?.stop();
    if (folder) await rm(folder, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
