/**
 * An app from a .NET project file: `<AssemblyName>` or the file's name, and
 * ASP.NET Core or a worker service from the project SDK. A test project (test
 * SDK or framework references, `IsTestProject`) and a class library (no web or
 * worker SDK, no `OutputType Exe`) are told apart for the combination.
 */
import { cleanName } from '../fact-keys';
import { noFileFacts, observedIn, type Extractor, type FileFacts, type ProjectTraits } from '../file-facts';
import { isTestProjectName } from '../project-roles';
import { baseNameOf, folderOf } from '../repository-paths';
import { frameworks, withFramework } from '../technology-catalog';
import { outlineXml } from '../xml-outline';

/** Package references that make a test project. */
const testPackages: readonly string[] = ['microsoft.net.test.sdk', 'xunit', 'nunit', 'mstest'];

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
  const property = (name: string) => outline.find((element) => element.path === `Project/PropertyGroup/${name}`)?.text.trim().toLowerCase();
  const packages = outline.filter((element) => element.path === 'Project/ItemGroup/PackageReference').map((element) => (element.attributes.Include ?? '').toLowerCase());
  const outputType = property('OutputType');
  // An Aspire AppHost starts the services; it is none of them.
  const orchestrator = sdk.startsWith('aspire.apphost') || property('IsAspireHost') === 'true';
  const runnable = !orchestrator && (sdk === 'microsoft.net.sdk.web' || sdk === 'microsoft.net.sdk.worker' || outputType === 'exe' || outputType === 'winexe');
  const traits: ProjectTraits = {
    projectNames: [...new Set([name, baseNameOf(path).replace(/\.csproj$/i, '')])],
    test: sdk.startsWith('mstest.sdk') || property('IsTestProject') === 'true' || packages.some((entry) => testPackages.some((prefix) => entry.startsWith(prefix))) || isTestProjectName(name),
    library: !runnable && !orchestrator,
    runnable,
    workspaceRoot: orchestrator,
  };
  if (assembly) lines.add(assembly.line);
  return {
    facts: [
      {
        draft: 'element',
        ...observedIn([...lines].sort((a, b) => a - b).map((line) => ({ path, startLine: line, endLine: line }))),
        ref: { by: 'folder', folder: folderOf(path) },
        kind: 'app',
        origin: 'manifest',
        project: traits,
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
  version: 3,
  mayRead: (path) => /\.csproj$/i.test(path),
  extract,
  tables: { runtime: '.NET', frameworks: frameworks.dotnetSdk, testPackages },
};
