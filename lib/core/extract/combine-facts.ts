/**
 * Merges what every file gave into the final fact list of a scan
 * (docs/extraction.md "Combining"): element references are resolved (the app
 * of a folder, the owner of an API document, the element a host names), each
 * fact gets its stable key, drafts with the same key become one fact (their
 * evidence merged and sorted), connection hints become relationships, and the
 * list is sorted by key. Pure and deterministic: the same files in any order
 * give the same list.
 */
import { extractedFactSchema, type Evidence, type ExtractedFact, type ExtractedFactOf } from './extracted-fact';
import { bindingKey, channelKey, cleanName, elementKey, messageKey, operationKey, relationshipKey, subscriptionKey } from './fact-keys';
import type {
  BindingDraft,
  ChannelDraft,
  ChannelRef,
  ConnectionHint,
  DraftTruth,
  ElementDraft,
  ElementOrigin,
  ElementRef,
  FileFacts,
  MessageDraft,
  OperationDraft,
  SchemaDraft,
  SettingHint,
  SubscriptionDraft,
} from './file-facts';
import { withHelmChartsJoined } from './helm-charts';
import { canonicalName } from './name-forms';
import { alternativeComposeFile, isComposeFileName } from './extractors/docker-compose';
import { baseNameOf, foldersUpward } from './repository-paths';
import { serviceIdentity, type ServiceIdentity } from './service-identity';
import { connectionsOfSetting, envFilesByFolder } from './resolve-settings';
import type { LeftOutCandidate } from './scan-diagnostics';
import { schemeProtocols } from './technology-catalog';
import { expandTerraformModules } from './terraform-modules';

export interface CombineOptions {
  /** Name of the app built from the scanned root folder when no manifest or compose service names it. Default `app`. */
  rootAppName?: string;
}

/** Which origin's value wins for each element field (first wins). */
export const elementFieldPrecedence: Readonly<Record<'name' | 'technology' | 'description', readonly ElementOrigin[]>> = Object.freeze({
  // The compose service name is what the system's other parts call the app.
  // An Aspire resource name is one too (it is the host name its references use).
  name: ['compose', 'aspire', 'kubernetes', 'manifest', 'terraform', 'container-image', 'document-title', 'procfile'],
  // The manifest knows the framework; the image only the runtime.
  technology: ['manifest', 'container-image', 'aspire', 'kubernetes', 'compose', 'terraform', 'document-title', 'procfile'],
  description: ['manifest', 'document-title', 'compose', 'aspire', 'kubernetes', 'terraform', 'container-image', 'procfile'],
});

/** How sure a relationship is when only a host name links the two ends, by how the host was named. */
export const connectionConfidence: Readonly<Record<ConnectionHint['via'], number>> = Object.freeze({ url: 0.8, host: 0.7, 'depends-on': 0.6, server: 0.5, proxy: 0.8, reference: 0.8 });

/** An app made up from an API document's title because no folder app owns the document. */
export const documentTitleConfidence = 0.5;

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareEvidence(a: Evidence, b: Evidence): number {
  return compareText(a.path, b.path) || a.startLine - b.startLine || a.endLine - b.endLine;
}

function sortedEvidence(lists: readonly Evidence[][]): Evidence[] {
  const seen = new Map<string, Evidence>();
  for (const list of lists) for (const evidence of list) seen.set(`${evidence.path}\u0000${evidence.startLine}\u0000${evidence.endLine}`, evidence);
  return [...seen.values()].sort(compareEvidence);
}

/** Drafts in a stable order: by their first evidence, whatever order the files came in. */
function byFirstEvidence<T extends { evidence: Evidence[] }>(drafts: T[]): T[] {
  const first = new Map(drafts.map((draft) => [draft, [...draft.evidence].sort(compareEvidence)[0]]));
  return [...drafts].sort((a, b) => {
    const x = first.get(a);
    const y = first.get(b);
    if (x === undefined || y === undefined) return x === y ? 0 : x === undefined ? 1 : -1;
    return compareEvidence(x, y);
  });
}

