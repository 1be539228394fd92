/**
 * Load-test targets: what they may name, their authorisation (the base URL a
 * script may send load to, under the settings' URL rules and private-address
 * policy, held to the main model version it was given against) and the
 * owner's override (docs/load-tests.md "Targets").
 */
import type { Kysely } from 'kysely';
import { appendAudit } from '../../platform/audit/audit-log';
import type { Profile } from '../../platform/config/service-config';
import type { Database } from '../../platform/db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors/service-error';
import { readModelRecord } from '../../core/model/model-store';
import { mainStream } from '../../core/model/stream-store';
import { findScenario } from '../scenarios/scenario-store';
import { readInstancePolicy } from '../settings/instance-policy';
import type { ResolveHost } from '../../platform/net/resolve-host';
import { settingsUrlProblem } from '../settings/settings-url-rules';
import type { ProjectRecord } from '../workspaces/project-store';
import type { LoadTestTarget, TargetKind } from './load-test-records';
import { findScenarioStep } from './scenario-steps';
import { deleteTarget, findTarget, insertTarget, replaceTargetSubject, writeAuthorisation, writeOverride, type TargetSubject } from './target-store';

export interface LoadTestContext {
  db: Kysely<Database>;
  profile: Profile;
  resolveHost: ResolveHost;
  now: () => Date;
  newId: () => string;
}

export interface TargetRequest {
  kind: TargetKind;
  id: string;
  stepId: string | null;
}

function refused(field: string, message: string): ValidationError {
  return new ValidationError('Invalid target', [{ field, message }]);
}

/** Between the scenario name and the step ID in a step target's name. */
const stepNameSeparator = ' › ';

/** What a target request names, checked against the main model and the project's scenarios (400 naming the field otherwise). */
export async function resolveTargetSubject(db: Kysely<Database>, projectId: string, request: TargetRequest): Promise<TargetSubject> {
  if (request.kind === 'operation') {
    if (request.stepId !== null) throw refused('stepId', 'must be null for an operation target');
    const operation = await readModelRecord(db, projectId, 'operation', request.id);
    if (!operation) throw refused('id', 'names no operation of the main model');
    return { kind: 'operation', subjectId: request.id, stepId: null, name: operation.name };
  }
  const scenario = await findScenario(db, projectId, request.id);
  if (!scenario) throw refused('id', 'names no scenario of the project');
  if (request.stepId === null) throw refused('stepId', 'must name the call step of a scenario-step target');
  const step = findScenarioStep(scenario.document, request.stepId);
  if (!step) throw refused('stepId', `names no step of scenario ${JSON.stringify(scenario.name)}`);
  if (step.type !== 'call') throw refused('stepId', `names a ${step.type} step: only a call step is sent over HTTP`);
  return { kind: 'scenario-step', subjectId: request.id, stepId: request.stepId, name: `${scenario.name}${stepNameSeparator}${request.stepId}` };
}

async function existingTarget(db: Kysely<Database>, projectId: string, targetId: string): Promise<LoadTestTarget> {
  const target = await findTarget(db, projectId, targetId);
  if (!target) throw new NotFoundError('Load-test target not found');
  return target;
}

export async function createTarget(context: LoadTestContext, input: { project: ProjectRecord; request: TargetRequest; actor: string }): Promise<LoadTestTarget> {
  const subject = await resolveTargetSubject(context.db, input.project.id, input.request);
  return insertTarget(context.db, { ...subject, id: context.newId(), projectId: input.project.id, actor: input.actor, now: context.now() });
}

/** PUT: the same subject keeps the authorisation and the override; another drops both. */
export async function replaceTarget(context: LoadTestContext, input: { project: ProjectRecord; targetId: string; request: TargetRequest }): Promise<LoadTestTarget> {
  const subject = await resolveTargetSubject(context.db, input.project.id, input.request);
  return context.db.transaction().execute(async (trx) => {
    const before = await findTarget(trx, input.project.id, input.targetId, { lock: true });
    if (!before) throw new NotFoundError('Load-test target not found');
    const subjectChanged = before.kind !== subject.kind || before.subjectId !== subject.subjectId || before.stepId !== subject.stepId;
    return replaceTargetSubject(trx, { ...subject, projectId: input.project.id, targetId: input.targetId, subjectChanged, now: context.now() });
  });
}

export async function removeTarget(context: LoadTestContext, input: { project: ProjectRecord; targetId: string }): Promise<void> {
  if (!(await deleteTarget(context.db, input.project.id, input.targetId))) throw new NotFoundError('Load-test target not found');
}

