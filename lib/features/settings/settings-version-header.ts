import { ConflictError, RefusedError, ValidationError } from '../../platform/errors/service-error';

/** The `ETag` of a settings document: its version in quotes (part 2 "Settings, credentials, instance"). */
export function settingsEtag(version: number): string {
  return `"${version}"`;
}

/**
 * The version a settings PUT says it replaces, from `If-Match`: 428
 * `precondition_required` without one; 400 `validation_error` on field
 * `If-Match` when it is not one quoted version (a list, `*` or a weak tag is
 * not one: a save replaces one version it has seen).
 */
export function ifMatchVersion(headers: Readonly<Record<string, string>>): number {
  const value = headers['if-match'];
  if (value === undefined) {
    throw new RefusedError('precondition_required', 'If-Match required', 'Send the header If-Match with the quoted version of the settings you read (their ETag).');
  }
  const match = /^\s*"(0|[1-9][0-9]{0,9})"\s*$/.exec(value);
  if (!match || Number(match[1]) > 2_147_483_647) {
    throw new ValidationError('Invalid If-Match', [{ field: 'If-Match', message: 'must be the quoted version of the settings, such as "3"' }]);
  }
  return Number(match[1]);
}

/** 409 for a save whose If-Match is not the stored version; nothing was saved. */
export function versionConflict(storedVersion: number): ConflictError {
  return new ConflictError('Settings changed', `The settings are at version ${storedVersion} now; read them again and send your change with If-Match: "${storedVersion}".`);
}
