import { sql } from 'kysely';
import { textResponse, type Operation } from '../../lib/http/api-types';

const databaseCheckTimeoutMs = 2000;

/** /health and /health/ready: 200 `Healthy` when the database answers, else 503 `Unhealthy`. */
export const getHealth: Operation = async ({ runtime }) => {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      sql`select 1`.execute(runtime.db),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('database check timed out')), databaseCheckTimeoutMs);
      }),
    ]);
    return textResponse(200, 'Healthy');
  } catch {
    return textResponse(503, 'Unhealthy');
  } finally {
    clearTimeout(timer);
  }
};