function mergedTruth(drafts: readonly DraftTruth[]): Pick<ExtractedFact, 'factStatus' | 'confidence' | 'evidence'> {
  const observed = drafts.some((draft) => draft.factStatus === 'observed-in-source');
  return {
    factStatus: observed ? 'observed-in-source' : 'inferred',
    confidence: observed ? null : Math.max(...drafts.map((draft) => draft.confidence ?? 0)),
    evidence: sortedEvidence(drafts.map((draft) => draft.evidence)),
  };
}

function firstValue<T, V>(drafts: readonly T[], pick: (draft: T) => V | null): V | null {
  for (const draft of drafts) {
    const value = pick(draft);
    if (value !== null) return value;
  }
  return null;
}

function byPrecedence(drafts: readonly ElementDraft[], field: 'name' | 'technology' | 'description'): string | null {
  for (const origin of elementFieldPrecedence[field]) {
    const value = firstValue(
      drafts.filter((draft) => draft.origin === origin),
      (draft) => draft[field],
    );
    if (value !== null) return value;
  }
  return null;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === null) continue;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** The whole repository's drafts, resolved step by step. */
class Linker {
  private readonly elements: Map<string, ElementDraft[]>;
  private readonly folderApps: Map<string, string>;
  private readonly names: Map<string, string>;
  private readonly hosts = new Map<string, string>();
  private readonly namespaces = new Set<string>();
  private readonly owners = new Map<string, string | null>();
  readonly leftOut: LeftOutCandidate[];
  readonly roles: ServiceIdentity['roles'];
  private readonly envFileSettings: ServiceIdentity['envFileSettings'];

  constructor(
    private readonly files: readonly FileFacts[],
    options: CombineOptions,
  ) {
    const identity = serviceIdentity(files, cleanName(options.rootAppName) ?? 'app');
    this.elements = identity.elements;
    this.folderApps = identity.byFolder;
    this.names = identity.byName;
    this.leftOut = identity.leftOut;
    this.roles = identity.roles;
    this.envFileSettings = identity.envFileSettings;
    for (const [host, key] of [...identity.hosts].sort(([a], [b]) => compareText(a, b))) this.addHost(host, key);
    this.collectHosts();
  }

  facts<K extends FileFacts['facts'][number]['draft']>(kind: K): Extract<FileFacts['facts'][number], { draft: K }>[] {
    return this.files.flatMap((file) => file.facts.filter((draft): draft is Extract<FileFacts['facts'][number], { draft: K }> => draft.draft === kind));
  }

  hints<K extends FileFacts['hints'][number]['hint']>(kind: K): Extract<FileFacts['hints'][number], { hint: K }>[] {
    const found = this.files.flatMap((file) => file.hints.filter((hint): hint is Extract<FileFacts['hints'][number], { hint: K }> => hint.hint === kind));
    // Settings a service takes from its `env_file` are known only once every file is read.
    return kind === 'setting' ? [...found, ...(this.envFileSettings as Extract<FileFacts['hints'][number], { hint: K }>[])] : found;
  }

  private addElements(key: string, drafts: ElementDraft[]): void {
    const group = this.elements.get(key);
    if (group) group.push(...drafts);
    else this.elements.set(key, [...drafts]);
  }

  private addHost(host: string, key: string): void {
    if (!this.hosts.has(host)) this.hosts.set(host, key);
  }

