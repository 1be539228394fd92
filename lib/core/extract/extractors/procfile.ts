/**
 * A Procfile (`web: npm start`, `worker: python worker.py`) says the app
 * built from its folder is deployed (Heroku, Dokku, buildpacks). It does not
 * name the app: the folder's manifest, compose service or deployment does, so
 * the draft is the folder's app with no name, and the process lines are its
 * evidence. A file counts when every line is a process (or a comment) and one
 * process has a common type, so a stray `key: value` text is no Procfile.
 * `Procfile.dev` and the like are development runners and are not read.
 */
import type { Evidence } from '../extracted-fact';
import { noFileFacts, observedIn, type Extractor, type FileFacts } from '../file-facts';
import { baseNameOf, folderOf } from '../repository-paths';

/** `type: command`, the process type as Procfiles allow it. */
const processLine = /^([A-Za-z0-9_-]+)[ \t]*:[ \t]*\S/;

/** Process types platforms and buildpacks use for a running service. */
export const serviceProcessTypes: readonly string[] = Object.freeze(['web', 'worker', 'api', 'app', 'server', 'release', 'clock', 'scheduler', 'consumer', 'queue']);

function extract(path: string, text: string): FileFacts {
  const evidence: Evidence[] = [];
  let serviceProcess = false;
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = processLine.exec(line);
    if (match === null) return noFileFacts;
    serviceProcess ||= serviceProcessTypes.includes(match[1]!.toLowerCase());
    evidence.push({ path, startLine: index + 1, endLine: index + 1 });
  }
  if (!serviceProcess) return noFileFacts;
  return {
    facts: [{ draft: 'element', ...observedIn(evidence), ref: { by: 'folder', folder: folderOf(path) }, kind: 'app', origin: 'procfile', name: null, description: null, technology: null }],
    hints: [],
  };
}

export const procfileExtractor: Extractor = {
  name: 'procfile',
  version: 1,
  mayRead: (path) => baseNameOf(path) === 'Procfile',
  extract,
  tables: { processLine: processLine.source, serviceProcessTypes },
};
