/**
 * An app from a Node.js package manifest: `name` (without its npm scope),
 * `description`, and the web framework among `dependencies`. A workspaces
 * root (`workspaces` member) is a monorepo, not an app.
 */
import { cleanDescription, cleanName } from '../fact-keys';
import { noFileFacts, observedIn, type Extractor, type FileFacts } from '../file-facts';
import { baseNameOf, folderOf } from '../repository-paths';
import { evidenceAt, member, parseStructuredDocuments, stringMember, type LineSpan } from '../structured-text';
import { frameworks, withFramework } from '../technology-catalog';

function extract(path: string, text: string): FileFacts {
  const [document] = parseStructuredDocuments(text, 'json');
  if (document === undefined || member(document.value, 'workspaces') !== undefined) return noFileFacts;
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
  return {
    facts: [
      {
        draft: 'element',
        ...observedIn(spans.map((span) => evidenceAt(path, span))),
        ref: { by: 'folder', folder: folderOf(path) },
        kind: 'app',
        origin: 'manifest',
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
  version: 1,
  mayRead: (path) => baseNameOf(path) === 'package.json',
  extract,
  tables: { runtime: 'Node.js', frameworks: frameworks.npm },
};
