/**
 * An app from a .NET project file: `<AssemblyName>` or the file's name, and
 * ASP.NET Core or a worker service from the project SDK.
 */
import { cleanName } from '../fact-keys';
import { noFileFacts, observedIn, type Extractor, type FileFacts } from '../file-facts';
import { baseNameOf, folderOf } from '../repository-paths';
import { frameworks, withFramework } from '../technology-catalog';
import { outlineXml } from '../xml-outline';

function extract(path: string, text: string): FileFacts {
  const outline = outlineXml(text);
  const project = outline?.[0];
  if (outline === null || project === undefined || project.path !== 'Project') return noFileFacts;
  const assembly = outline.find((element) => element.path === 'Project/PropertyGroup/AssemblyName');
  const name = cleanName(assembly?.text) ?? cleanName(baseNameOf(path).replace(/\.csproj$/i, ''));
  if (name === null) return noFileFacts;
  const sdk = (project.attributes.Sdk ?? '').toLowerCase();
  const framework = Object.hasOwn(frameworks.dotnetSdk, sdk) ? frameworks.dotnetSdk[sdk]! : null;
  const lines = new Set([project.line]);
  if (assembly) lines.add(assembly.line);
  return {
    facts: [
      {
        draft: 'element',
        ...observedIn([...lines].sort((a, b) => a - b).map((line) => ({ path, startLine: line, endLine: line }))),
        ref: { by: 'folder', folder: folderOf(path) },
        kind: 'app',
        origin: 'manifest',
        name,
        description: null,
        technology: withFramework('.NET', framework),
      },
    ],
    hints: [],
  };
}

export const csprojExtractor: Extractor = {
  name: 'csproj',
  version: 1,
  mayRead: (path) => /\.csproj$/i.test(path),
  extract,
  tables: { runtime: '.NET', frameworks: frameworks.dotnetSdk },
};
