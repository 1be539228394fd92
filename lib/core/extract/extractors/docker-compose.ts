/**
 * The services of a compose file as written (ComposeServiceHint), with their
 * `environment` settings and `depends_on` entries. Whether a service is an
 * app, a store or a helper, and which folder it builds, is decided once the
 * `.env` beside it is read (combine-facts.ts "Identity"): `image`, `context`
 * and `dockerfile` may all name variables.
 */
import { cleanName } from '../fact-keys';
import { noFileFacts, type ElementRef, type Extractor, type FileFacts, type Hint } from '../file-facts';
import { isSettingName } from '../connection-settings';
import { baseNameOf, folderOf } from '../repository-paths';
import { entriesOf, evidenceAt, itemsOf, member, parseStructuredDocuments, stringMember, type StructuredDocument } from '../structured-text';

/** Compose files that run tests (`docker-compose.test.yml`, `compose.tests.yaml`, `docker-compose.ci.yml`, `docker-compose.e2e.yml`). */
export const testComposeFile = /(?:^|[.-])(?:tests?|e2e|ci|integration)(?:[.-]|$)/i;

/**
 * Compose files of another deployment of the same system (`docker-compose.prod.yml`,
 * `docker-compose-windows.yml`): they repeat the wiring for other hosts. Where the default
 * files configure a service, an alternative's settings for it are not read as its calls.
 */
export const alternativeComposeFile = /(?:^|[.-])(?:prod|production|windows|win|staging|stage|release|swarm|azure|aws|gcp|cloud|k8s|kubernetes|nomad)(?:[.-]|$)/i;

/** `docker-compose.yml`, `compose.yaml`, `docker-compose.prod.yml`, `docker-compose-load.yaml`… */
export function isComposeFileName(path: string): boolean {
  return /^(?:docker-)?compose(?:[.-][\w.-]+)?\.ya?ml$/i.test(baseNameOf(path));
}

/** The settings of a service as `[name, value, path of the entry]`, from a list of `NAME=value` or a map; a value of null passes the variable through. */
function settingsOf(environment: unknown, at: (string | number)[]): [string, string | null, (string | number)[]][] {
  if (Array.isArray(environment)) {
    return environment.flatMap((entry, index): [string, string | null, (string | number)[]][] => {
      if (typeof entry !== 'string') return [];
      const equals = entry.indexOf('=');
      if (equals < 0) return [[entry.trim(), null, [...at, index]]];
      return equals > 0 ? [[entry.slice(0, equals), entry.slice(equals + 1), [...at, index]]] : [];
    });
  }
  return entriesOf(environment).flatMap(([name, value]): [string, string | null, (string | number)[]][] =>
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? [[name, String(value), [...at, name]]] : value === null ? [[name, null, [...at, name]]] : [],
  );
}

/** Repository paths bind-mounted into a service: `./conf:/etc/app`, `../envoy/envoy.yaml:/etc/envoy/envoy.yaml:ro`, or the long form's `source`. */
function mountsOf(volumes: unknown): string[] {
  return itemsOf(volumes).flatMap((volume) => {
    const source = typeof volume === 'string' ? volume.split(':')[0]! : stringMember(volume, 'type') === 'bind' || stringMember(volume, 'type') === undefined ? (stringMember(volume, 'source') ?? '') : '';
    // Named volumes have no slash; absolute paths are the host's, not the repository's.
    return /^\.{1,2}(?:\/|$)/.test(source) ? [source] : [];
  });
}

function serviceFacts(path: string, document: StructuredDocument, serviceName: string, service: unknown, facts: FileFacts): void {
  const name = cleanName(serviceName);
  const span = document.spanAt(['services', serviceName]);
  if (name === null || span === null) return;
  const evidence = [evidenceAt(path, span)];
  const build = member(service, 'build');
  const context = typeof build === 'string' ? build : (stringMember(build, 'context') ?? (build !== undefined && build !== null ? '.' : undefined));
  const dockerfile = stringMember(build, 'dockerfile');
  const image = stringMember(service, 'image');
  const aliases = new Set<string>();
  for (const alias of [stringMember(service, 'hostname'), stringMember(service, 'container_name')]) if (alias !== undefined) aliases.add(alias);
  for (const [, network] of entriesOf(member(service, 'networks'))) for (const alias of itemsOf(member(network, 'aliases'))) if (typeof alias === 'string') aliases.add(alias);
  const localstack = settingsOf(member(service, 'environment'), []).find(([variable]) => variable === 'SERVICES')?.[1] ?? null;
  // An override file that only adds to a service defined elsewhere (settings, mounts) gives neither image nor build.
  facts.hints.push({
    hint: 'compose-service',
    folder: folderOf(path),
    name,
    image: image ?? null,
    context: context ?? null,
    dockerfile: dockerfile ?? null,
    localstackServices: localstack,
    aliases: [...aliases].flatMap((alias) => cleanName(alias) ?? []),
    mounts: mountsOf(member(service, 'volumes')),
    settingNames: settingsOf(member(service, 'environment'), []).map(([variable]) => variable),
    envFiles: itemsOf(typeof member(service, 'env_file') === 'string' ? [member(service, 'env_file')] : member(service, 'env_file')).flatMap((entry) => {
      const file = typeof entry === 'string' ? entry : stringMember(entry, 'path');
      return file === undefined ? [] : [file];
    }),
    evidence,
  });
  // The element's kind is known only once `.env` is read: the reference names it by name alone.
  const ref: ElementRef = { by: 'name', kind: 'app', name };
  const base = ['services', serviceName];
  for (const [variable, value, at] of settingsOf(member(service, 'environment'), [...base, 'environment'])) {
    if (!isSettingName(variable)) continue;
    const entrySpan = document.spanAt(at);
    if (entrySpan === null) continue;
    facts.hints.push({ hint: 'setting', from: ref, variable, value, envFolder: folderOf(path), evidence: [evidenceAt(path, entrySpan)] });
  }
  // A test file starts the system to test it: its start order says nothing of who calls whom.
  if (testComposeFile.test(baseNameOf(path))) return;
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
  version: 4,
  mayRead: isComposeFileName,
  extract,
  tables: {},
};
