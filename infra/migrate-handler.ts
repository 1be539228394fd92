import { migrateDatabase } from '../lib/platform/db/migrate-database';
import { getServiceRuntime } from '../lib/platform/runtime/service-runtime';

export interface MigrateResult {
  /** Names of the migrations this invocation applied; empty when the database was up to date. */
  applied: string[];
}

/**
 * The deploy step of the function deployment (infra/template.yaml,
 * MigrateFunction): applies the release's migrations, the same as `svc migrate`,
 * from inside the VPC where the database is. Invoked by hand or by the
 * pipeline (`aws lambda invoke`, docs/deploy.md); safe to invoke again, and
 * safe beside a second invocation (the migrator holds an advisory lock).
 */
export async function handler(): Promise<MigrateResult> {
  const runtime = await getServiceRuntime();
  const applied = await migrateDatabase(runtime.db, runtime.pool);
  runtime.log.info(applied.length > 0 ? `migrations applied: ${applied.join(', ')}` : 'database is up to date');
  return { applied };
}
