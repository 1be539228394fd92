import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { ModelKind } from '../../core/model/model-records';
import { findingOf, lowConfidence, reviewRules, type Finding, type FindingRef } from './review-rules';

/** Where a page of findings continues: after this rule (by its place in the list) and subject ID. */
export interface FindingPosition {
  rule: number;
  subject: string;
}

export interface FindingPage {
  total: number;
  findings: Finding[];
  hasMore: boolean;
}

/**
 * Every character String.prototype.trim removes (WhiteSpace and LineTerminator of ECMA-262):
 * RV008's "no label" is a label that trims to nothing, in SQL as in JavaScript.
 */
const trimmedAway = '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/**
 * One page of the review findings of a stream, and their total, found by the rules of
 * review-rules.ts written as SQL: every rule reads only the rows of the kinds it is about,
 * inside PostgreSQL, so no page reads the model into the service. Each rule yields what its
 * in-memory twin's `check` yields (subject, related records, detail), and the same `describe`
 * words it; review-queries.test.ts holds the two to the same findings on random models.
 */
export async function readReviewFindingsPage(
  db: Kysely<Database>,
  input: { streamId: string; projectId: string; after: FindingPosition | null; limit: number },
): Promise<FindingPage> {
  const { streamId, projectId, after, limit } = input;
  const rows = (kind: ModelKind) => sql`(select id, body from model_entities where stream_id = ${streamId} and kind = ${kind})`;
  const elementRef = (id: RawSql, alias: string) => sql`jsonb_build_object('kind', 'element', 'id', ${id}, 'name', ${sql.ref(`${alias}.body`)}->>'name')`;
  const elementAt = (alias: string, id: RawSql) => sql`left join model_entities ${sql.ref(alias)} on ${sql.ref(`${alias}.stream_id`)} = ${streamId} and ${sql.ref(`${alias}.kind`)} = 'element' and ${sql.ref(`${alias}.id`)} = (${id})::uuid`;
  const removedRef = (alias: string) => sql`jsonb_build_object('kind', 'element', 'id', ${sql.ref(`${alias}.id`)}, 'name', ${sql.ref(`${alias}.name`)})`;
  const factName = sql`case when f.kind = 'relationship' then f.body->>'label' when jsonb_typeof(f.body->'name') = 'string' then f.body->>'name' end`;
  const rules = [
    // RV001: a relationship touching a removed element; each end once, from before to.
    sql`select 0 as rule, r.id as subject_id, 'relationship' as subject_kind, r.body->>'label' as subject_name,
        case
          when f.id is not null and t.id is not null and f.id <> t.id then jsonb_build_array(${removedRef('f')}, ${removedRef('t')})
          when f.id is not null then jsonb_build_array(${removedRef('f')})
          else jsonb_build_array(${removedRef('t')})
        end as related,
        '{}'::jsonb as detail
      from ${rows('relationship')} as r
      left join removed_elements f on f.id = r.body->>'fromId'
      left join removed_elements t on t.id = r.body->>'toId'
      where f.id is not null or t.id is not null`,
    // RV002: a retrying subscription on a queue without a dead-letter channel.
    sql`select 1, s.id, 'subscription', null, jsonb_build_array(jsonb_build_object('kind', 'channel', 'id', c.body->>'id', 'name', c.body->>'name'), ${elementRef(sql`s.body->>'consumerId'`, 'consumer')}),
        jsonb_build_object('maxAttempts', s.body->'retry'->'maxAttempts')
      from ${rows('subscription')} as s
      join model_entities c on c.stream_id = ${streamId} and c.kind = 'channel' and c.id = (s.body->>'channelId')::uuid
      ${elementAt('consumer', sql`s.body->>'consumerId'`)}
      where c.body->>'kind' = 'queue' and jsonb_typeof(s.body->'retry') = 'object' and (s.body->'retry'->>'maxAttempts')::float8 > 1
        and s.body->'deadLetterChannelId' = 'null'::jsonb`,
    // RV003: an operation without a timeout that a live scenario calls.
    sql`select 2, o.id, 'operation', o.body->>'name', x.related, '{}'::jsonb
      from ${rows('operation')} as o
      cross join lateral (
        select jsonb_agg(jsonb_build_object('kind', 'scenario', 'id', d.scenario_id, 'name', d.name) order by d.scenario_id) as related
        from (select distinct c.scenario_id, c.name from calls c where c.operation_id = o.body->>'id') as d
      ) as x
      where not (jsonb_typeof(o.body->'timeoutMs') = 'number' and (o.body->>'timeoutMs')::float8 > 0) and x.related is not null`,
    // RV004: a schema no message or operation refers to.
    sql`select 3, sc.id, 'schema', sc.body->>'name', '[]'::jsonb, '{}'::jsonb
      from ${rows('schema')} as sc
      where not exists (select 1 from used_schemas u where u.id = sc.body->>'id')`,
    // RV005: an inferred fact below the confidence threshold.
    sql`select 4, f.id, f.kind, ${factName}, '[]'::jsonb, jsonb_build_object('confidence', f.body->'provenance'->'confidence')
      from model_entities f
      where f.stream_id = ${streamId} and f.kind <> 'schema' and f.body->>'factStatus' = 'inferred'
        and jsonb_typeof(f.body->'provenance'->'confidence') = 'number' and (f.body->'provenance'->>'confidence')::float8 < ${lowConfidence}`,
    // RV006: a fact with a stale mark.
    sql`select 5, f.id, f.kind, ${factName}, '[]'::jsonb, jsonb_build_object('stale', f.body->'stale')
      from model_entities f
      where f.stream_id = ${streamId} and f.kind <> 'schema' and jsonb_typeof(f.body->'stale') = 'object'`,
    // RV007: an element (not removed) no relationship starts or ends at.
    sql`select 6, el.id, 'element', el.body->>'name', '[]'::jsonb, jsonb_build_object('elementKind', el.body->'kind')
      from ${rows('element')} as el
      where el.body->>'status' is distinct from 'removed' and not exists (select 1 from linked_elements l where l.id = el.body->>'id')`,
    // RV008: a behavioural relationship whose label is missing or blank.
    sql`select 7, r.id, 'relationship', r.body->>'label', jsonb_build_array(${elementRef(sql`r.body->>'fromId'`, 'source')}, ${elementRef(sql`r.body->>'toId'`, 'target')}), '{}'::jsonb
      from ${rows('relationship')} as r
      ${elementAt('source', sql`r.body->>'fromId'`)}
      ${elementAt('target', sql`r.body->>'toId'`)}
      where r.body->>'kind' = 'behavioural' and (r.body->>'label' is null or r.body->>'label' ~ ${`^[${trimmedAway}]*$`})`,
  ];
  const statement = sql<{ total: number; rule: number | null; subject_id: string | null; subject_kind: string; subject_name: string | null; related: FindingRef[]; detail: unknown }>`
    with calls as materialized (
      select distinct s.id::text as scenario_id, s.name, lower(op #>> '{}') as operation_id
      from scenarios s,
        lateral jsonb_path_query(s.document, 'lax $.steps.** ? (@.type == "call" && @.operation.type() == "string").operation') as op
      where s.project_id = ${projectId} and s.deleted_at is null
    ),
    used_schemas as materialized (
      select m.body->>'schemaId' as id from ${rows('message')} as m
      union select o.body->>'requestSchemaId' from ${rows('operation')} as o
      union select o.body->>'responseSchemaId' from ${rows('operation')} as o
    ),
    removed_elements as materialized (
      select el.body->>'id' as id, el.body->>'name' as name from ${rows('element')} as el where el.body->>'status' = 'removed'
    ),
    linked_elements as materialized (
      select r.body->>'fromId' as id from ${rows('relationship')} as r
      union select r.body->>'toId' from ${rows('relationship')} as r
    ),
    findings as materialized (${sql.join(rules, sql` union all `)})
    select t.total, p.*
    from (select count(*)::int as total from findings) as t
    left join lateral (
      select * from findings f
      ${after === null ? sql`` : sql`where (f.rule, f.subject_id) > (${after.rule}, ${after.subject}::uuid)`}
      order by f.rule, f.subject_id
      limit ${limit + 1}
    ) as p on true`;
  const result = await statement.execute(db);
  const found = result.rows.filter((row) => row.rule !== null);
  return {
    total: result.rows[0]?.total ?? 0,
    hasMore: found.length > limit,
    findings: found.slice(0, limit).map((row) =>
      findingOf(reviewRules[row.rule!]!, {
        subject: { kind: row.subject_kind as ModelKind, id: row.subject_id!, name: row.subject_name },
        related: row.related,
        detail: row.detail,
      }),
    ),
  };
}

type RawSql = ReturnType<typeof sql>;
