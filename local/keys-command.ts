import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import { readServiceConfig, type Environment } from '../lib/platform/config/service-config';
import { localMasterKeyPath, resolveLocalMasterKey } from '../lib/platform/crypto/local-master-key';
import type { MasterKey } from '../lib/platform/crypto/master-key';
import { masterKeyHolders, readMasterKeyUsage, rowsUnderMissingKeys } from '../lib/platform/crypto/master-key-usage';
import { readMasterKeySetting } from '../lib/platform/crypto/read-master-key';
import { migrateDatabase } from '../lib/platform/db/migrate-database';
import type { Logger } from '../lib/platform/runtime/logger';
import { openServiceDatabase } from './open-service-database';
import { appendAudit } from '../lib/platform/audit/audit-log';
import { listSecretsUnderKeys } from '../lib/features/secrets/secret-store';

export const keysUsage = `Usage: svc keys forget [--yes]
  keys forget        list stored credentials and session keys under a master key the environment does not give (exit 1 if any)
  keys forget --yes  delete those rows and record it in the audit log (for a lost key only)
`;

/**
 * `svc keys forget [--yes]` (part 2 "Service commands"). Lists, and with
 * --yes deletes, every encrypted row whose master key is not loaded.
 */
export async function runKeysCommand(args: string[], env: Environment, log: Logger): Promise<number> {
  const [sub, ...flags] = args;
  if (sub !== 'forget' || flags.some((f) => f !== '--yes') || flags.length > 1) {
    process.stderr.write(keysUsage);
    return 2;
  }
  const confirm = flags.includes('--yes');
  const config = readServiceConfig(env);
  const configured = readMasterKeySetting(config.masterKey);
  const previous = readMasterKeySetting(config.previousMasterKey);
  const database = await openServiceDatabase(config, log, configured !== null);
  try {
    if (config.database.migrateOnStartup) await migrateDatabase(database.handle.db, database.handle.pool);
    let current: MasterKey | null = configured;
    if (!current && config.profile === 'local' && existsSync(localMasterKeyPath(config.dataDirectory))) {
      current = await resolveLocalMasterKey({ dataDirectory: config.dataDirectory, configuredKey: null, readUsage: async () => [], warn: (m) => log.warn(m) });
    }
    const loaded = [current?.id, previous?.id].filter((id): id is string => Boolean(id));
    const missing = rowsUnderMissingKeys(await readMasterKeyUsage(database.handle.db), current ? { current, previous } : null);
    if (missing.length === 0) {
      process.stdout.write(`Nothing is stored under a master key other than the loaded ones (${loaded.join(', ') || 'none'}).\n`);
      return 0;
    }
    for (const row of missing) process.stdout.write(`${row.label}: ${row.rows} row(s) under master key ${row.masterKeyId}\n`);
    const lostSecretKeys = missing.filter((m) => m.table === 'workspace_secrets').map((m) => m.masterKeyId);
    const lostSecrets = await listSecretsUnderKeys(database.handle.db, lostSecretKeys);
    for (const secret of lostSecrets) process.stdout.write(`  credential ${secret.name} of workspace ${secret.workspaceId} (master key ${secret.masterKeyId})\n`);
    if (!confirm) {
      process.stdout.write(`Loaded keys: ${loaded.join(', ') || 'none'}. Run \`svc keys forget --yes\` to delete these rows (only when the key is lost).\n`);
      return 1;
    }
    await database.handle.db.transaction().execute(async (trx) => {
      for (const holder of masterKeyHolders) {
        const ids = missing.filter((m) => m.table === holder.table).map((m) => m.masterKeyId);
        if (ids.length === 0) continue;
        await sql`delete from ${sql.table(holder.table)} where master_key_id in (${sql.join(ids)})`.execute(trx);
      }
      const at = new Date();
      await appendAudit(trx, { workspaceId: null, actor: 'operator', action: 'keys.forget', detail: { deleted: missing, loadedKeys: loaded }, at });
      // Each workspace's owners see in their own log which credentials went, by name.
      for (const workspaceId of new Set(lostSecrets.map((s) => s.workspaceId))) {
        const secrets = lostSecrets.filter((s) => s.workspaceId === workspaceId);
        const detail = { names: secrets.map((s) => s.name), masterKeyIds: [...new Set(secrets.map((s) => s.masterKeyId))] };
        await appendAudit(trx, { workspaceId, actor: 'operator', action: 'secret.forget', detail, at });
      }
    });
    process.stdout.write(`Deleted ${missing.reduce((n, m) => n + m.rows, 0)} row(s); recorded in the instance audit log.\n`);
    return 0;
  } finally {
    await database.close();
  }
}

