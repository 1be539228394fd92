import type { Task } from 'graphile-worker';
import { appendAudit } from '../lib/platform/audit/audit-log';
import { reEncryptSecrets } from '../lib/features/secrets/secret-store';
import { getServiceRuntime } from '../lib/platform/runtime/service-runtime';

/** The queue task name; the job key keeps at most one queued. */
export const reEncryptSecretsTask = 're-encrypt-secrets';

/**
 * Moves stored credentials from `Svc__PreviousMasterKey` to the current master
 * key (part 2 "Environment": the previous key is for reading only). Queued at
 * start when rows under the previous key exist, and on the schedule for the
 * function deployment; idempotent, so a retry or two workers at once do no harm.
 */
export const reEncryptSecretsJob: Task = async (_payload, helpers) => {
  const runtime = await getServiceRuntime();
  const result = await reEncryptSecrets(runtime.db, runtime.keyring);
  if (result.reEncrypted === 0) return;
  await appendAudit(runtime.db, {
    workspaceId: null,
    actor: 'operator',
    action: 'secrets.re-encrypt',
    detail: { rows: result.reEncrypted, fromKeyIds: result.fromKeyIds, toKeyId: runtime.keyring.current.id },
    at: runtime.now(),
  });
  helpers.logger.info(`re-encrypted ${result.reEncrypted} stored credential(s) from master key ${result.fromKeyIds.join(', ')} to ${runtime.keyring.current.id}`);
};