/** Part 2 "URL rules" as for settings URLs (names resolved), and no query or fragment: paths are appended to it. */
async function baseUrlProblem(context: LoadTestContext, baseUrl: string): Promise<string | null> {
  const policy = await readInstancePolicy(context.db, context.profile);
  const problem = await settingsUrlProblem(baseUrl, { profile: context.profile, allowPrivateNetworkUrls: policy.allowPrivateNetworkUrls, resolveHost: context.resolveHost });
  if (problem !== null) return problem;
  const url = new URL(baseUrl);
  if (url.search !== '' || url.hash !== '' || /[?#]/.test(baseUrl)) return 'must have no query or fragment: the operation paths are appended to it';
  return null;
}

/**
 * POST …/authorise: records where load may be sent. `version` null means the
 * main version now; one behind main answers 409 (the model moved since the
 * caller looked), one ahead 400.
 */
export async function authoriseTarget(
  context: LoadTestContext,
  input: { project: ProjectRecord; targetId: string; baseUrl: string; environment: string | null; version: number | null; actor: string },
): Promise<LoadTestTarget> {
  await existingTarget(context.db, input.project.id, input.targetId);
  const problem = await baseUrlProblem(context, input.baseUrl);
  if (problem !== null) throw new ValidationError('Invalid authorisation', [{ field: 'baseUrl', message: problem }]);
  return context.db.transaction().execute(async (trx) => {
    const target = await findTarget(trx, input.project.id, input.targetId, { lock: true });
    if (!target) throw new NotFoundError('Load-test target not found');
    const main = await mainStream(trx, input.project.id);
    const version = input.version ?? main.modelVersion;
    if (version > main.modelVersion) throw new ValidationError('Invalid authorisation', [{ field: 'version', message: `main is at version ${main.modelVersion}; it has no version ${version}` }]);
    if (version < main.modelVersion) {
      throw new ConflictError('Model moved', `The main model has moved past version ${version} to ${main.modelVersion} since; look at it again and authorise version ${main.modelVersion}.`, [
        { field: 'version', message: `main is at version ${main.modelVersion}` },
      ]);
    }
    const saved = await writeAuthorisation(trx, { projectId: input.project.id, targetId: input.targetId, authorisation: { baseUrl: input.baseUrl, environment: input.environment, version, actor: input.actor }, now: context.now() });
    await appendAudit(trx, {
      workspaceId: input.project.workspaceId,
      actor: input.actor,
      action: 'load-test.target.authorise',
      detail: { projectId: input.project.id, targetId: target.id, baseUrl: input.baseUrl, environment: input.environment, version },
      at: context.now(),
    });
    return saved;
  });
}

export async function withdrawAuthorisation(context: LoadTestContext, input: { project: ProjectRecord; targetId: string; actor: string }): Promise<LoadTestTarget> {
  return context.db.transaction().execute(async (trx) => {
    const target = await findTarget(trx, input.project.id, input.targetId, { lock: true });
    if (!target) throw new NotFoundError('Load-test target not found');
    const saved = await writeAuthorisation(trx, { projectId: input.project.id, targetId: input.targetId, authorisation: null, now: context.now() });
    if (target.authorisation !== null) {
      await appendAudit(trx, { workspaceId: input.project.workspaceId, actor: input.actor, action: 'load-test.target.withdraw-authorisation', detail: { projectId: input.project.id, targetId: target.id }, at: context.now() });
    }
    return saved;
  });
}

/**
 * PUT …/override: allowing non-idempotent calls or failure injection needs a
 * reason and `confirmName` equal to the target's name (400 naming the field);
 * allowing neither clears the override.
 */
export async function overrideTarget(
  context: LoadTestContext,
  input: { project: ProjectRecord; targetId: string; allowNonIdempotent: boolean; allowFailureInjection: boolean; reason: string | null; confirmName: string | null; actor: string },
): Promise<LoadTestTarget> {
  return context.db.transaction().execute(async (trx) => {
    const target = await findTarget(trx, input.project.id, input.targetId, { lock: true });
    if (!target) throw new NotFoundError('Load-test target not found');
    const allows = input.allowNonIdempotent || input.allowFailureInjection;
    if (allows) {
      const errors = [];
      if (input.reason === null || input.reason.trim() === '') errors.push({ field: 'reason', message: 'must say why, to allow non-idempotent calls or failure injection' });
      if (input.confirmName !== target.name) errors.push({ field: 'confirmName', message: `must repeat the target's name exactly: ${JSON.stringify(target.name)}` });
      if (errors.length > 0) throw new ValidationError('Override not confirmed', errors);
    }
    const saved = await writeOverride(trx, {
      projectId: input.project.id,
      targetId: input.targetId,
      override: allows ? { allowNonIdempotent: input.allowNonIdempotent, allowFailureInjection: input.allowFailureInjection, reason: input.reason!.trim(), actor: input.actor } : null,
      now: context.now(),
    });
    await appendAudit(trx, {
      workspaceId: input.project.workspaceId,
      actor: input.actor,
      action: 'load-test.target.override',
      detail: { projectId: input.project.id, targetId: target.id, allowNonIdempotent: input.allowNonIdempotent, allowFailureInjection: input.allowFailureInjection, reason: allows ? input.reason!.trim() : null },
      at: context.now(),
    });
    return saved;
  });
}
