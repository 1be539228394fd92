import type { Kysely, Transaction } from 'kysely';
import { decryptWithMasterKey, encryptWithMasterKey, type MasterKeyring } from '../../platform/crypto/master-key';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The authenticated data of a secret's ciphertext: the row it belongs to and
 * the origin it was saved for. A value copied to another workspace or name,
 * or an origin column changed by hand, no longer decrypts.
 */
function secretContext(workspaceId: string, name: string, origin: string | null): string {
  return `workspace-secret\u0000${workspaceId}\u0000${name}\u0000${origin ?? ''}`;
}

/** A stored secret without its value. */
export interface StoredSecret {
  name: string;
  origin: string | null;
  masterKeyId: string;
  updatedBy: string;
  updatedAt: Date;
  /** Whether the value decrypts with the loaded keys. */
  readable: boolean;
}

/** Saves (or replaces) a secret encrypted under the current master key, bound to `origin`. */
export async function saveSecret(db: Db, ring: MasterKeyring, input: { workspaceId: string; name: string; origin: string | null; value: string; actor: string; at: Date }): Promise<void> {
  const sealed = encryptWithMasterKey(ring, Buffer.from(input.value, 'utf8'), secretContext(input.workspaceId, input.name, input.origin));
  const row = { origin: input.origin, master_key_id: sealed.masterKeyId, ciphertext: sealed.ciphertext, updated_by: input.actor, updated_at: input.at };
  await db
    .insertInto('workspace_secrets')
    .values({ workspace_id: input.workspaceId, name: input.name, ...row })
    .onConflict((oc) => oc.columns(['workspace_id', 'name']).doUpdateSet(row))
    .execute();
}

