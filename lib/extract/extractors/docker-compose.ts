/**
 * Apps, stores and their connections from a compose file. A service with
 * `build` is the app of its build folder; a service whose image is a known
 * store or broker (postgres, redis, rabbitmq, kafka…) is a store element; a
 * helper image (zookeeper, adminer…) is left out; any other image is an app,
 * inferred. Each service's name, `hostname`, `container_name` and network
 * aliases reach it; its `environment` settings that name a host and its
 * `depends_on` entries are connection hints.
 */
import { cleanName } from '../fact-keys';
import { inferredFrom, noFileFacts, observedIn, type ElementDraft, type ElementRef, type Extractor, type FileFacts, type Hint } from '../file-facts';
import { hostsOfSetting, isSettingName } from '../connection-settings';
import { baseNameOf, folderOf, joinRepositoryPath } from '../repository-paths';
import { entriesOf, evidenceAt, itemsOf, member, parseStructuredDocuments, stringMember, type StructuredDocument } from '../structured-text';
import { isToolingImage, localstackServices, runtimeTechnologyOfImage, storeImages, storeTechnologyOfImage, toolingImages } from '../technology-catalog';

/** An app whose image is not built here: probably part of the system, but it may be anything. */
const imageAppConfidence = 0.6;

/** `docker-compose.yml`, `compose.yaml`, `docker-compose.prod.yml`… */
export function isComposeFileName(path: string): boolean {
  return /^(?:docker-)?compose(?:\.[\w-]+)?\.ya?ml$/i.test(baseNameOf(path));
}

/** The settings of a service as `[name, value, path of the entry]`, from a list of `NAME=value` or a map. */
function settingsOf(environment: unknown, at: (string | number)[]): [string, string, (string | number)[]][] {
  if (Array.isArray(environment)) {
    return environment.flatMap((entry, index): [string, string, (string | number)[]][] => {
      if (typeof entry !== 'string') return [];
      const equals = entry.indexOf('=');
      return equals > 0 ? [[entry.slice(0, equals), entry.slice(equals + 1), [...at, index]]] : [];
    });
  }
  return entriesOf(environment).flatMap(([name, value]): [string, string, (string | number)[]][] =>
    typeof value === 'string' || typeof value === 'number' ? [[name, String(value), [...at, name]]] : [],
  );
}

function localstackTechnology(service: unknown): string {
  const setting = settingsOf(member(service, 'environment'), []).find(([name]) => name === 'SERVICES')?.[1] ?? '';
  const named = setting
    .split(/[\s,]+/)
    .map((entry) => localstackServices[entry.toLowerCase()])
    .filter((entry): entry is string => entry !== undefined);
  return named.length > 0 ? [...new Set(named)].join(', ') : 'LocalStack';
}

function serviceFacts(path: string, document: StructuredDocument, serviceName: string, service: unknown, facts: FileFacts): void {
  const name = cleanName(serviceName);
  const span = document.spanAt(['services', serviceName]);
  if (name === null || span === null) return;
  const evidence = [evidenceAt(path, span)];
  const build = member(service, 'build');
  const context = typeof build === 'string' ? build : stringMember(build, 'context');
  const image = stringMember(service, 'image');
  let element: ElementDraft;
  if (context !== undefined) {
    const folder = joinRepositoryPath(folderOf(path), context);
    if (folder === null) return;
    element = { draft: 'element', ...observedIn(evidence), ref: { by: 'folder', folder }, kind: 'app', origin: 'compose', name, description: null, technology: null };
  } else if (image !== undefined) {
    let store = storeTechnologyOfImage(image);
    if (store === 'LocalStack') store = localstackTechnology(service);
    if (store !== null) {
      element = { draft: 'element', ...observedIn(evidence), ref: { by: 'name', kind: 'store', name }, kind: 'store', origin: 'compose', name, description: null, technology: store };
    } else if (isToolingImage(image)) {
      return;
    } else {
      const technology = runtimeTechnologyOfImage(image);
      element = { draft: 'element', ...inferredFrom(evidence, imageAppConfidence), ref: { by: 'name', kind: 'app', name }, kind: 'app', origin: 'compose', name, description: null, technology };
    }
  } else {
    return;
  }
  facts.facts.push(element);
  const ref: ElementRef = element.ref;
  const aliases = new Set([name, stringMember(service, 'hostname'), stringMember(service, 'container_name')]);
  for (const [, network] of entriesOf(member(service, 'networks'))) for (const alias of itemsOf(member(network, 'aliases'))) if (typeof alias === 'string') aliases.add(alias);
  for (const alias of aliases) {
    const host = cleanName(alias)?.toLowerCase();
    if (host !== undefined) facts.hints.push({ hint: 'host-alias', host, ref: element.ref, evidence });
  }
  const base = ['services', serviceName];
  for (const [variable, value, at] of settingsOf(member(service, 'environment'), [...base, 'environment'])) {
    if (!isSettingName(variable)) continue;
    const entrySpan = document.spanAt(at);
    if (entrySpan === null) continue;
    for (const named of hostsOfSetting(variable, value)) {
      facts.hints.push({ hint: 'connection', from: ref, host: named.host, via: named.via, variable, scheme: named.scheme, evidence: [evidenceAt(path, entrySpan)] });
    }
  }
  const dependsOn = member(service, 'depends_on');
  const dependencies: [string, (string | number)[]][] = Array.isArray(dependsOn)
    ? dependsOn.flatMap((entry, index): [string, (string | number)[]][] => (typeof entry === 'string' ? [[entry, [...base, 'depends_on', index]]] : []))
    : entriesOf(dependsOn).map(([entry]) => [entry, [...base, 'depends_on', entry]]);
  for (const [dependency, at] of dependencies) {
    const host = cleanName(dependency)?.toLowerCase();
    const entrySpan = document.spanAt(at);
    if (host === undefined || entrySpan === null) continue;
    facts.hints.push({ hint: 'connection', from: ref, host, via: 'depends-on', variable: null, scheme: null, evidence: [evidenceAt(path, entrySpan)] });
  }
}

function extract(path: string, text: string): FileFacts {
  const [document] = parseStructuredDocuments(text);
  const services = member(document?.value, 'services');
  if (document === undefined || entriesOf(services).length === 0) return noFileFacts;
  const facts: FileFacts = { facts: [], hints: [] as Hint[] };
  for (const [serviceName, service] of entriesOf(services)) serviceFacts(path, document, serviceName, service, facts);
  return facts;
}

export const dockerComposeExtractor: Extractor = {
  name: 'docker-compose',
  version: 1,
  mayRead: isComposeFileName,
  extract,
  tables: { storeImages, toolingImages, localstackServices, imageAppConfidence },
};