  /** Host names to element keys: compose names and aliases first, then Kubernetes Services, then element names. */
  private collectHosts(): void {
    for (const alias of byFirstEvidence(this.hints('host-alias'))) {
      const key = this.resolveKnown(alias.ref);
      if (key !== null) this.addHost(alias.host, key);
    }
    const workloads = byFirstEvidence(this.hints('workload-labels'));
    for (const service of byFirstEvidence(this.hints('service-selector'))) {
      if (service.namespace !== null) this.namespaces.add(service.namespace.toLowerCase());
      const selected = workloads.find(
        (workload) =>
          (service.namespace === null || workload.namespace === null || service.namespace === workload.namespace) &&
          Object.entries(service.selector).every(([label, value]) => workload.labels[label] === value),
      );
      const key = selected === undefined ? null : this.resolveKnown(selected.ref);
      if (key !== null) this.addHost(service.host, key);
    }
    for (const workload of workloads) if (workload.namespace !== null) this.namespaces.add(workload.namespace.toLowerCase());
    for (const key of [...this.elements.keys()].sort(compareText)) this.addHost(key.slice(key.indexOf(':', 'element:'.length) + 1), key);
  }

  /** The element a host name reaches; a cluster name (`orders-db.shop.svc.cluster.local`, `orders-db.shop`) by its first label. */
  hostTarget(host: string): string | null {
    const direct = this.hosts.get(host);
    if (direct !== undefined) return direct;
    const labels = host.split('.');
    const isClusterName = /\.svc(?:\.cluster\.local)?$/.test(host) || (labels.length === 2 && this.namespaces.has(labels[1]!));
    return isClusterName ? (this.hosts.get(labels[0]!) ?? null) : null;
  }

  /** The element built from the folder or the nearest folder above it. */
  private enclosing(folder: string): string | null {
    for (const candidate of foldersUpward(folder)) {
      const key = this.folderApps.get(candidate);
      if (key !== undefined) return key;
    }
    return null;
  }

  /** An app or store whose name reads like one of the names (name-forms.ts), when exactly one does. */
  private namedLike(names: readonly string[]): string | null {
    const wanted = new Set(names.map(canonicalName).filter((name) => name !== ''));
    const found = [...this.elements.keys()].filter((key) => wanted.has(canonicalName(key.slice(key.indexOf(':', 'element:'.length) + 1))));
    return found.length === 1 ? found[0]! : null;
  }

  private resolveKnown(ref: ElementRef): string | null {
    if (ref.by === 'folder') return this.folderApps.get(ref.folder) ?? null;
    if (ref.by === 'enclosing') return this.enclosing(ref.folder);
    if (ref.by === 'named-or-enclosing') return this.namedLike(ref.names) ?? this.enclosing(ref.folder);
    if (ref.by === 'name') {
      const named = this.names.get(ref.name.toLowerCase());
      if (named !== undefined) return named;
      const key = elementKey(ref.kind, ref.name);
      return this.elements.has(key) ? key : null;
    }
    return null;
  }

  /** The key of the element a reference names, or null when no element answers. */
  resolve(ref: ElementRef): string | null {
    if (ref.by !== 'document-owner') return this.resolveKnown(ref);
    const asked = JSON.stringify(ref);
    if (!this.owners.has(asked)) this.owners.set(asked, this.resolveOwner(ref));
    return this.owners.get(asked)!;
  }

  private resolveOwner(ref: Extract<ElementRef, { by: 'document-owner' }>): string | null {
    for (const folder of foldersUpward(ref.folder)) {
      const key = this.folderApps.get(folder);
      if (key !== undefined) return key;
    }
    for (const host of ref.hosts) {
      const key = this.hostTarget(host);
      if (key !== null) return key;
    }
    if (ref.title === null || ref.titleEvidence === null) return null;
    const key = elementKey('app', ref.title);
    const draft: ElementDraft = {
      draft: 'element',
      factStatus: 'inferred',
      confidence: documentTitleConfidence,
      evidence: [ref.titleEvidence],
      ref: { by: 'name', kind: 'app', name: ref.title },
      kind: 'app',
      origin: 'document-title',
      name: ref.title,
      description: null,
      technology: null,
    };
    this.addElements(key, [draft]);
    return key;
  }

