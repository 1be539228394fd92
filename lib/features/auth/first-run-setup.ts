import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { ConflictError, ForbiddenError, ValidationError } from '../../platform/errors/service-error';
import type { ServiceRuntime } from '../../platform/runtime/service-runtime';
import { secretsEqual } from '../../platform/crypto/secret-token';
import { createWorkspace } from '../workspaces/workspace-store';
import { hashPassword, passwordRuleViolations } from './password';
import { deleteLocalSetupCode, setupCodePath } from './setup-code';
import { createSession } from './session-store';
import { countUsers, insertUser, toUserView, type UserView } from '../users/user-store';
import { appendAudit } from '../../platform/audit/audit-log';

export type SetupTokenHint = 'log' | 'operator';

/**
 * `log` only where a setup code is written to the log and `<data>/setup-code`: the local profile
 * without `Svc__SetupToken`. The hosted profile never writes one, so there the proof is always the
 * operator's `Svc__SetupToken` (part 2 "Authentication").
 */
export function setupTokenHint(runtime: Pick<ServiceRuntime, 'config'>): SetupTokenHint {
  return runtime.config.profile === 'local' && !runtime.config.setupToken ? 'log' : 'operator';
}

export async function isSetupRequired(runtime: ServiceRuntime): Promise<boolean> {
  return (await countUsers(runtime.db)) === 0;
}

async function expectedSetupToken(runtime: ServiceRuntime): Promise<string | null> {
  if (runtime.config.setupToken) return runtime.config.setupToken;
  if (runtime.config.profile !== 'local') return null;
  try {
    return (await readFile(setupCodePath(runtime.config.dataDirectory), 'utf8')).trim() || null;
  } catch {
    return null;
  }
}

export interface SetupInput {
  setupToken: string;
  email: string;
  password: string;
  name: string;
}

export interface SetupResult {
  user: UserView;
  workspace: { id: string; name: string };
  session: { sessionId: string; expiresAt: Date };
}

export function passwordProblem(password: string): ValidationError | null {
  const violations = passwordRuleViolations(password);
  if (violations.length === 0) return null;
  return new ValidationError('Password too weak', violations.map((message) => ({ field: 'password', message })), `The password ${violations.join(', ')}.`);
}

/**
 * First-run setup: with proof of operating the instance, creates the instance
 * administrator and a `Default` workspace they own, and signs them in. Runs
 * once: an advisory lock serialises concurrent attempts and any existing
 * account makes it answer 409.
 */
export async function runFirstRunSetup(runtime: ServiceRuntime, input: SetupInput): Promise<SetupResult> {
  const now = runtime.now();
  if (!(await isSetupRequired(runtime))) throw new ConflictError('Setup already done', 'The instance has accounts; sign in instead.');
  const expected = await expectedSetupToken(runtime);
  if (!expected || !secretsEqual(input.setupToken, expected)) {
    throw new ForbiddenError('Wrong setup code', runtime.config.setupToken ? 'Give the value of Svc__SetupToken.' : 'Give the code from the log line "SVC SETUP CODE:" or the file setup-code in the data directory.');
  }
  const weak = passwordProblem(input.password);
  if (weak) throw weak;
  const passwordHash = await hashPassword(input.password);
  const result = await runtime.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('svc-first-run-setup'))`.execute(trx);
    const existing = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (existing) throw new ConflictError('Setup already done', 'The instance has accounts; sign in instead.');
    const user = await insertUser(trx, { email: input.email, name: input.name, passwordHash, isInstanceAdmin: true }, now);
    const workspace = await createWorkspace(trx, 'Default', user!.id, now);
    await appendAudit(trx, { workspaceId: null, actor: `user:${user!.id}`, action: 'instance.setup', detail: { workspaceId: workspace.id }, at: now });
    return { user: user!, workspace };
  });
  if (runtime.config.profile === 'local') await deleteLocalSetupCode(runtime.config.dataDirectory);
  const session = await createSession(runtime.db, result.user.id, now);
  return { user: toUserView(result.user), workspace: result.workspace, session };
}
