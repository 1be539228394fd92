/**
 * The exit codes of `svc scan` (part 2 "Command-line tool") and `svc check`,
 * which adds 6. With several directories each is tried and the process exits
 * with the code of the first directory that failed (docs/cli.md "Exit codes").
 */
export const exitCodes = {
  /** Every directory pushed (or scanned, with --dry-run). */
  ok: 0,
  /** A directory (or a file in it) could not be read: nothing pushed for it, or a partial push. */
  unreadable: 1,
  /** A flag, a value, a directory or the token is missing or wrong; nothing was sent. */
  usage: 2,
  /** The server refused the token (401 or 403). */
  tokenRefused: 3,
  /** The server refused the push: other extraction rules, a limit, a bad body, another push of the Source running. */
  pushRefused: 4,
  /** The server failed or could not be reached in time. */
  serverFailure: 5,
  /** `svc check`: drift of a kind `--fail-on` names was found. */
  driftFound: 6,
} as const;

export type ExitCode = (typeof exitCodes)[keyof typeof exitCodes];

/** A command line that cannot run: exit 2 with this message. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
