/**
 * A reason the service will not start. The message names the fix; the process
 * prints it on one line and exits with status 1 (part 2 "Errors").
 *
 * @example
 * throw new StartupRefusalError('Svc__Profile must be "local" or "hosted" (got "dev"). Set it to one of them or leave it unset.');
 */
export class StartupRefusalError extends Error {
  override readonly name = 'StartupRefusalError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
