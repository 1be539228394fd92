import { createHash, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../migrations/index';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import type { Database } from '../../platform/db/schema';
import { migrateDatabase } from '../../platform/db/migrate-database';
import { insertProject } from '../../features/workspaces/project-store';
import { foldName } from './fold-name';
import { containsPattern, listModelRecordPage } from './list-model-records';
import { commitModelChange } from './model-store';
import { element, guid, message, relationship } from '../../../test/support/model-fixtures';
import { copyMainInto } from '../../features/branches/copy-main';
import { lockStream } from './stream-store';
import { shortTextProblem } from '../../platform/text/text-rules';

/**
 * Name search in the database (`name_folded`, pg_trgm) against the plain JavaScript reading of
 * part 1's "substring, case-insensitive": an element matches when its folded name contains the
 * folded search text. Runs on the suite's server (embedded, or TEST_DATABASE_URL).
 */

const databases: TestDatabase[] = [];
let db: Kysely<Database>;
let workspaceId: string;

beforeAll(async () => {
  const created = await createTestDatabase();
  databases.push(created);
  db = created.db;
  workspaceId = (await db.insertInto('workspaces').values({ name: 'Search', created_at: new Date() }).returning('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await Promise.all(databases.map((d) => d.drop()));
});

/** A new project whose main holds one element per name (IDs guid(1)…), written as every edit writes. */
async function projectWithNames(names: readonly string[]): Promise<{ streamId: string; ids: string[] }> {
  const project = await insertProject(db, workspaceId, 'Names', null, new Date());
  const ids = names.map((_, i) => guid(i + 1));
  await db.transaction().execute(async (trx) => {
    const version = await lockStream(trx, project.id);
    await commitModelChange(trx, {
      streamId: project.id,
      fromVersion: version,
      writes: names.map((name, i) => ({ kind: 'element' as const, record: element({ id: ids[i]!, name }), change: 'added' as const })),
      deletes: [],
      actor: 'test',
      at: new Date(),
      summary: 'names',
    });
  });
  return { streamId: project.id, ids };
}

/** Every page of the name search, `limit` at a time: the IDs in order and the totals each page gave. */
async function searchAll(streamId: string, name: string, limit: number): Promise<{ ids: string[]; totals: number[] }> {
  const ids: string[] = [];
  const totals: number[] = [];
  let afterId: string | null = null;
  for (;;) {
    const page = await listModelRecordPage(db, { streamId, kind: 'element', filters: { name }, afterId, limit });
    ids.push(...page.items.map((r) => r.id));
    totals.push(page.total);
    if (!page.hasMore) return { ids, totals };
    afterId = page.items.at(-1)!.id;
  }
}

// Pieces that case folding and LIKE treat specially, next to any Unicode text.
const pieces = ['İ', 'i', 'I', 'ı', '\u0307', 'ß', 'SS', 'ẞ', 'ſ', 'ς', 'σ', 'Σ', 'ﬁ', 'ǅ', 'Ꭰ', 'ꭰ', 'é', 'e\u0301', '%', '_', '\\', '\\%', ' ', 'a', 'A', '店', '🙂'];
const fragment = fc.oneof(fc.constantFrom(...pieces), fc.string({ unit: 'binary', minLength: 1, maxLength: 3 }));
const storableName = fc
  .array(fragment, { minLength: 1, maxLength: 8 })
  .map((parts) => parts.join(''))
  .filter((name) => name.trim() !== '' && shortTextProblem(name) === null);
const caseChange = fc.constantFrom((s: string) => s, (s: string) => s.toUpperCase(), (s: string) => s.toLowerCase());

describe('name search in the database', () => {
  it('finds, counts and pages exactly the elements the JavaScript reference finds, on random Unicode names', async () => {
    const scenario = fc.record({ names: fc.array(storableName, { minLength: 1, maxLength: 12 }), limit: fc.integer({ min: 1, max: 5 }) }).chain(({ names, limit }) =>
      fc.record({
        names: fc.constant(names),
        limit: fc.constant(limit),
        needles: fc.array(
          fc.oneof(
            // A piece of a stored name, in the same or another case.
            fc.tuple(fc.nat(names.length - 1), fc.nat(), fc.nat(), caseChange).map(([n, a, b, change]) => {
              const chars = [...names[n]!];
              const start = a % chars.length;
              return change(chars.slice(start, start + 1 + (b % (chars.length - start))).join(''));
            }),
            fc.array(fragment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('')),
          ).filter((needle) => needle.length <= 200),
          { minLength: 1, maxLength: 4 },
        ),
      }),
    );
    await fc.assert(
      fc.asyncProperty(scenario, async ({ names, limit, needles }) => {
        const { streamId, ids } = await projectWithNames(names);
        for (const needle of needles) {
          const expected = ids.filter((_, i) => foldName(names[i]!).includes(foldName(needle)));
          const found = await searchAll(streamId, needle, limit);
          expect(found.ids, `needle ${JSON.stringify(needle)} in ${JSON.stringify(names)}`).toEqual(expected);
          expect(new Set(found.totals)).toEqual(new Set([expected.length]));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('matches İstanbul and STRASSE as documented, and LIKE wildcards as plain characters', async () => {
    const names = ['İstanbul Gate', 'ISTANBUL ring', 'Istanbul İç', 'Straße 1', 'STRASSE 2', '100% off', 'a_b', 'back\\slash', 'ıstanbul dotless'];
    const { streamId, ids } = await projectWithNames(names);
    const found = async (needle: string) => (await searchAll(streamId, needle, 50)).ids.map((id) => names[ids.indexOf(id)]);
    expect(await found('istanbul')).toEqual(['İstanbul Gate', 'ISTANBUL ring', 'Istanbul İç']);
    expect(await found('İSTANBUL')).toEqual(['İstanbul Gate', 'ISTANBUL ring', 'Istanbul İç']);
    expect(await found('iç')).toEqual(['Istanbul İç']);
    expect(await found('strasse')).toEqual(['Straße 1', 'STRASSE 2']);
    expect(await found('STRAẞE')).toEqual(['Straße 1', 'STRASSE 2']);
    expect(await found('%')).toEqual(['100% off']);
    expect(await found('_')).toEqual(['a_b']);
    expect(await found('a%b')).toEqual([]);
    expect(await found('\\')).toEqual(['back\\slash']);
    expect(await found('ıst')).toEqual(['ıstanbul dotless']);
  });

  it('answers the examples of docs/model-document.md "Finding elements by name"', async () => {
    const names = ['İstanbul Gate', 'Straße 1', 'ΣΟΦΊΑ', '100% off', 'Ärger'];
    const { streamId, ids } = await projectWithNames(names);
    const finds = async (needle: string) => (await searchAll(streamId, needle, 50)).ids.map((id) => names[ids.indexOf(id)]);
    for (const needle of ['istanbul', 'ISTANBUL', 'İSTANBUL', 'i\u0307stanbul']) expect(await finds(needle)).toEqual(['İstanbul Gate']);
    // No stored name holds U+0000; a filter holding it finds nothing rather than failing in PostgreSQL.
    expect(await finds('\u0000')).toEqual([]);
    for (const needle of ['strasse', 'STRASSE', 'STRAẞE', 'straße']) expect(await finds(needle)).toEqual(['Straße 1']);
    for (const needle of ['σοφία', 'Σοφία']) expect(await finds(needle)).toEqual(['ΣΟΦΊΑ']);
    for (const needle of ['%', '0% o']) expect(await finds(needle)).toEqual(['100% off']);
    for (const needle of ['ıstanbul', 'strase', 'σοφια', '1_0', 'arger']) expect(await finds(needle)).toEqual([]);
  });

  it('serves a search with rare trigrams from the trigram index', async () => {
    const hex = (i: number) => createHash('sha256').update(String(i)).digest('hex').slice(0, 10);
    const names = Array.from({ length: 5000 }, (_, i) => `Component ${hex(i)}`);
    const { streamId, ids } = await projectWithNames(names);
    // Other projects hold most of the rows, as on any shared server.
    await projectWithNames(Array.from({ length: 10_000 }, (_, i) => `Other ${i}`));
    await sql`analyze model_entities`.execute(db);
    const planOf = async (needle: string) =>
      (await sql<{ 'QUERY PLAN': string }>`explain select count(*) from model_entities where stream_id = ${streamId} and kind = 'element' and name_folded like ${containsPattern(foldName(needle))}`.execute(db)).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    expect(await planOf(hex(1234).toUpperCase())).toContain('model_entities_name_folded_idx');
    expect((await searchAll(streamId, hex(1234).toUpperCase(), 50)).ids).toEqual([ids[1234]]);
    expect((await searchAll(streamId, 'COMPONENT', 200)).ids).toHaveLength(5000);
  });

  it('a branch copies the folded names of main', async () => {
    const { streamId, ids } = await projectWithNames(['Straße', 'Other']);
    const branch = await copyMainInto(db, { id: randomUUID(), projectId: streamId, kind: 'draft', name: 'draft', createdBy: 'test', now: new Date() });
    expect((await searchAll(branch.id, 'STRASSE', 50)).ids).toEqual([ids[0]]);
  });
});

describe('migration 0014-folded-names', () => {
  it('folds the names already stored, leaves records without a name null, and their search works', async () => {
    const raw = await createTestDatabase({ migrated: false });
    databases.push(raw);
    const migrator = new Migrator({ db: raw.db, provider: { getMigrations: async () => migrations }, migrationTableName: 'svc_migration', migrationLockTableName: 'svc_migration_lock' });
    expect((await migrator.migrateTo('0013-sources')).error).toBeUndefined();
    const old = raw.db as unknown as Kysely<Database>;
    const ws = (await old.insertInto('workspaces').values({ name: 'Old', created_at: new Date() }).returning('id').executeTakeFirstOrThrow()).id;
    const project = (await old.insertInto('projects').values({ workspace_id: ws, name: 'Old', description: null, created_at: new Date() }).returning('id').executeTakeFirstOrThrow()).id;
    await old.insertInto('model_streams').values({ id: project, project_id: project, kind: 'main', name: 'main', created_at: new Date() }).execute();
    // More rows than one fill statement takes, so the fill pages.
    const records = [
      ...Array.from({ length: 5003 }, (_, i) => ({ kind: 'element', record: element({ id: guid(i + 1), name: i === 5002 ? 'İSTANBUL Gate' : `Element ${i}` }) })),
      { kind: 'message', record: message({ id: guid(6001), producerId: guid(1), name: 'STRASSE' }) },
      { kind: 'relationship', record: relationship({ id: guid(6002), fromId: guid(1), toId: guid(2) }) },
    ];
    await sql`insert into model_entities (stream_id, id, kind, body)
      select ${project}::uuid, u.id, u.kind, u.body::jsonb
      from unnest(${records.map((r) => r.record.id)}::uuid[], ${records.map((r) => r.kind)}::text[], ${records.map((r) => JSON.stringify(r.record))}::text[]) as u(id, kind, body)`.execute(raw.db);

    await migrateDatabase(raw.db, raw.pool);

    const folded = await old.selectFrom('model_entities').select(['id', 'name_folded']).where('id', 'in', [guid(5003), guid(6001), guid(6002), guid(1)]).orderBy('id').execute();
    expect(folded).toEqual([
      { id: guid(1), name_folded: 'element 0' },
      { id: guid(5003), name_folded: 'istanbul gate' },
      { id: guid(6001), name_folded: 'strasse' },
      { id: guid(6002), name_folded: null },
    ]);
    const unfilled = await sql<{ n: number }>`select count(*)::int as n from model_entities where body->>'name' is not null and name_folded is distinct from body->>'name' and name_folded is null`.execute(raw.db);
    expect(unfilled.rows[0]!.n).toBe(0);
    const page = await listModelRecordPage(old, { streamId: project, kind: 'element', filters: { name: 'istanbul' }, afterId: null, limit: 50 });
    expect(page.items.map((r) => r.id)).toEqual([guid(5003)]);
    const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'model_entities' order by indexname`.execute(raw.db);
    expect(indexes.rows.map((r) => r.indexname)).toContain('model_entities_name_folded_idx');
    expect(indexes.rows.map((r) => r.indexname)).not.toContain('model_entities_name_idx');
  });
});
