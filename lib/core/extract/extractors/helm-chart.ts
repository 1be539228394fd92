/**
 * The parts of a Helm chart that are YAML: `Chart.yaml` (the chart's name,
 * whether it only gathers other charts, whether it is a library) and the
 * `values*.yaml` beside it (the images it runs: `image: repo:tag`,
 * `image.repository`, a sidecar's `*.image.repository`; and settings that may
 * name hosts: `env` lists of `name`/`value`, maps of env, connection
 * strings). Each file gives a `helm-chart-part` hint; helm-charts.ts joins
 * the parts of a folder once every file is read. Templates (`templates/`,
 * `{{ }}`) are not YAML and are never read.
 */
import { cleanName } from '../fact-keys';
import { noFileFacts, type Extractor, type FileFacts } from '../file-facts';
import { isSettingName } from '../connection-settings';
import type { HelmChartPartHint } from '../file-facts';
import { baseNameOf, folderOf } from '../repository-paths';
import { entriesOf, evidenceAt, itemsOf, member, parseStructuredDocuments, stringMember, type StructuredDocument } from '../structured-text';
import { imageRepository } from '../technology-catalog';

/** Keys of values that hold a container's environment (a list of `name`/`value` or a map). */
export const environmentKeys: readonly string[] = Object.freeze(['env', 'extraenv', 'environment', 'envvars', 'extraenvvars', 'envvariables']);

/** Keys of values that hold .NET-style connection strings by name. */
export const connectionStringKeys: readonly string[] = Object.freeze(['connectionstrings']);

/** How deep into values.yaml images and settings are looked for. */
const maxDepth = 6;

export function isChartFileName(path: string): boolean {
  return baseNameOf(path) === 'Chart.yaml' || baseNameOf(path) === 'Chart.yml';
}

export function isValuesFileName(path: string): boolean {
  return /^values(?:[.-][\w.-]+)?\.ya?ml$/i.test(baseNameOf(path)) && !/(?:^|\/)templates\//.test(path);
}

type Step = string | number;

function chartPart(path: string, text: string): HelmChartPartHint | null {
  const [document] = parseStructuredDocuments(text);
  const name = cleanName(stringMember(document?.value, 'name'));
  const span = document?.spanAt(['name']) ?? null;
  if (document === undefined || name === null || span === null || stringMember(document.value, 'apiVersion') === undefined) return null;
  return {
    hint: 'helm-chart-part',
    path,
    folder: folderOf(path),
    chart: {
      name,
      hasDependencies: itemsOf(member(document.value, 'dependencies')).length > 0,
      library: stringMember(document.value, 'type') === 'library',
      evidence: [evidenceAt(path, span)],
    },
    images: [],
    settings: [],
  };
}

function imageOf(value: unknown): string | null {
  const written = typeof value === 'string' ? value : (stringMember(value, 'repository') ?? stringMember(value, 'name'));
  if (written === undefined || written.includes('{{') || written.includes('$')) return null;
  const repository = imageRepository(written);
  return /^[a-z0-9][a-z0-9._/-]*$/.test(repository) ? repository : null;
}

function settingsAt(path: string, document: StructuredDocument, value: unknown, at: Step[], connectionStrings: boolean, part: HelmChartPartHint): void {
  const add = (variable: string, settingValue: unknown, entry: Step[]) => {
    const span = document.spanAt(entry);
    if (!isSettingName(variable) || span === null || (typeof settingValue !== 'string' && typeof settingValue !== 'number')) return;
    part.settings.push({ variable, value: String(settingValue), evidence: evidenceAt(path, span) });
  };
  if (Array.isArray(value)) {
    value.forEach((entry, index) => {
      const variable = stringMember(entry, 'name');
      if (variable !== undefined) add(variable, member(entry, 'value'), [...at, index]);
    });
  } else {
    for (const [key, entry] of entriesOf(value)) add(connectionStrings ? `ConnectionStrings__${key}` : key, entry, [...at, key]);
  }
}

function walkValues(path: string, document: StructuredDocument, value: unknown, at: Step[], part: HelmChartPartHint): void {
  if (at.length > maxDepth) return;
  for (const [key, entry] of entriesOf(value)) {
    const here = [...at, key];
    const lower = key.toLowerCase();
    if (lower === 'image') {
      const image = imageOf(entry);
      const span = document.spanAt(here);
      if (image !== null && span !== null) part.images.push({ image, own: at.length === 0, evidence: evidenceAt(path, span) });
    } else if (environmentKeys.includes(lower) || connectionStringKeys.includes(lower)) {
      settingsAt(path, document, entry, here, connectionStringKeys.includes(lower), part);
    } else {
      walkValues(path, document, entry, here, part);
    }
  }
}

function valuesPart(path: string, text: string): HelmChartPartHint | null {
  const [document] = parseStructuredDocuments(text);
  if (document === undefined) return null;
  const part: HelmChartPartHint = { hint: 'helm-chart-part', path, folder: folderOf(path), chart: null, images: [], settings: [] };
  walkValues(path, document, document.value, [], part);
  return part.images.length === 0 && part.settings.length === 0 ? null : part;
}

function extract(path: string, text: string): FileFacts {
  const part = isChartFileName(path) ? chartPart(path, text) : valuesPart(path, text);
  return part === null ? noFileFacts : { facts: [], hints: [part] };
}

export const helmChartExtractor: Extractor = {
  name: 'helm-chart',
  version: 1,
  mayRead: (path) => isChartFileName(path) || isValuesFileName(path),
  extract,
  tables: { environmentKeys, connectionStringKeys, maxDepth },
};
