import { readFileSync } from 'node:fs';
import type { MasterKeySetting } from '../config/service-config';
import { StartupRefusalError } from '../config/startup-refusal';
import { decodeMasterKey, toMasterKey, type MasterKey } from './master-key';

const fix = 'A master key is base64 of exactly 32 random bytes (for example from `openssl rand -base64 32`).';

/** Reads the key of `Svc__MasterKey(File)` or `Svc__PreviousMasterKey(File)`; null when none is set. */
export function readMasterKeySetting(setting: MasterKeySetting): MasterKey | null {
  if (setting.source === 'none') return null;
  let text: string;
  let origin: string;
  if (setting.source === 'file') {
    origin = `The file ${setting.path} named by ${setting.variable}`;
    try {
      text = readFileSync(setting.path, 'utf8');
    } catch (error) {
      throw new StartupRefusalError(
        `${setting.variable} names ${setting.path}, which cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Make the file readable by the service, or set a different path.`,
        { cause: error },
      );
    }
  } else {
    origin = setting.variable;
    text = setting.base64;
  }
  const key = decodeMasterKey(text);
  if (!key) throw new StartupRefusalError(`${origin} does not hold base64 of exactly 32 bytes. ${fix}`);
  return toMasterKey(key);
}
