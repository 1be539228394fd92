import { randomBytes } from 'node:crypto';
import { lstat, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { StartupRefusalError } from '../../platform/config/startup-refusal';

export { setupCodeLogMarker } from '../../platform/logging/setup-code-marker';
export const minimumSetupCodeLength = 16;

export function setupCodePath(dataDirectory: string): string {
  return join(dataDirectory, 'setup-code');
}

/** A setup code: 20 characters of an unambiguous alphabet (about 100 bits). */
function generateSetupCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(20);
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
}

/**
 * Reads `<data>/setup-code`, or creates it (mode 0600) when it does not exist.
 * Refuses to start when the file is unreadable, uncreatable, empty or shorter
 * than 16 characters.
 */
export async function ensureLocalSetupCode(dataDirectory: string): Promise<string> {
  const file = setupCodePath(dataDirectory);
  let exists = true;
  try {
    await lstat(file);
  } catch {
    exists = false;
  }
  if (exists) {
    let text: string;
    try {
      text = (await readFile(file, 'utf8')).trim();
    } catch (error) {
      throw new StartupRefusalError(
        `${file} cannot be read (${(error as NodeJS.ErrnoException).code}). Make it a file readable by the service user, or delete it so a new setup code is made.`,
        { cause: error },
      );
    }
    if (text === '') throw new StartupRefusalError(`${file} is empty. Delete it so a new setup code is made, then start again.`);
    if (text.length < minimumSetupCodeLength) {
      throw new StartupRefusalError(
        `${file} holds a code of ${text.length} characters; at least ${minimumSetupCodeLength} are needed. Delete it so a new setup code is made, then start again.`,
      );
    }
    return text;
  }
  const code = generateSetupCode();
  try {
    await writeFile(file, `${code}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    throw new StartupRefusalError(
      `${file} cannot be created (${(error as NodeJS.ErrnoException).code}). Make the data directory writable by the service user.`,
      { cause: error },
    );
  }
  return code;
}

/** Deleted when setup completes; a missing file is fine. */
export async function deleteLocalSetupCode(dataDirectory: string): Promise<void> {
  await rm(setupCodePath(dataDirectory), { force: true });
}
