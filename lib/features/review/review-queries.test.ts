import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { snapshotFromRecords } from '../../core/model/model-document';
import type { AnyModelRecord, FactFields, ModelKind } from '../../core/model/model-records';
import { channel, element, guid, message, operation, relationship, schema, subscription } from '../../../test/support/model-fixtures';
import { readReviewFindingsPage, type FindingPosition } from './review-queries';
import { reviewModel, reviewRules, type Finding } from './review-rules';
import { scenarioCallsOf } from './review-store';

type Entry = { kind: ModelKind; record: AnyModelRecord };

/**
 * get_review_findings pages the findings in SQL (review-queries.ts); the in-memory rules of
 * review-rules.ts are the reference. On random models both must give the same findings, in the
 * same order, word for word.
 */

const ids = Array.from({ length: 12 }, (_, i) => guid(i + 1));
const id = fc.constantFrom(...ids);
const name = fc.constantFrom('Shop', 'Orders', 'İstanbul', 'a "quoted" name', '');
const fact = fc.record({
  factStatus: fc.constantFrom('declared' as const, 'inferred' as const, 'observed-in-source' as const),
  provenance: fc.option(fc.record({ source: fc.constant('ai:x'), revision: fc.constant(null), confidence: fc.option(fc.constantFrom(0, 0.1, 0.49, 0.5, 0.9, 1e-7), { nil: null }), acceptedBy: fc.constant(null), acceptedAt: fc.constant(null) }), { nil: null }),
  stale: fc.option(fc.record({ sinceRevision: fc.constantFrom('abc123', 'r2'), reason: fc.constantFrom('evidence-not-found', 'file-removed') }), { nil: null }),
}) as fc.Arbitrary<FactFields>;
const label = fc.option(fc.constantFrom('reads', ' ', '\u00a0\u3000', '\t', 'x ', '\ufeff'), { nil: null });

const entryArbitrary: fc.Arbitrary<Entry> = fc.oneof(
  fc.record({ id, name, kind: fc.constantFrom('system', 'app', 'actor'), status: fc.constantFrom('current', 'removed', 'planned'), f: fact }).map(({ f, ...r }) => ({ kind: 'element' as const, record: element({ ...r, ...f } as never) })),
  fc.record({ id, fromId: id, toId: id, label, kind: fc.constantFrom('structural' as const, 'behavioural' as const), f: fact }).map(({ f, ...r }) => ({ kind: 'relationship' as const, record: relationship({ ...r, ...f }) })),
  fc.record({ id, name, kind: fc.constantFrom('queue' as const, 'topic' as const), f: fact }).map(({ f, ...r }) => ({ kind: 'channel' as const, record: channel({ ...r, ...f }) })),
  fc
    .record({ id, channelId: id, consumerId: id, maxAttempts: fc.option(fc.constantFrom(1, 2, 5), { nil: null }), deadLetterChannelId: fc.option(id, { nil: null }), f: fact })
    .map(({ f, maxAttempts, ...r }) => ({ kind: 'subscription' as const, record: subscription({ ...r, retry: maxAttempts === null ? null : { maxAttempts, backoffMs: 10 }, ...f }) })),
  fc.record({ id, name }).map((r) => ({ kind: 'schema' as const, record: schema(r) })),
  fc.record({ id, producerId: id, schemaId: fc.option(id, { nil: null }), f: fact }).map(({ f, ...r }) => ({ kind: 'message' as const, record: message({ ...r, ...f }) })),
  fc
    .record({ id, ownerId: id, name, timeoutMs: fc.option(fc.constantFrom(0, 100), { nil: null }), requestSchemaId: fc.option(id, { nil: null }), responseSchemaId: fc.option(id, { nil: null }), f: fact })
    .map(({ f, ...r }) => ({ kind: 'operation' as const, record: operation({ ...r, ...f }) })),
);

/** Records with distinct IDs (one record per ID in a stream, as the model keeps them). */
const modelArbitrary = fc.uniqueArray(entryArbitrary, { selector: (e) => e.record.id, maxLength: ids.length });
const scenarioArbitrary = fc.uniqueArray(fc.record({ scenarioId: fc.constantFrom(guid(90), guid(91), guid(92)), calls: fc.array(id, { maxLength: 3 }) }), { selector: (s) => s.scenarioId, maxLength: 3 });

