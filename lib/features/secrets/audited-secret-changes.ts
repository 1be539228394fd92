import type { Kysely } from 'kysely';
import { appendAudit } from '../../platform/audit/audit-log';
import type { MasterKeyring } from '../../platform/crypto/master-key';
import type { Database } from '../../platform/db/schema';
import { deleteSecret, saveSecret } from './secret-store';

/**
 * A credential saved or deleted by a person, with its audit entry in the same transaction: the
 * entry names the secret (and the origin it is bound to), never the value (docs/secrets.md).
 */

export async function setSecretWithAudit(db: Kysely<Database>, keyring: MasterKeyring, change: { workspaceId: string; name: string; origin: string | null; value: string; actor: string; at: Date }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await saveSecret(trx, keyring, change);
    await appendAudit(trx, { workspaceId: change.workspaceId, actor: change.actor, action: 'secret.set', detail: { name: change.name, origin: change.origin }, at: change.at });
  });
}

/** Deletes the secret; the audit entry only when there was one to delete. */
export async function deleteSecretWithAudit(db: Kysely<Database>, change: { workspaceId: string; name: string; actor: string; at: Date }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (await deleteSecret(trx, change.workspaceId, change.name)) {
      await appendAudit(trx, { workspaceId: change.workspaceId, actor: change.actor, action: 'secret.delete', detail: { name: change.name }, at: change.at });
    }
  });
}
