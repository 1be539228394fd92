/**
 * An app from a Node.js package manifest: `name` (without its npm scope),
 * `description`, and the web framework among `dependencies`; whether it runs
 * (a `start` script, `bin`, a server framework), is a library (`main` or
 * `exports` without those), a test-runner root or a monorepo root
 * (`workspaces`).
 */
import { cleanDescription, cleanName } from '../fact-keys';
import { noFileFacts, observedIn, type Extractor, type FileFacts, type ProjectTraits } from '../file-facts';
import { isTestProjectName } from '../project-roles';
import { baseNameOf, folderOf } from '../repository-paths';
import { asRecord, evidenceAt, member, parseStructuredDocuments, stringMember, type LineSpan } from '../structured-text';
import { frameworks, withFramework } from '../technology-catalog';

/** Packages of test runners: a manifest that only runs them (a Playwright or Cypress root) holds tests, not a service. */
const testRunnerPackages: readonly string[] = ['@playwright/test', 'playwright', 'cypress', 'jest', 'mocha', 'vitest', 'k6', 'artillery'];

function extract(path: string, text: string): FileFacts {
  const [document] = parseStructuredDocuments(text, 'json');
  if (document === undefined) return noFileFacts;
  const manifest = document.value;
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest)) return noFileFacts;
  const rawName = stringMember(manifest, 'name');
  // `@shop/orders` is the package; the app is `orders`.
  const name = cleanName(rawName?.replace(/^@[^/]+\//, ''));
  const spans: LineSpan[] = [];
  const nameSpan = document.spanAt(['name']);
  if (name !== null && nameSpan) spans.push(nameSpan);
  let framework: string | null = null;
  for (const dependency of Object.keys(frameworks.npm)) {
    if (typeof member(member(manifest, 'dependencies'), dependency) !== 'string') continue;
    framework = frameworks.npm[dependency]!;
    const span = document.spanAt(['dependencies', dependency]);
    if (span) spans.push(span);
    break;
  }
  const description = cleanDescription(member(manifest, 'description'));
  const descriptionSpan = description === null ? null : document.spanAt(['description']);
  if (descriptionSpan) spans.push(descriptionSpan);
  if (spans.length === 0) spans.push(document.span);
  spans.sort((a, b) => a.startLine - b.startLine);
  const scripts = member(manifest, 'scripts');
  const dependencyNames = [...Object.keys(asRecord(member(manifest, 'dependencies')) ?? {}), ...Object.keys(asRecord(member(manifest, 'devDependencies')) ?? {})];
  const testRunner = dependencyNames.some((dependency) => testRunnerPackages.includes(dependency));
  const runnable = framework !== null || ['start', 'serve', 'start:prod'].some((script) => typeof member(scripts, script) === 'string') || member(manifest, 'bin') !== undefined;
  const project: ProjectTraits = {
    projectNames: [rawName, name].filter((entry): entry is string => typeof entry === 'string' && entry !== ''),
    test: isTestProjectName(name ?? '') || (testRunner && !runnable && Object.keys(asRecord(member(manifest, 'dependencies')) ?? {}).length === 0),
    library: !runnable && ['main', 'module', 'exports', 'types'].some((field) => member(manifest, field) !== undefined),
    runnable,
    workspaceRoot: member(manifest, 'workspaces') !== undefined,
  };
  return {
    facts: [
      {
        draft: 'element',
        ...observedIn(spans.map((span) => evidenceAt(path, span))),
        ref: { by: 'folder', folder: folderOf(path) },
        kind: 'app',
        origin: 'manifest',
        project,
        name,
        description,
        technology: withFramework('Node.js', framework),
      },
    ],
    hints: [],
  };
}

export const packageJsonExtractor: Extractor = {
  name: 'package-json',
  version: 2,
  mayRead: (path) => baseNameOf(path) === 'package.json',
  extract,
  tables: { runtime: 'Node.js', frameworks: frameworks.npm, testRunnerPackages },
};
