/**
 * An app from a Go module file: the last part of the `module` path (a major
 * version suffix such as `/v2` left out) and the web framework among its
 * `require` lines. go.mod is line-based, so it is read line by line.
 */
import { cleanName } from '../fact-keys';
import { noFileFacts, observedIn, type Extractor, type FileFacts } from '../file-facts';
import { isTestProjectName } from '../project-roles';
import type { Evidence } from '../extracted-fact';
import { baseNameOf, folderOf } from '../repository-paths';
import { frameworks, withFramework } from '../technology-catalog';

function extract(path: string, text: string): FileFacts {
  const lines = text.split('\n');
  let name: string | null = null;
  let moduleName = '';
  let moduleLine = 0;
  let framework: string | null = null;
  let frameworkLine = 0;
  let inRequire = false;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.replace(/\/\/.*$/, '').trim();
    const module = /^module\s+"?([^\s"]+)"?$/.exec(line);
    if (module && moduleLine === 0) {
      const parts = module[1]!.split('/').filter((part) => !/^v\d+$/.test(part));
      name = cleanName(parts.at(-1));
      moduleName = module[1]!;
      moduleLine = index + 1;
      continue;
    }
    if (/^require\s*\($/.test(line)) {
      inRequire = true;
      continue;
    }
    if (inRequire && line === ')') {
      inRequire = false;
      continue;
    }
    const requirement = inRequire ? /^(\S+)\s+\S+/.exec(line) : /^require\s+(\S+)\s+\S+/.exec(line);
    if (requirement && framework === null && Object.hasOwn(frameworks.go, requirement[1]!)) {
      framework = frameworks.go[requirement[1]!]!;
      frameworkLine = index + 1;
    }
  }
  if (name === null) return noFileFacts;
  const evidence: Evidence[] = [{ path, startLine: moduleLine, endLine: moduleLine }];
  if (frameworkLine > 0) evidence.push({ path, startLine: frameworkLine, endLine: frameworkLine });
  return {
    facts: [
      {
        draft: 'element',
        ...observedIn(evidence),
        ref: { by: 'folder', folder: folderOf(path) },
        kind: 'app',
        origin: 'manifest',
        // A module's `package main` is in its .go files, which no rule reads: whether it runs is left to what deploys it.
        project: { projectNames: [name, moduleName], test: isTestProjectName(name), library: false, runnable: false, workspaceRoot: false },
        name,
        description: null,
        technology: withFramework('Go', framework),
      },
    ],
    hints: [],
  };
}

export const goModExtractor: Extractor = {
  name: 'go-mod',
  version: 2,
  mayRead: (path) => baseNameOf(path) === 'go.mod',
  extract,
  tables: { runtime: 'Go', frameworks: frameworks.go },
};
