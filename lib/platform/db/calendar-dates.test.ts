import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

it('reads a date column as the calendar day it holds, whatever the time zone of the process', async () => {
  const { rows } = await sql<{ day: unknown; moment: unknown }>`select date '2026-03-01' as day, timestamptz '2026-03-01T00:00:00Z' as moment`.execute(database.db);
  expect(rows[0]!.day).toBe('2026-03-01');
  expect(rows[0]!.moment).toBeInstanceOf(Date);
});