/** Deletes a secret; answers whether one was stored. */
export async function deleteSecret(db: Db, workspaceId: string, name: string): Promise<boolean> {
  const result = await db.deleteFrom('workspace_secrets').where('workspace_id', '=', workspaceId).where('name', '=', name).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

function opens(ring: MasterKeyring, workspaceId: string, row: { name: string; origin: string | null; master_key_id: string; ciphertext: Buffer }): string | null {
  try {
    return decryptWithMasterKey(ring, row.master_key_id, row.ciphertext, secretContext(workspaceId, row.name, row.origin)).toString('utf8');
  } catch {
    return null;
  }
}

/** Every secret of a workspace, by name, with whether it still decrypts; never a value. */
export async function listStoredSecrets(db: Db, ring: MasterKeyring, workspaceId: string): Promise<StoredSecret[]> {
  const rows = await db.selectFrom('workspace_secrets').selectAll().where('workspace_id', '=', workspaceId).orderBy('name').execute();
  return rows.map((row) => ({
    name: row.name,
    origin: row.origin,
    masterKeyId: row.master_key_id,
    updatedBy: row.updated_by,
    updatedAt: row.updated_at,
    readable: opens(ring, workspaceId, row) !== null,
  }));
}

/**
 * The value of a secret for a request to `origin`: null when none is stored,
 * when it was saved for another origin (a changed address never receives a
 * credential saved for the old one), or when it does not decrypt.
 */
export async function readSecretForOrigin(db: Db, ring: MasterKeyring, input: { workspaceId: string; name: string; origin: string }): Promise<string | null> {
  const row = await db.selectFrom('workspace_secrets').selectAll().where('workspace_id', '=', input.workspaceId).where('name', '=', input.name).executeTakeFirst();
  if (!row || row.origin !== input.origin) return null;
  return opens(ring, input.workspaceId, row);
}

/**
 * Deletes the API keys of AI providers that are no longer in `ai.providers`
 * (part 2 "Credentials": a save that removes a provider deletes its key). Call
 * it in the transaction of the settings save; answers the names deleted.
 */
export async function deleteKeysOfRemovedProviders(db: Db, workspaceId: string, keptProviderIds: readonly string[]): Promise<string[]> {
  const kept = new Set(keptProviderIds.map((id) => `ai:${id.toLowerCase()}:apiKey`));
  const rows = await db.selectFrom('workspace_secrets').select('name').where('workspace_id', '=', workspaceId).where('name', 'like', 'ai:%').execute();
  const removed = rows.map((r) => r.name).filter((name) => !kept.has(name));
  if (removed.length > 0) await db.deleteFrom('workspace_secrets').where('workspace_id', '=', workspaceId).where('name', 'in', removed).execute();
  return removed;
}

/** The secrets under the given master keys, by workspace and name (`keys forget` names what it deletes). */
export async function listSecretsUnderKeys(db: Db, masterKeyIds: readonly string[]): Promise<{ workspaceId: string; name: string; masterKeyId: string }[]> {
  if (masterKeyIds.length === 0) return [];
  const rows = await db
    .selectFrom('workspace_secrets')
    .select(['workspace_id', 'name', 'master_key_id'])
    .where('master_key_id', 'in', masterKeyIds)
    .orderBy('workspace_id')
    .orderBy('name')
    .execute();
  return rows.map((r) => ({ workspaceId: r.workspace_id, name: r.name, masterKeyId: r.master_key_id }));
}

/** How many secrets are encrypted under a master key other than the current one. */
export async function countSecretsNotUnderCurrentKey(db: Db, ring: MasterKeyring): Promise<number> {
  const row = await db.selectFrom('workspace_secrets').select((eb) => eb.fn.countAll<string>().as('n')).where('master_key_id', '<>', ring.current.id).executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface ReEncryption {
  /** Rows now under the current key. */
  reEncrypted: number;
  fromKeyIds: string[];
}

/**
 * Re-encrypts every secret under the previous master key with the current one
 * (part 2 "Environment": the previous key is for reading only). Each row is
 * rewritten only if it is still under the key it was read under, so a save or
 * a second run meanwhile is never overwritten: running it twice is harmless.
 */
export async function reEncryptSecrets(db: Kysely<Database>, ring: MasterKeyring, batchSize = 100): Promise<ReEncryption> {
  const previous = ring.previous;
  if (!previous || previous.id === ring.current.id) return { reEncrypted: 0, fromKeyIds: [] };
  let reEncrypted = 0;
  let after: { workspaceId: string; name: string } | null = null;
  for (;;) {
    let query = db.selectFrom('workspace_secrets').selectAll().where('master_key_id', '=', previous.id).orderBy('workspace_id').orderBy('name').limit(batchSize);
    if (after) {
      const { workspaceId, name } = after;
      query = query.where((eb) => eb.or([eb('workspace_id', '>', workspaceId), eb.and([eb('workspace_id', '=', workspaceId), eb('name', '>', name)])]));
    }
    const rows = await query.execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const value = opens(ring, row.workspace_id, row);
      // A row that does not open stays as it is; the secrets status reports it.
      if (value === null) continue;
      const sealed = encryptWithMasterKey(ring, Buffer.from(value, 'utf8'), secretContext(row.workspace_id, row.name, row.origin));
      const result = await db
        .updateTable('workspace_secrets')
        .set({ master_key_id: sealed.masterKeyId, ciphertext: sealed.ciphertext })
        .where('workspace_id', '=', row.workspace_id)
        .where('name', '=', row.name)
        .where('master_key_id', '=', previous.id)
        .executeTakeFirst();
      reEncrypted += Number(result.numUpdatedRows);
    }
    const last = rows.at(-1)!;
    after = { workspaceId: last.workspace_id, name: last.name };
  }
  return { reEncrypted, fromKeyIds: reEncrypted > 0 ? [previous.id] : [] };
}

/**
 * The values of every readable secret of a workspace, for one purpose only: taking them out of
 * text that leaves the service for an AI provider (lib/features/ai/withhold-secrets.ts). Never answered,
 * logged or stored.
 */
export async function readSecretValuesForRedaction(db: Db, ring: MasterKeyring, workspaceId: string): Promise<string[]> {
  const rows = await db.selectFrom('workspace_secrets').selectAll().where('workspace_id', '=', workspaceId).execute();
  return rows.map((row) => opens(ring, workspaceId, row)).filter((value): value is string => value !== null);
}