  elementFacts(): ExtractedFactOf<'element'>[] {
    return [...this.elements].map(([key, group]) => {
      const drafts = byFirstEvidence(group);
      return {
        entityKind: 'element',
        key,
        ...mergedTruth(drafts),
        kind: drafts[0]!.kind,
        name: byPrecedence(drafts, 'name') ?? key,
        description: byPrecedence(drafts, 'description'),
        technology: byPrecedence(drafts, 'technology'),
      };
    });
  }
}

function schemaFacts(drafts: SchemaDraft[]): ExtractedFactOf<'schema'>[] {
  return [...groupBy(byFirstEvidence(drafts), (draft) => draft.key)].map(([key, group]) => ({
    entityKind: 'schema',
    key,
    ...mergedTruth(group),
    name: group[0]!.name,
    description: firstValue(group, (draft) => draft.description),
    content: group[0]!.content,
  }));
}

function channelFacts(drafts: ChannelDraft[]): ExtractedFactOf<'channel'>[] {
  return [...groupBy(byFirstEvidence(drafts), (draft) => channelKey(draft.name, draft.scope))].map(([key, group]) => ({
    entityKind: 'channel',
    key,
    ...mergedTruth(group),
    name: group[0]!.name,
    // A channel no source gives a kind is a topic, the kind that fits any publisher and subscriber.
    kind: firstValue(group, (draft) => draft.kind) ?? 'topic',
  }));
}

function operationFacts(drafts: OperationDraft[], linker: Linker): ExtractedFactOf<'operation'>[] {
  const keyed = groupBy(byFirstEvidence(drafts), (draft) => {
    const owner = linker.resolve(draft.owner);
    return owner === null ? null : operationKey(owner, draft.signature);
  });
  return [...keyed].map(([key, group]) => ({
    entityKind: 'operation',
    key,
    ...mergedTruth(group),
    ownerKey: linker.resolve(group[0]!.owner)!,
    name: group[0]!.name,
    transport: group[0]!.transport,
    requestSchemaKey: firstValue(group, (draft) => draft.requestSchemaKey),
    responseSchemaKey: firstValue(group, (draft) => draft.responseSchemaKey),
  }));
}

function messageFacts(drafts: MessageDraft[], linker: Linker): ExtractedFactOf<'message'>[] {
  return [...groupBy(byFirstEvidence(drafts), (draft) => messageKey(draft.name, draft.scope))].map(([key, group]) => ({
    entityKind: 'message',
    key,
    ...mergedTruth(group),
    name: group[0]!.name,
    description: firstValue(group, (draft) => draft.description),
    producerKey: firstValue(group, (draft) => (draft.producer === null ? null : linker.resolve(draft.producer))),
    consumerKeys: [...new Set(group.flatMap((draft) => draft.consumers.map((consumer) => linker.resolve(consumer)).filter((consumer) => consumer !== null)))].sort(compareText),
    // Where documents give one message different payloads, the first document (by path) wins.
    schemaKey: firstValue(group, (draft) => draft.schemaKey),
    tags: [...new Set(group.flatMap((draft) => draft.tags))].sort(compareText),
  }));
}

function subscriptionFacts(drafts: SubscriptionDraft[], linker: Linker): ExtractedFactOf<'subscription'>[] {
  const keyed = groupBy(byFirstEvidence(drafts), (draft) => {
    const consumer = linker.resolve(draft.consumer);
    return consumer === null ? null : subscriptionKey(draft.channelKey, consumer);
  });
  return [...keyed].map(([key, group]) => ({
    entityKind: 'subscription',
    key,
    ...mergedTruth(group),
    channelKey: group[0]!.channelKey,
    consumerKey: linker.resolve(group[0]!.consumer)!,
  }));
}

