import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readWebClientFiles, type WebClientFiles } from './web-client-files';

/**
 * Where the built client lies, seen from the running code: `client/` beside
 * a function bundle (dist/functions/web/client, copied by esbuild.config.mjs),
 * `../web` from the local server (dist/local/main.mjs → dist/web), and the
 * project's dist/web from source (lib/platform/web).
 */
export function webClientDirectories(moduleUrl: string = import.meta.url): string[] {
  const here = dirname(fileURLToPath(moduleUrl));
  return [resolve(here, 'client'), resolve(here, '../web'), resolve(here, '../../../dist/web')];
}

/** The first built client found in `directories`, or null when none was built. */
export async function findWebClientFiles(directories: readonly string[] = webClientDirectories()): Promise<WebClientFiles | null> {
  for (const directory of directories) {
    const files = await readWebClientFiles(directory);
    if (files) return files;
  }
  return null;
}
