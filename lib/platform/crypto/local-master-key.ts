import { constants } from 'node:fs';
import { access, lstat, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { StartupRefusalError } from '../config/startup-refusal';
import { decodeMasterKey, generateMasterKeyText, toMasterKey, type MasterKey } from './master-key';
import { describeMissingKeys, type MasterKeyUsage } from './master-key-usage';

export interface LocalMasterKeyInput {
  dataDirectory: string;
  /** The key from Svc__MasterKey(File), when one is set. */
  configuredKey: MasterKey | null;
  /** Encrypted rows in the database, by key; read only when no key exists yet. */
  readUsage: () => Promise<MasterKeyUsage[]>;
  warn: (message: string) => void;
}

/** The path of the local profile's key file. */
export function localMasterKeyPath(dataDirectory: string): string {
  return join(dataDirectory, 'master.key');
}

/**
 * The local profile's master key: the configured one, else `<data>/master.key`,
 * else a new key written there (mode 0600) when the database holds nothing
 * encrypted yet. Each refusal of part 2 "Errors" for the local profile is here.
 */
export async function resolveLocalMasterKey(input: LocalMasterKeyInput): Promise<MasterKey> {
  const file = localMasterKeyPath(input.dataDirectory);
  let stats: Awaited<ReturnType<typeof lstat>> | undefined;
  try {
    stats = await lstat(file);
  } catch {
    stats = undefined;
  }
  if (input.configuredKey) {
    if (stats) input.warn(`${file} exists but a master key is set in the environment; the file is ignored.`);
    return input.configuredKey;
  }
  if (stats) {
    if (!stats.isFile()) {
      throw new StartupRefusalError(`${file} is not a regular file. Replace it with the master key file (base64 of 32 bytes, mode 600).`);
    }
    if ((stats.mode & 0o077) !== 0) {
      throw new StartupRefusalError(
        `Other users can read or change ${file} (mode ${(stats.mode & 0o777).toString(8)}). Run \`chmod 600 ${file}\` and start again.`,
      );
    }
    let text: string;
    try {
      await access(file, constants.R_OK);
      text = await readFile(file, 'utf8');
    } catch (error) {
      throw new StartupRefusalError(`${file} cannot be read (${(error as NodeJS.ErrnoException).code}). Make it readable by the service user.`, { cause: error });
    }
    if (text.trim() === '') {
      throw new StartupRefusalError(`${file} is empty. Restore the master key into it (base64 of 32 bytes), or set Svc__MasterKey.`);
    }
    const key = decodeMasterKey(text);
    if (!key) {
      throw new StartupRefusalError(`${file} does not hold base64 of exactly 32 bytes. Restore the master key into it, or set Svc__MasterKey.`);
    }
    return toMasterKey(key);
  }
  const usage = await input.readUsage();
  if (usage.length > 0) {
    throw new StartupRefusalError(
      `No master key is set and ${file} does not exist, but the database holds data under master key ${describeMissingKeys(usage)}. ` +
        'Restore master.key into the data directory or set Svc__MasterKey to that key; if the key is lost, run `svc keys forget`.',
    );
  }
  const text = generateMasterKeyText();
  try {
    await writeFile(file, `${text}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    throw new StartupRefusalError(
      `${file} cannot be created (${(error as NodeJS.ErrnoException).code}). Make the data directory writable by the service user.`,
      { cause: error },
    );
  }
  return toMasterKey(decodeMasterKey(text)!);
}