function bindingFacts(drafts: BindingDraft[], channels: ChannelDraft[]): ExtractedFactOf<'binding'>[] {
  const byAddress = new Map<string, string>();
  for (const channel of byFirstEvidence(channels)) {
    const at = channel.terraform === null ? null : `${channel.terraform.folder}\u0000${channel.terraform.address}`;
    if (at !== null && !byAddress.has(at)) byAddress.set(at, channelKey(channel.name, channel.scope));
  }
  const channelOf = (ref: ChannelRef): string | null => (ref.by === 'key' ? ref.key : (byAddress.get(`${ref.folder}\u0000${ref.address}`) ?? null));
  const resolved = byFirstEvidence(drafts).flatMap((draft) => {
    const source = channelOf(draft.source);
    const target = channelOf(draft.target);
    return source === null || target === null || source === target ? [] : [{ draft, source, target }];
  });
  return [...groupBy(resolved, ({ source, target, draft }) => bindingKey(source, target, draft.routingKey))].map(([key, group]) => ({
    entityKind: 'binding',
    key,
    ...mergedTruth(group.map(({ draft }) => draft)),
    sourceChannelKey: group[0]!.source,
    targetChannelKey: group[0]!.target,
    routingKey: group[0]!.draft.routingKey,
  }));
}

/**
 * Relationships from connection hints whose host names a known element. A
 * compose file that states both `depends_on` and a setting naming the host
 * makes it observed; otherwise it is inferred, as sure as its surest hint.
 * `depends_on` alone makes a call only to a store or broker.
 */
function relationshipFacts(hints: ConnectionHint[], linker: Linker): ExtractedFactOf<'relationship'>[] {
  const linked = byFirstEvidence(hints).flatMap((hint) => {
    const from = linker.resolve(hint.from);
    const to = linker.hostTarget(hint.host);
    // A store or broker is called; its own settings (`POSTGRES_DB`, advertised listeners) name itself or what calls it.
    return from === null || to === null || from === to || from.startsWith('element:store:') ? [] : [{ hint, from, to }];
  });
  // `depends_on` alone is start order, not a call. It makes a call only to a store or broker, and only from an app whose
  // settings name nothing: an app whose settings name what it calls has said where it connects.
  const wired = new Set(linked.filter(({ hint }) => hint.via !== 'depends-on').map(({ from }) => from));
  const calls = [...groupBy(linked, ({ from, to }) => relationshipKey(from, to))].filter(
    ([, group]) => group.some(({ hint }) => hint.via !== 'depends-on') || (group[0]!.to.startsWith('element:store:') && !wired.has(group[0]!.from)),
  );
  return calls.map(([key, group]) => {
    const found = group.map(({ hint }) => hint);
    const stated = found.some(
      (dependsOn) => dependsOn.via === 'depends-on' && found.some((setting) => (setting.via === 'url' || setting.via === 'host') && setting.evidence[0]?.path === dependsOn.evidence[0]?.path),
    );
    const variables = [...new Set(found.map((hint) => hint.variable).filter((variable) => variable !== null))].sort(compareText);
    const scheme = [...new Set(found.map((hint) => hint.scheme).filter((entry) => entry !== null))].sort(compareText)[0];
    const evidence = sortedEvidence(found.map((hint) => hint.evidence));
    return {
      entityKind: 'relationship',
      key,
      factStatus: stated ? 'observed-in-source' : 'inferred',
      confidence: stated ? null : Math.max(...found.map((hint) => connectionConfidence[hint.via])),
      evidence,
      fromKey: group[0]!.from,
      toKey: group[0]!.to,
      label: variables.length > 0 ? variables.join(', ') : found.some((hint) => hint.via === 'depends-on') ? 'depends on' : null,
      technology: scheme === undefined ? null : (schemeProtocols[scheme] ?? null),
      kind: 'structural',
    };
  });
}

/**
 * A client of a piece of infrastructure (a Eureka client, a Config client) calls the one
 * server of that role in the repository; with two servers of a role, which one is not said.
 */
