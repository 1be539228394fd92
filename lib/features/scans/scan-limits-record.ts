import type { ScanLimits } from '../../../contracts/scans';
import type { SettingsDocument } from '../settings/settings-schema';

export type { ScanLimits, ScanRequestRecord } from '../../../contracts/scans';

export function scanLimitsOf(settings: Pick<SettingsDocument, 'import'>): ScanLimits {
  const { maxFiles, maxFileBytes, maxTotalBytes, excludeGlobs, maxArchiveBytes } = settings.import;
  return { maxFiles, maxFileBytes, maxTotalBytes, excludeGlobs: [...excludeGlobs], maxArchiveBytes };
}
