import { StartupRefusalError } from '../config/startup-refusal';

/** The variable the function deployment sets (infra/template.yaml, parameter DatabasePoolSize). */
export const poolSizeVariable = 'Database__MaxPoolSize';

export const poolSizeDefaults = Object.freeze({
  /**
   * A function instance serves one request at a time; two connections let an
   * operation hold a transaction while the rate limit or the job queue takes
   * another, without hundreds of instances exhausting the database.
   */
  function: 2,
  min: 1,
  max: 100,
});

/**
 * Connections of the pool a function instance opens, from `Database__MaxPoolSize`:
 * a whole number, moved into 1..100 like the spec's other limits; unset means 2.
 *
 * @example
 * readDatabasePoolSize({ Database__MaxPoolSize: '1' }) // 1
 */
export function readDatabasePoolSize(env: Readonly<Record<string, string | undefined>>): number {
  const text = env[poolSizeVariable]?.trim();
  if (text === undefined || text === '') return poolSizeDefaults.function;
  if (!/^[+-]?\d+$/.test(text)) {
    throw new StartupRefusalError(
      `${poolSizeVariable} must be a whole number (got "${text}"). Set a number from ${poolSizeDefaults.min} to ${poolSizeDefaults.max}, or unset it for ${poolSizeDefaults.function}.`,
    );
  }
  return Math.min(poolSizeDefaults.max, Math.max(poolSizeDefaults.min, Number(text)));
}