describe('review findings paged in SQL', () => {
  let database: TestDatabase;
  let workspaceId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    workspaceId = (await database.db.insertInto('workspaces').values({ name: 'Review' }).returning('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await database?.drop();
  });

  async function storeProject(entries: Entry[], scenarios: { scenarioId: string; calls: string[] }[]): Promise<string> {
    const projectId = randomUUID();
    await database.db.insertInto('projects').values({ id: projectId, workspace_id: workspaceId, name: 'P' }).execute();
    await database.db.insertInto('model_streams').values({ id: projectId, project_id: projectId, kind: 'main', name: 'main', created_at: new Date() }).execute();
    const rows = entries.map(({ kind, record }) => ({ stream_id: projectId, id: record.id, kind, body: JSON.stringify(record) }));
    if (rows.length > 0) await database.db.insertInto('model_entities').values(rows).execute();
    for (const [i, s] of scenarios.entries()) {
      // Nested steps: a call inside a parallel branch counts as much as one at the top.
      const steps = s.calls.map((operationId, n) => (n % 2 === 0 ? { type: 'call', operation: operationId.toUpperCase() } : { type: 'parallel', branches: [{ steps: [{ type: 'call', operation: operationId }] }] }));
      await database.db
        .insertInto('scenarios')
        .values({ project_id: projectId, id: s.scenarioId, name: `Scenario ${i}`, document: JSON.stringify({ steps }), origin: null, created_by: 'test', created_at: new Date(), updated_at: new Date() })
        .execute();
    }
    return projectId;
  }

  async function allPages(projectId: string, limit: number): Promise<{ totals: number[]; findings: Finding[] }> {
    const totals: number[] = [];
    const findings: Finding[] = [];
    let after: FindingPosition | null = null;
    for (;;) {
      const page = await readReviewFindingsPage(database.db, { streamId: projectId, projectId, after, limit });
      totals.push(page.total);
      findings.push(...page.findings);
      const last = page.findings.at(-1);
      if (!page.hasMore || last === undefined) return { totals, findings };
      after = { rule: reviewRules.findIndex((r) => r.id === last.ruleId), subject: last.subject.id };
    }
  }

  it('gives the findings of the in-memory rules, in their order and words, page after page (property)', async () => {
    await fc.assert(
      fc.asyncProperty(modelArbitrary, scenarioArbitrary, fc.integer({ min: 1, max: 4 }), async (entries, scenarios, limit) => {
        const projectId = await storeProject(entries, scenarios);
        const expected = reviewModel({ model: snapshotFromRecords(entries as never), scenarioCalls: await scenarioCallsOf(database.db, projectId) });
        const { totals, findings } = await allPages(projectId, limit);
        expect(findings).toEqual(expected);
        expect(new Set(totals)).toEqual(new Set([expected.length]));
      }),
      { numRuns: 60 },
    );
  });

  it('finds one of each rule in a model made to break each once, with the related records named', async () => {
    const entries: Entry[] = [
      { kind: 'element', record: element({ id: guid(1), name: 'Shop' }) },
      { kind: 'element', record: element({ id: guid(2), kind: 'app', name: 'Old', status: 'removed' }) },
      { kind: 'element', record: element({ id: guid(3), kind: 'app', name: 'Orders' }) },
      { kind: 'relationship', record: relationship({ id: guid(10), fromId: guid(3), toId: guid(2), label: 'reads' }) },
      { kind: 'relationship', record: relationship({ id: guid(11), fromId: guid(1), toId: guid(3), kind: 'behavioural', label: '\u3000' }) },
      { kind: 'channel', record: channel({ id: guid(20), kind: 'queue', name: 'work' }) },
      { kind: 'subscription', record: subscription({ id: guid(30), channelId: guid(20), consumerId: guid(3), retry: { maxAttempts: 3, backoffMs: 10 } }) },
    ];
    const projectId = await storeProject(entries, []);
    const { findings } = await allPages(projectId, 50);
    expect(findings.map((f) => f.id)).toEqual([`RV001:${guid(10)}`, `RV002:${guid(30)}`, `RV008:${guid(11)}`]);
    expect(findings[1]!.message).toBe('The subscription of "Orders" on queue "work" makes 3 attempts and has no dead-letter channel.');
    expect(findings[2]!.related).toEqual([
      { kind: 'element', id: guid(1), name: 'Shop' },
      { kind: 'element', id: guid(3), name: 'Orders' },
    ]);
  });

  it('answers an empty model with no findings and a total of zero', async () => {
    const projectId = await storeProject([], []);
    expect(await readReviewFindingsPage(database.db, { streamId: projectId, projectId, after: null, limit: 10 })).toEqual({ total: 0, findings: [], hasMore: false });
  });
});
