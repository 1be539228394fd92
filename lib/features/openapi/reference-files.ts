/**
 * The files of the API reference (GET /openapi.json, GET /docs, GET
 * /docs/{file}; docs/openapi.md): the OpenAPI document written by the build
 * and Swagger UI's files with the page that starts it, copied by
 * esbuild.config.mjs next to the running code. Read once per process; a
 * `.br` or `.gz` twin the build wrote is the file's compressed body, so no
 * request waits for the 1.7 MB bundle to be compressed.
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { webFile, type WebFile } from '../../platform/web/web-client-files';

export interface ReferenceFiles {
  document: WebFile;
  /** `index.html` (the page at /docs) and the files under /docs/, by name. */
  files: ReadonlyMap<string, WebFile>;
}

/**
 * Where the files lie, seen from the running code: beside a function bundle
 * (dist/functions/reference), one folder up from the local server
 * (dist/local/main.mjs → dist), and the built dist/ from source (lib/features/openapi).
 */
export function referenceDirectories(moduleUrl: string = import.meta.url): string[] {
  const here = dirname(fileURLToPath(moduleUrl));
  return [here, resolve(here, '..'), resolve(here, '../../../dist')];
}

async function readOptional(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw error;
  }
}

/** The files in `directory` (its openapi.json and reference/ folder), or null when they are not there. */
export async function readReferenceFiles(directory: string): Promise<ReferenceFiles | null> {
  const documentBody = await readOptional(join(directory, 'openapi.json'));
  if (documentBody === null) return null;
  const folder = join(directory, 'reference');
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const files = new Map<string, WebFile>();
  for (const name of names.filter((n) => !/\.(br|gz)$/.test(n)).sort()) {
    const file = webFile(`/docs/${name}`, await readFile(join(folder, name)), false);
    for (const coding of ['br', 'gzip'] as const) {
      const compressed = await readOptional(join(folder, `${name}.${coding === 'br' ? 'br' : 'gz'}`));
      if (compressed !== null) file.encoded.set(coding, compressed);
    }
    files.set(name, file);
  }
  return { document: webFile('/openapi.json', documentBody, false), files };
}

let loading: Promise<ReferenceFiles | null> | undefined;

/** The first directory holding the files, read once per process; null when the service was not built. */
export function referenceFiles(): Promise<ReferenceFiles | null> {
  loading ??= (async () => {
    for (const directory of referenceDirectories()) {
      const found = await readReferenceFiles(directory);
      if (found) return found;
    }
    return null;
  })();
  loading.then(
    (found) => {
      if (!found) loading = undefined;
    },
    () => {
      loading = undefined;
    },
  );
  return loading;
}
