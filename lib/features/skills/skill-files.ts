import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSkillDocument, type SkillDocument } from './skill-documents';

/**
 * Where the skill folders lie, seen from the running code: `skills/` beside a
 * function bundle (dist/functions/agent/skills, copied by esbuild.config.mjs),
 * `../skills` from the local server (dist/local/main.mjs → dist/skills), and
 * the project's skills/ from source (lib/features/skills).
 */
export function skillDirectories(moduleUrl: string = import.meta.url): string[] {
  const here = dirname(fileURLToPath(moduleUrl));
  return [resolve(here, 'skills'), resolve(here, '../skills'), resolve(here, '../../../skills')];
}

/** Every skill of a directory, by name order. */
export async function readSkillDocuments(directory: string): Promise<SkillDocument[] | null> {
  let folders: string[];
  try {
    folders = (await readdir(directory, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw error;
  }
  const documents = await Promise.all(folders.sort().map(async (folder) => parseSkillDocument(folder, await readFile(join(directory, folder, 'SKILL.md'), 'utf8'))));
  return documents;
}

let loaded: Promise<SkillDocument[]> | undefined;

/** The skills, read once per process from the first directory that has them (they are build artefacts). */
export function skillDocuments(): Promise<SkillDocument[]> {
  loaded ??= (async () => {
    for (const directory of skillDirectories()) {
      const documents = await readSkillDocuments(directory);
      if (documents) return documents;
    }
    throw new Error(`no skills folder in ${skillDirectories().join(', ')}: the build copies skills/ there (esbuild.config.mjs)`);
  })();
  // A failed read is tried again by the next request.
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}
