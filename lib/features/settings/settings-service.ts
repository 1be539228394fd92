import type { Kysely } from 'kysely';
import type { InstanceSettings, WorkspaceSettings } from '../../../contracts/settings';
import { appendAudit } from '../../platform/audit/audit-log';
import type { Profile } from '../../platform/config/service-config';
import type { Database } from '../../platform/db/schema';
import type { FieldError } from '../../platform/errors/error-codes';
import { ConflictError, ValidationError } from '../../platform/errors/service-error';
import { changedSettingsKeys } from './changed-keys';
import { effectiveSettings } from './merge-settings';
import { effectiveUnderPolicy } from './policy-violations';
import { builtInSettings, settingsDocumentProblems, settingsUrls, type InstancePolicy, type PartialSettings } from './settings-schema';
import { listWorkspaceOverrides, readInstanceSettings, readWorkspaceSettings, writeInstanceSettings, writeWorkspaceSettings } from './settings-store';
import type { ResolveHost } from '../../platform/net/resolve-host';
import { settingsUrlProblem } from './settings-url-rules';
import { versionConflict } from './settings-version-header';
import { deleteKeysOfRemovedProviders } from '../secrets/secret-store';

export interface SettingsContext {
  db: Kysely<Database>;
  profile: Profile;
  resolveHost: ResolveHost;
  now: () => Date;
}

/** The answer of GET W/settings. */
export async function workspaceSettingsView(context: SettingsContext, workspaceId: string): Promise<WorkspaceSettings> {
  const instance = await readInstanceSettings(context.db, context.profile);
  const workspace = await readWorkspaceSettings(context.db, workspaceId);
  const builtIns = builtInSettings(context.profile);
  const { effective, policyViolations } = effectiveUnderPolicy({ builtIns, defaults: instance.defaults, overrides: workspace.overrides, policy: instance.policy });
  return { effective, overrides: workspace.overrides, defaults: effectiveSettings(builtIns, instance.defaults), policyViolations, version: workspace.version };
}

/** The settings that apply to a workspace now (its overrides over the defaults, under the policy). */
export async function effectiveWorkspaceSettings(context: Pick<SettingsContext, 'db' | 'profile'>, workspaceId: string) {
  const instance = await readInstanceSettings(context.db, context.profile);
  const workspace = await readWorkspaceSettings(context.db, workspaceId);
  return effectiveUnderPolicy({ builtIns: builtInSettings(context.profile), defaults: instance.defaults, overrides: workspace.overrides, policy: instance.policy }).effective;
}

/** Workspaces whose stored overrides the policy refuses in part, with the refused fields. */
async function workspacesWithPolicyViolations(context: SettingsContext, policy: InstancePolicy, defaults: PartialSettings) {
  const builtIns = builtInSettings(context.profile);
  const rows = await listWorkspaceOverrides(context.db);
  return rows.flatMap((row) => {
    const { policyViolations } = effectiveUnderPolicy({ builtIns, defaults, overrides: row.overrides, policy });
    return policyViolations.length === 0 ? [] : [{ workspaceId: row.workspaceId, name: row.name, policyViolations }];
  });
}

/** The answer of GET /api/instance/settings. */
export async function instanceSettingsView(context: SettingsContext): Promise<InstanceSettings> {
  const instance = await readInstanceSettings(context.db, context.profile);
  return {
    policy: instance.policy,
    defaults: instance.defaults,
    version: instance.version,
    workspacesWithPolicyViolations: await workspacesWithPolicyViolations(context, instance.policy, instance.defaults),
  };
}

function prefixed(prefix: string, errors: FieldError[]): FieldError[] {
  return errors.map((error) => ({ field: `${prefix}${error.field}`, message: error.message }));
}

/**
 * What a document saved under `policy` may not hold: rules between keys of
 * the effective document, values the policy refuses, and URL rules (names
 * resolved, except where the spec says not).
 */
async function documentProblems(context: SettingsContext, input: { document: PartialSettings; defaultsUnder: PartialSettings; policy: InstancePolicy }): Promise<FieldError[]> {
  const builtIns = builtInSettings(context.profile);
  const problems: FieldError[] = [...settingsDocumentProblems(effectiveSettings(builtIns, input.defaultsUnder, input.document))];
  const policyRefusals = effectiveUnderPolicy({ builtIns, defaults: input.defaultsUnder, overrides: input.document, policy: input.policy }).policyViolations;
  problems.push(...policyRefusals.filter((refusal) => !refusal.field.startsWith('ai.taskRouting.')));
  const urlProblems = await Promise.all(
    settingsUrls(input.document).map(async ({ field, url, resolveOnSave }) => {
      const message = await settingsUrlProblem(url, { profile: context.profile, allowPrivateNetworkUrls: input.policy.allowPrivateNetworkUrls, resolveHost: resolveOnSave ? context.resolveHost : null });
      return message === null ? null : { field, message };
    }),
  );
  for (const problem of urlProblems) if (problem !== null && !problems.some((p) => p.field === problem.field)) problems.push(problem);
  // Part 2 sharing.embedHosts: "hosted accepts https only".
  if (context.profile === 'hosted') {
    input.document.sharing?.embedHosts?.forEach((origin, index) => {
      if (!origin.startsWith('https://')) problems.push({ field: `sharing.embedHosts[${index}]`, message: 'must be an https origin in the hosted profile' });
    });
  }
  return problems;
}

