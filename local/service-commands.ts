/**
 * The service commands of part 2 "Service commands" (`health`, `keys forget`):
 * one implementation behind both doors, the container's entry point
 * (local/main.ts) and the `svc` command-line tool (cli/main.ts).
 */
import type { Environment } from '../lib/platform/config/service-config';
import { StartupRefusalError } from '../lib/platform/config/startup-refusal';
import type { Logger } from '../lib/platform/runtime/logger';

/** The names the dispatchers hand over to runServiceCommand. */
export const serviceCommandNames = ['health', 'keys'] as const;
export type ServiceCommandName = (typeof serviceCommandNames)[number];

/** Usage lines of the service commands, for both help texts. */
export const serviceCommandUsage = `  health          exit 0 when /health on 127.0.0.1:$PORT answers 200
  keys forget [--yes]
                  list (and with --yes delete) stored credentials and session keys under a master key that is not given
`;

export function isServiceCommand(name: string | undefined): name is ServiceCommandName {
  return (serviceCommandNames as readonly string[]).includes(name ?? '');
}

/** Logs why the service (or a command that opens its database) cannot go on, as one entry in the configured format. */
export function logRefusal(log: Logger, error: unknown): void {
  if (error instanceof StartupRefusalError) log.error(`svc: cannot start: ${error.message}`);
  else log.error('svc: cannot start: unexpected failure', error);
}

/**
 * Runs a service command; resolves with its exit code (a refusal to open the
 * database is logged and gives 1). The commands are loaded when run: `svc
 * scan` never loads the database code, and starts fast.
 *
 * @example process.exit(await runServiceCommand('health', [], process.env, log));
 */
export async function runServiceCommand(name: ServiceCommandName, args: string[], env: Environment, log: Logger): Promise<number> {
  if (name === 'health') return (await import('./health-command')).runHealthCommand(env);
  try {
    return await (await import('./keys-command')).runKeysCommand(args, env, log);
  } catch (error) {
    logRefusal(log, error);
    return 1;
  }
}
