/**
 * `--payload <file>`: the push bodies of a run, written as one JSON array
 * (one AgentPushRequest per directory scanned, in the order given, the same
 * text that is sent). The file is created before any directory is read, so a
 * path that cannot be written is a usage error (exit 2) and not a surprise at
 * the end; each body is appended as soon as it is made, so memory holds one
 * body at a time.
 */
import { type FileHandle, open } from 'node:fs/promises';
import { UsageError } from './exit-codes';

export interface PayloadFile {
  append(bodyText: string): Promise<void>;
  close(): Promise<void>;
}

/** Creates (or empties) the payload file. Throws UsageError when it cannot be written. */
export async function openPayloadFile(path: string): Promise<PayloadFile> {
  let handle: FileHandle;
  try {
    // 0600: the bodies name the files and facts of a private checkout.
    handle = await open(path, 'w', 0o600);
  } catch (error) {
    throw new UsageError(`--payload: cannot write ${path}: ${(error as Error).message}`);
  }
  let count = 0;
  return {
    async append(bodyText) {
      await handle.write(`${count === 0 ? '[\n' : ',\n'}${bodyText}`);
      count++;
    },
    async close() {
      await handle.write(count === 0 ? '[]\n' : '\n]\n');
      await handle.close();
    },
  };
}
