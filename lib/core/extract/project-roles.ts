/**
 * Folders whose projects are not services by where they stand: tests, CI,
 * documentation, fixtures and examples (docs/extraction.md "Not everything
 * with a manifest is a service"). Applies only to projects nothing deploys:
 * a compose service built from `examples/shop` is a service all the same.
 */

/** Folder names that hold tests, and the suffixes test projects carry (`Ordering.UnitTests`, `cart.tests`, `orders-e2e`). */
const testFolder = /^(?:tests?|e2e|__tests__|specs?|testing|integration[-_]?tests?|functional[-_]?tests?|load[-_]?tests?|benchmarks?|cypress|playwright)$/i;
const testSuffix = /[._-](?:tests?|unit[-_]?tests?|functional[-_]?tests?|integration[-_]?tests?|e2e|specs?)$/i;

/** Folders of tooling, CI, documentation, fixtures and examples, with the words a person reads. */
const otherFolders: readonly [RegExp, string][] = [
  [/^\.(?:github|gitlab|circleci|buildkite|devcontainer|vscode|idea)$/i, 'CI or editor folder'],
  [/^(?:docs?|old[-_]?docs|documentation|site|website)$/i, 'documentation folder'],
  [/^(?:fixtures?|testdata|test[-_]data|__fixtures__|mocks?|stubs?)$/i, 'fixtures folder'],
  [/^(?:examples?|samples?|validation|demo[-_]?data)$/i, 'examples folder'],
];

/** Why a project in this folder is no service by its place alone, or null. */
export function folderRoleReason(folder: string): string | null {
  for (const part of folder.split('/')) {
    if (part === '') continue;
    if (testFolder.test(part) || testSuffix.test(part)) return `test project (in ${part}/)`;
    for (const [pattern, reason] of otherFolders) if (pattern.test(part)) return `${reason} (${part}/)`;
  }
  return null;
}

/** Whether a project's own name says it holds tests (`Catalog.FunctionalTests`, `orders-e2e`). */
export function isTestProjectName(name: string): boolean {
  return testSuffix.test(name) || /^tests?$/i.test(name);
}