function roleConnections(linker: Linker): ConnectionHint[] {
  return linker.roles.flatMap((client) => {
    if (client.side !== 'client') return [];
    const servers = [...new Set(linker.roles.filter((entry) => entry.side === 'server' && entry.role === client.role).map((entry) => entry.key))];
    if (servers.length !== 1 || servers[0] === client.key) return [];
    const host = servers[0]!.slice(servers[0]!.indexOf(':', 'element:'.length) + 1);
    return [{ hint: 'connection', from: { by: 'folder', folder: client.folder }, host, via: 'reference', variable: `${client.role} client`, scheme: null, evidence: [client.evidence] }];
  });
}

function composeFileKind(setting: SettingHint): 'default' | 'alternative' | null {
  const file = baseNameOf(setting.evidence[0]?.path ?? '');
  if (!isComposeFileName(file)) return null;
  return alternativeComposeFile.test(file) ? 'alternative' : 'default';
}

/** Every setting, but an alternative compose file's settings of a service the default compose files configure. */
function settingsOfTheDefaultDeployment(linker: Linker): SettingHint[] {
  const settings = linker.hints('setting');
  const configured = new Set(settings.filter((setting) => composeFileKind(setting) === 'default').map((setting) => linker.resolve(setting.from)));
  return settings.filter((setting) => composeFileKind(setting) !== 'alternative' || !configured.has(linker.resolve(setting.from)));
}

/** References to facts the scan did not make become null (a schema left out for a bad name, say). */
function withoutDanglingSchemas(facts: ExtractedFact[]): ExtractedFact[] {
  const keys = new Set(facts.map((fact) => fact.key));
  const known = (key: string | null) => (key !== null && keys.has(key) ? key : null);
  return facts.map((fact) => {
    if (fact.entityKind === 'operation') return { ...fact, requestSchemaKey: known(fact.requestSchemaKey), responseSchemaKey: known(fact.responseSchemaKey) };
    if (fact.entityKind === 'message') return { ...fact, schemaKey: known(fact.schemaKey) };
    return fact;
  });
}

/**
 * The facts of a whole scan, one per key, sorted by key.
 *
 * @example
 * const facts = combineFacts(files.map((file) => extractFile(file.path, file.text)), { rootAppName: 'shop' });
 */
export function combineFacts(files: readonly FileFacts[], options: CombineOptions = {}): ExtractedFact[] {
  return combineFactsAndReport(files, options).facts;
}

/** The facts of a whole scan and the candidates left out of them, with the reason (for the scan's diagnostics). */
export function combineFactsAndReport(files: readonly FileFacts[], options: CombineOptions = {}): { facts: ExtractedFact[]; leftOut: LeftOutCandidate[] } {
  const linker = new Linker(withHelmChartsJoined(expandTerraformModules(files, { rootName: options.rootAppName })), options);
  return { facts: combineAll(linker), leftOut: linker.leftOut };
}

function combineAll(linker: Linker): ExtractedFact[] {
  const channels = linker.facts('channel');
  const envFiles = envFilesByFolder(linker.hints('env-file'));
  const facts: ExtractedFact[] = [
    ...schemaFacts(linker.facts('schema')),
    ...channelFacts(channels),
    ...operationFacts(linker.facts('operation'), linker),
    ...messageFacts(linker.facts('message'), linker),
    ...subscriptionFacts(linker.facts('subscription'), linker),
    ...bindingFacts(linker.facts('binding'), channels),
    ...relationshipFacts(
      [
        ...linker.hints('connection'),
        ...roleConnections(linker),
        ...settingsOfTheDefaultDeployment(linker).flatMap((setting) => connectionsOfSetting(setting, envFiles, (host) => linker.hostTarget(host) !== null)),
      ],
      linker,
    ),
  ];
  // Last: resolving document owners above may have added apps named by a document's title.
  facts.push(...linker.elementFacts());
  return withoutDanglingSchemas(facts)
    .filter((fact) => extractedFactSchema.safeParse(fact).success)
    .sort((a, b) => compareText(a.key, b.key));
}

