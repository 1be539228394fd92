import { ConflictError } from '../../platform/errors/service-error';

/**
 * The `expectedVersion` guard of a write to main that was previewed first (an import, a merge):
 * when main moved on since, the write is refused (409) and the caller previews again.
 */
export function refuseUnlessExpectedVersion(expectedVersion: number | null, version: number): void {
  if (expectedVersion === null || expectedVersion === version) return;
  throw new ConflictError('The model changed since the preview', `expectedVersion is ${expectedVersion}; main is at version ${version}. Preview again.`, [
    { field: 'expectedVersion', message: `main is at version ${version}` },
  ]);
}
