/**
 * POST …/load-tests/scripts: reads a target, a profile and the model line
 * (main, or the branch of `?branchId=`), plans the script, writes it, and
 * stores it once per content (docs/load-tests.md "Scripts").
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { NotFoundError } from '../../platform/errors/service-error';
import { modelKinds, type AnyModelRecord, type ModelKind, type ModelSnapshot, type OperationRecord } from '../../core/model/model-records';
import { readModelRecord } from '../../core/model/model-store';
import { branchOrMain, mainStream } from '../../core/model/stream-store';
import { findScenario } from '../scenarios/scenario-store';
import type { ProjectRecord } from '../workspaces/project-store';
import { scriptContentHash, scriptFileName, writeK6Script } from './k6-script';
import type { LoadTestScript } from './load-test-records';
import { scriptRefused } from './load-test-problems';
import { planScript } from './plan-script';
import { findProfile } from './profile-store';
import { findScenarioStep, type PublishBehind } from './scenario-steps';
import { insertScriptOnce } from './script-store';
import { findTarget } from './target-store';

export interface ScriptContext {
  db: Kysely<Database>;
  now: () => Date;
  newId: () => string;
}

/**
 * The part of a model line a script reads: the operation the target calls
 * and its request schema (a script's cost does not grow with the model).
 */
async function modelPart(trx: Transaction<Database>, streamId: string, operationId: string | null, publishes: readonly PublishBehind[]): Promise<ModelSnapshot> {
  const maps = Object.fromEntries(modelKinds.map((k) => [k, new Map<string, AnyModelRecord>()])) as Record<ModelKind, Map<string, AnyModelRecord>>;
  const add = async (kind: ModelKind, id: string | null) => {
    const record = id === null ? undefined : await readModelRecord(trx, streamId, kind, id);
    if (record) maps[kind].set(record.id, record);
    return record;
  };
  const operation = (await add('operation', operationId)) as OperationRecord | undefined;
  if (operation) await add('schema', operation.requestSchemaId);
  for (const publish of publishes) {
    await add('message', publish.messageId);
    await add('channel', publish.channelId);
  }
  return maps as unknown as ModelSnapshot;
}

export async function generateScript(
  context: ScriptContext,
  input: { project: ProjectRecord; targetId: string; profileId: string; branchId: string | null; actor: string },
): Promise<{ script: LoadTestScript; created: boolean }> {
  const read = await context.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const target = await findTarget(trx, input.project.id, input.targetId);
      if (!target) throw new NotFoundError('Load-test target not found');
      const profile = await findProfile(trx, input.project.id, input.profileId);
      if (!profile) throw new NotFoundError('Stress profile not found');
      const stream = await branchOrMain(trx, input.project.id, input.branchId);
      const main = stream.kind === 'main' ? stream : await mainStream(trx, input.project.id);
      const scenario = target.kind === 'scenario-step' ? await findScenario(trx, input.project.id, target.subjectId) : undefined;
      const step = target.kind === 'scenario-step' ? findScenarioStep(scenario?.document ?? null, target.stepId ?? '') : null;
      const operationId = target.kind === 'operation' ? target.subjectId : (step?.operation ?? null);
      const model = await modelPart(trx, stream.id, operationId, step?.publishes ?? []);
      return { target, profile, stream, mainVersion: main.modelVersion, scenarioDocument: scenario?.document ?? null, model };
    });
  const planned = planScript({ target: read.target, mainVersion: read.mainVersion, model: read.model, scenarioDocument: read.scenarioDocument, profile: read.profile });
  if (!planned.ok) throw scriptRefused(planned.refusals);
  const content = writeK6Script(planned.plan);
  return insertScriptOnce(context.db, {
    id: context.newId(),
    projectId: input.project.id,
    targetId: read.target.id,
    profileId: read.profile.id,
    branchId: read.stream.kind === 'main' ? null : read.stream.id,
    modelVersion: read.stream.modelVersion,
    operationId: planned.plan.operation.id,
    baseUrl: read.target.authorisation!.baseUrl,
    environment: read.target.authorisation!.environment,
    contentHash: scriptContentHash(content),
    fileName: scriptFileName(planned.plan),
    content,
    actor: input.actor,
    now: context.now(),
  });
}
