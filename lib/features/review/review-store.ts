import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** A call step of a live scenario: which operation it names. */
export interface ScenarioCall {
  scenarioId: string;
  scenarioName: string;
  operationId: string;
}

/**
 * The operations the live scenarios of a project call: every `call` step at
 * any depth of the step lists, read inside PostgreSQL (no document leaves it).
 */
export async function scenarioCallsOf(db: Kysely<Database>, projectId: string): Promise<ScenarioCall[]> {
  const rows = await sql<{ scenario_id: string; name: string; operation_id: string }>`
    select distinct s.id as scenario_id, s.name, lower(op #>> '{}') as operation_id
    from scenarios s,
      lateral jsonb_path_query(s.document, 'lax $.steps.** ? (@.type == "call" && @.operation.type() == "string").operation') as op
    where s.project_id = ${projectId} and s.deleted_at is null
    order by 1, 3`.execute(db);
  return rows.rows.map((r) => ({ scenarioId: r.scenario_id, scenarioName: r.name, operationId: r.operation_id }));
}
