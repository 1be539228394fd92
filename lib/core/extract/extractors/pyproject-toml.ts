/**
 * An app from a Python project file: `[project]` (PEP 621) or
 * `[tool.poetry]` name and description, and the web framework among its
 * dependencies. Read with smol-toml, a complete TOML 1.0 parser with no
 * dependencies: a hand-made subset reader would misread multi-line arrays and
 * inline tables, which dependency lists use.
 */
import { parse } from 'smol-toml';
import { cleanDescription, cleanName } from '../fact-keys';
import { noFileFacts, observedIn, type Extractor, type FileFacts } from '../file-facts';
import { isTestProjectName } from '../project-roles';
import { baseNameOf, folderOf } from '../repository-paths';
import { entriesOf, itemsOf, member } from '../structured-text';
import { frameworks, withFramework } from '../technology-catalog';
import { lineMentioning, tomlKeyLine, tomlTableLine } from '../toml-lines';

/** `FastAPI[all] >= 0.110` → `fastapi` (PEP 508 names compare without case, `-` and `_` alike). */
function requirementName(requirement: string): string {
  return (/^\s*([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(requirement)?.[1] ?? '').toLowerCase().replaceAll('_', '-');
}

function extract(path: string, text: string): FileFacts {
  let document: unknown;
  try {
    document = parse(text);
  } catch {
    return noFileFacts;
  }
  const project = member(document, 'project');
  const poetry = member(member(document, 'tool'), 'poetry');
  const table = project !== undefined ? 'project' : poetry !== undefined ? 'tool.poetry' : null;
  if (table === null) return noFileFacts;
  const source = table === 'project' ? project : poetry;
  const name = cleanName(member(source, 'name'));
  const description = cleanDescription(member(source, 'description'));
  const dependencies = [
    ...itemsOf(member(project, 'dependencies')).filter((entry): entry is string => typeof entry === 'string').map(requirementName),
    ...entriesOf(member(poetry, 'dependencies')).map(([key]) => requirementName(key)),
  ];
  const framework = Object.keys(frameworks.python).find((candidate) => dependencies.includes(candidate)) ?? null;
  const tableLine = tomlTableLine(text, table) ?? 1;
  const lines = new Set<number>();
  const nameLine = name === null ? null : tomlKeyLine(text, table, 'name');
  lines.add(nameLine ?? tableLine);
  if (description !== null) lines.add(tomlKeyLine(text, table, 'description') ?? tableLine);
  if (framework !== null) lines.add(lineMentioning(text, tableLine, new RegExp(`(^|["'\\s])${framework}(?![A-Za-z0-9_-])`, 'i')) ?? tableLine);
  return {
    facts: [
      {
        draft: 'element',
        ...observedIn([...lines].sort((a, b) => a - b).map((line) => ({ path, startLine: line, endLine: line }))),
        ref: { by: 'folder', folder: folderOf(path) },
        kind: 'app',
        origin: 'manifest',
        project: {
          projectNames: name === null ? [] : [name],
          test: isTestProjectName(name ?? ''),
          library: false,
          runnable: framework !== null || member(project, 'scripts') !== undefined || member(poetry, 'scripts') !== undefined,
          workspaceRoot: false,
        },
        name,
        description,
        technology: withFramework('Python', framework === null ? null : frameworks.python[framework]!),
      },
    ],
    hints: [],
  };
}

export const pyprojectTomlExtractor: Extractor = {
  name: 'pyproject-toml',
  version: 2,
  mayRead: (path) => baseNameOf(path) === 'pyproject.toml',
  extract,
  tables: { runtime: 'Python', frameworks: frameworks.python },
};