function refuse(errors: FieldError[]): ValidationError {
  return new ValidationError('Invalid settings', errors);
}

/** Part 2: a workspace save sends again by itself while instance settings change under it, at most this many times in all. */
const instanceChangeAttempts = 3;

/**
 * PUT W/settings: replaces the overrides with `overrides` when the stored
 * version is `expectedVersion`. Checked against the instance settings it was
 * validated with; when those change during the save it starts again, and after
 * three changes in a row answers 409.
 */
export async function replaceWorkspaceSettings(context: SettingsContext, input: { workspaceId: string; expectedVersion: number; overrides: PartialSettings; actor: string }) {
  for (let attempt = 1; attempt <= instanceChangeAttempts; attempt++) {
    const instance = await readInstanceSettings(context.db, context.profile);
    const problems = await documentProblems(context, { document: input.overrides, defaultsUnder: instance.defaults, policy: instance.policy });
    if (problems.length > 0) throw refuse(problems);
    const outcome = await context.db.transaction().execute(async (trx) => {
      const current = await readInstanceSettings(trx, context.profile, { lock: true });
      if (current.version !== instance.version) return 'instance-changed' as const;
      const before = await readWorkspaceSettings(trx, input.workspaceId);
      if (before.version !== input.expectedVersion) return 'conflict' as const;
      const saved = await writeWorkspaceSettings(trx, { workspaceId: input.workspaceId, expectedVersion: input.expectedVersion, overrides: input.overrides, now: context.now() });
      if (saved === null) return 'conflict' as const;
      // Part 2 "Credentials": a provider removed from ai.providers takes its key with it.
      const providers = effectiveUnderPolicy({ builtIns: builtInSettings(context.profile), defaults: current.defaults, overrides: input.overrides, policy: current.policy }).effective.ai.providers;
      const removedKeys = await deleteKeysOfRemovedProviders(trx, input.workspaceId, providers.map((p) => p.id));
      if (removedKeys.length > 0) await appendAudit(trx, { workspaceId: input.workspaceId, actor: input.actor, action: 'secret.delete', detail: { names: removedKeys, reason: 'provider removed from ai.providers' }, at: context.now() });
      await appendAudit(trx, { workspaceId: input.workspaceId, actor: input.actor, action: 'settings.replace', detail: { changedKeys: changedSettingsKeys(before.overrides, input.overrides), version: saved }, at: context.now() });
      return 'saved' as const;
    });
    if (outcome === 'saved') return workspaceSettingsView(context, input.workspaceId);
    if (outcome === 'conflict') throw versionConflict((await readWorkspaceSettings(context.db, input.workspaceId)).version);
  }
  throw new ConflictError('Instance settings changed during the save', 'The instance settings changed three times while this save was checked; nothing was saved. Send it again.');
}

/** PUT /api/instance/settings: replaces policy and defaults when the stored version is `expectedVersion`. */
export async function replaceInstanceSettings(context: SettingsContext, input: { expectedVersion: number; policy: InstancePolicy; defaults: PartialSettings; actor: string }) {
  const problems = await documentProblems(context, { document: input.defaults, defaultsUnder: {}, policy: input.policy });
  if (problems.length > 0) throw refuse(prefixed('defaults.', problems));
  const saved = await context.db.transaction().execute(async (trx) => {
    const before = await readInstanceSettings(trx, context.profile);
    if (before.version !== input.expectedVersion) return null;
    const version = await writeInstanceSettings(trx, { expectedVersion: input.expectedVersion, policy: input.policy, defaults: input.defaults, now: context.now() });
    if (version === null) return null;
    const changedKeys = [...changedSettingsKeys(before.policy, input.policy, 'policy'), ...changedSettingsKeys(before.defaults, input.defaults, 'defaults')];
    await appendAudit(trx, { workspaceId: null, actor: input.actor, action: 'settings.instance.replace', detail: { changedKeys, version }, at: context.now() });
    return version;
  });
  if (saved === null) throw versionConflict((await readInstanceSettings(context.db, context.profile)).version);
  return instanceSettingsView(context);
}
