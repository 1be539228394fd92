/**
 * Apps and stores from Kubernetes manifests (any YAML stream with
 * `apiVersion` and `kind`): a workload (Deployment, StatefulSet, DaemonSet,
 * ReplicaSet, Job, CronJob, Pod) is a store when one of its containers runs a
 * known store or broker image, else an app, named by `metadata.name`. Its
 * containers' `env` values that name a host are connection hints; a Service
 * reaches the workloads its selector picks. Helm templates (`{{ }}`) are not
 * YAML and give nothing.
 */
import { cleanName } from '../fact-keys';
import { noFileFacts, observedIn, type ElementRef, type Extractor, type FileFacts } from '../file-facts';
import type { Evidence } from '../extracted-fact';
import { isSettingName } from '../connection-settings';
import { entriesOf, evidenceAt, itemsOf, member, parseStructuredDocuments, stringMember, type StructuredDocument } from '../structured-text';
import { imageRepository, isToolingImage, runtimeTechnologyOfImage, storeImages, storeTechnologyOfImage, toolingImages } from '../technology-catalog';

/** Where each workload kind keeps its pod template. */
export const podTemplatePaths: Readonly<Record<string, readonly string[]>> = Object.freeze({
  Deployment: ['spec', 'template'],
  StatefulSet: ['spec', 'template'],
  DaemonSet: ['spec', 'template'],
  ReplicaSet: ['spec', 'template'],
  Job: ['spec', 'template'],
  CronJob: ['spec', 'jobTemplate', 'spec', 'template'],
  Pod: [],
});

function valueAt(value: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((current, step) => member(current, step), value);
}

function stringRecord(value: unknown): Record<string, string> {
  return Object.fromEntries(entriesOf(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

function workloadFacts(path: string, document: StructuredDocument, kind: string, name: string, namespace: string | null, facts: FileFacts): void {
  const template = podTemplatePaths[kind]!;
  const podSpecPath = [...template, 'spec'];
  const containers = itemsOf(valueAt(document.value, [...podSpecPath, 'containers']));
  const evidence: Evidence[] = [];
  const nameSpan = document.spanAt(['metadata', 'name']);
  if (nameSpan) evidence.push(evidenceAt(path, nameSpan));
  let store: string | null = null;
  let runtime: string | null = null;
  const images: string[] = [];
  for (const [index, container] of containers.entries()) {
    const image = stringMember(container, 'image');
    if (image === undefined) continue;
    images.push(imageRepository(image));
    store ??= storeTechnologyOfImage(image);
    runtime ??= runtimeTechnologyOfImage(image);
    const span = document.spanAt([...podSpecPath, 'containers', index, 'image']);
    if (span) evidence.push(evidenceAt(path, span));
  }
  if (evidence.length === 0) return;
  // Monitoring and admin helpers (grafana, prometheus, kibana…) are neither apps nor stores, as in compose.
  if (images.length > 0 && store === null && images.every((image) => isToolingImage(image))) return;
  const ref: Extract<ElementRef, { by: 'name' }> = { by: 'name', kind: store === null ? 'app' : 'store', name };
  facts.facts.push({
    draft: 'element',
    ...observedIn(evidence),
    ref,
    kind: ref.kind,
    origin: 'kubernetes',
    name,
    description: null,
    technology: store ?? runtime,
  });
  const labels = stringRecord(valueAt(document.value, [...template, 'metadata', 'labels']));
  facts.hints.push({ hint: 'workload-labels', ref, namespace, labels, evidence });
  // The images join the workload to the folder a skaffold or CI build makes them from.
  facts.hints.push({ hint: 'deployment', ref, via: 'kubernetes', buildFolder: null, dockerfile: null, projectNames: [], images: [...new Set(images)], evidence });
  containers.forEach((container, containerIndex) => {
    itemsOf(member(container, 'env')).forEach((setting, settingIndex) => {
      const variable = stringMember(setting, 'name');
      const value = stringMember(setting, 'value');
      if (variable === undefined || value === undefined || !isSettingName(variable)) return;
      const span = document.spanAt([...podSpecPath, 'containers', containerIndex, 'env', settingIndex]);
      if (span === null) return;
      // `$(OTHER_VAR)` is the Kubernetes spelling of a variable; the setting is resolved with the others (resolve-settings.ts).
      facts.hints.push({ hint: 'setting', from: ref, variable, value: value.replace(/\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, '$${$1}'), envFolder: null, evidence: [evidenceAt(path, span)] });
    });
  });
}

function extract(path: string, text: string): FileFacts {
  if (!/\bapiVersion\b/.test(text) || !/\bkind\b/.test(text)) return noFileFacts;
  const facts: FileFacts = { facts: [], hints: [] };
  for (const document of parseStructuredDocuments(text)) {
    const kind = stringMember(document.value, 'kind');
    const name = cleanName(stringMember(member(document.value, 'metadata'), 'name'));
    if (kind === undefined || name === null || stringMember(document.value, 'apiVersion') === undefined) continue;
    const namespace = cleanName(stringMember(member(document.value, 'metadata'), 'namespace'));
    if (Object.hasOwn(podTemplatePaths, kind)) {
      workloadFacts(path, document, kind, name, namespace, facts);
    } else if (kind === 'Service') {
      const selector = stringRecord(valueAt(document.value, ['spec', 'selector']));
      const span = document.spanAt(['metadata', 'name']);
      if (Object.keys(selector).length > 0 && span) facts.hints.push({ hint: 'service-selector', host: name.toLowerCase(), namespace, selector, evidence: [evidenceAt(path, span)] });
    }
  }
  return facts.facts.length === 0 && facts.hints.length === 0 ? noFileFacts : facts;
}

export const kubernetesManifestsExtractor: Extractor = {
  name: 'kubernetes-manifests',
  version: 3,
  // Compose files are YAML too, but never carry apiVersion and kind.
  mayRead: (path) => /\.ya?ml$/i.test(path),
  extract,
  tables: { podTemplatePaths, storeImages, toolingImages },
};
