/**
 * Channels, messages, payload schemas and subscriptions from an AsyncAPI
 * 2.x or 3.x document, relative to the app that owns it (the app of the
 * folder holding it, else an app named by `info.title`). In 2.x a channel's
 * `publish` operation means the app receives (others publish to it) and
 * `subscribe` that it sends; in 3.x an operation's `action` says `send` or
 * `receive`, and its `reply` the other way round (a sender receives the
 * reply, a receiver sends it). A sent message has the owner as producer; a
 * received one has it as consumer, and the owner subscribes to the channel.
 * A channel's kind comes from its bindings (AMQP `is: queue` → queue,
 * `is: routingKey` → exchange named by the binding, Kafka and SNS → topic,
 * SQS → queue), else `topic`.
 *
 * Channel and message names hold on a broker, not across the world: each is
 * keyed by the broker host of the servers it is on (so a producer's and a
 * consumer's documents of one broker meet), else by the document when it
 * names no broker (so two unrelated documents' `heartbeat` stay two). The
 * document's servers are brokers the owner connects to.
 */
import { hostsOfSetting, type NamedHost } from '../connection-settings';
import { evidenceOf, newDocumentContext, schemaFactAt, type DocumentContext, type Step } from '../document-schemas';
import type { Evidence } from '../extracted-fact';
import { channelKey, cleanDescription, cleanName, type ChannelScope } from '../fact-keys';
import { noFileFacts, observedIn, type ElementRef, type Extractor, type FileFacts } from '../file-facts';
import { localPointerSteps, resolveAt, type Placed } from '../json-references';
import { folderOf } from '../repository-paths';
import { entriesOf, evidenceAt, isJsonPath, itemsOf, member, parseStructuredDocuments, stringMember } from '../structured-text';

type ChannelKind = 'topic' | 'queue' | 'exchange';

/** Channel kinds by binding protocol (AMQP is decided by its `is` member). */
export const bindingChannelKinds: Readonly<Record<string, ChannelKind>> = Object.freeze({ kafka: 'topic', sns: 'topic', googlepubsub: 'topic', sqs: 'queue', jms: 'queue', ibmmq: 'queue' });

interface ChannelFact {
  key: string;
  scope: ChannelScope;
  evidence: Evidence[];
}

/** The brokers of one document: the hosts of each server, by server name. */
type Brokers = Map<string, NamedHost[]>;

/** The hosts a server names (`url` in 2.x, `host` in 3.x), with its protocol as the scheme when the address has none. */
function serverHosts(server: unknown): NamedHost[] {
  const protocol = stringMember(server, 'protocol')?.toLowerCase() ?? null;
  const address = stringMember(server, 'url') ?? stringMember(server, 'host');
  if (address === undefined) return [];
  const url = address.includes('://') || protocol === null ? address : `${protocol}://${address}`;
  return hostsOfSetting('URL', url).map((named) => ({ ...named, scheme: named.scheme ?? protocol }));
}

function brokersOf(root: unknown): Brokers {
  // A 3.x server may be a `$ref` to `components/servers`.
  return new Map(entriesOf(member(root, 'servers')).map(([name]) => [name, serverHosts(resolveAt(root, ['servers', name])?.value)]));
}

/**
 * Where the names of a channel on these servers hold: the broker host (the
 * first in code-unit order when the servers name several, so documents that
 * list one broker's hosts in any order meet), else the document.
 */
function scopeOn(context: DocumentContext, brokers: Brokers, serverNames: readonly string[] | null): ChannelScope {
  const servers = serverNames === null ? [...brokers.keys()] : serverNames;
  const hosts = servers.flatMap((name) => (brokers.get(name) ?? []).map((named) => named.host)).sort();
  return hosts.length > 0 ? { broker: hosts[0]! } : { document: context.path };
}

/** The servers a channel is limited to (2.x names, 3.x `$ref`s to `#/servers/<name>`); null when it names none (all of them). */
function channelServers(channel: unknown): string[] | null {
  const listed = itemsOf(member(channel, 'servers'));
  if (listed.length === 0) return null;
  return listed.flatMap((item) => {
    if (typeof item === 'string') return [item];
    const steps = localPointerSteps(member(item, '$ref'));
    return steps?.[0] === 'servers' && steps.length === 2 ? [steps[1]!] : [];
  });
}

/** The channel a binding names and its kind; the name is null when the channel's own name stands. */
function bindingOf(bindings: unknown): { kind: ChannelKind | null; name: string | null } {
  const amqp = member(bindings, 'amqp');
  const is = stringMember(amqp, 'is');
  if (is === 'queue') return { kind: 'queue', name: cleanName(stringMember(member(amqp, 'queue'), 'name')) };
  if (is === 'routingKey') return { kind: 'exchange', name: cleanName(stringMember(member(amqp, 'exchange'), 'name')) };
  const protocol = Object.keys(bindingChannelKinds).find((candidate) => member(bindings, candidate) !== undefined);
  return { kind: protocol === undefined ? null : bindingChannelKinds[protocol]!, name: null };
}

function channelFact(context: DocumentContext, brokers: Brokers, placed: Placed, fallbackName: string): ChannelFact | null {
  const binding = bindingOf(resolveAt(context.document.value, [...placed.steps, 'bindings'])?.value);
  const name = binding.name ?? cleanName(fallbackName);
  const evidence = evidenceOf(context, placed.steps);
  if (name === null || evidence.length === 0) return null;
  const scope = scopeOn(context, brokers, channelServers(placed.value));
  context.facts.facts.push({ draft: 'channel', ...observedIn(evidence), name, kind: binding.kind, terraform: null, scope });
  return { key: channelKey(name, scope), scope, evidence };
}

/** One use of a message by the owner: it sends (producer) or receives (consumer) it on a channel. */
function messageFacts(context: DocumentContext, message: Placed, scope: ChannelScope, role: 'producer' | 'consumer', owner: ElementRef, operationEvidence: Evidence[]): void {
  const value = message.value;
  // A message under components/messages (or a 3.x channel's messages) is also named by its key there.
  const keyName = message.steps.length >= 3 && message.steps.at(-2) === 'messages' ? String(message.steps.at(-1)) : undefined;
  const name = cleanName(stringMember(value, 'name')) ?? cleanName(keyName) ?? cleanName(stringMember(value, 'messageId')) ?? cleanName(stringMember(value, 'title'));
  if (name === null) return;
  // A 3.x multi-format payload keeps the schema under `schema`.
  const payloadSteps: Step[] = member(member(value, 'payload'), 'schemaFormat') !== undefined ? [...message.steps, 'payload', 'schema'] : [...message.steps, 'payload'];
  const schemaKey = member(value, 'payload') === undefined ? null : schemaFactAt(context, payloadSteps, name);
  const tags = itemsOf(member(value, 'tags'))
    .map((tag) => cleanName(stringMember(tag, 'name')))
    .filter((tag): tag is string => tag !== null);
  context.facts.facts.push({
    draft: 'message',
    ...observedIn([...evidenceOf(context, message.steps), ...operationEvidence]),
    name,
    description: cleanDescription(stringMember(value, 'description') ?? stringMember(value, 'summary')),
    producer: role === 'producer' ? owner : null,
    consumers: role === 'consumer' ? [owner] : [],
    schemaKey,
    tags: [...new Set(tags)].sort(),
    scope,
  });
}

function subscribe(context: DocumentContext, channel: ChannelFact, owner: ElementRef, evidence: Evidence[]): void {
  context.facts.facts.push({ draft: 'subscription', ...observedIn(evidence), channelKey: channel.key, consumer: owner });
}

function version2(context: DocumentContext, brokers: Brokers, owner: ElementRef): void {
  const root = context.document.value;
  for (const [address] of entriesOf(member(root, 'channels'))) {
    const placed = resolveAt(root, ['channels', address]);
    if (placed === null) continue;
    const channel = channelFact(context, brokers, placed, address);
    if (channel === null) continue;
    for (const operationName of ['publish', 'subscribe'] as const) {
      const operation = resolveAt(root, [...placed.steps, operationName]);
      if (operation === null) continue;
      const role = operationName === 'publish' ? 'consumer' : 'producer';
      const evidence = evidenceOf(context, operation.steps);
      const message = resolveAt(root, [...operation.steps, 'message']);
      if (message !== null) {
        const choices = itemsOf(member(message.value, 'oneOf'));
        const messages = choices.length > 0 ? choices.map((_, index) => resolveAt(root, [...message.steps, 'oneOf', index])) : [message];
        for (const each of messages) if (each !== null) messageFacts(context, each, channel.scope, role, owner, evidence);
      }
      if (role === 'consumer') subscribe(context, channel, owner, evidence);
    }
  }
}

interface ChannelOfDocument {
  channel: ChannelFact;
  placed: Placed;
}

/** The messages of an operation or reply: those it lists, else every message of its channel. */
function messagesOf(root: unknown, listedAt: Placed, channel: ChannelOfDocument | undefined): Placed[] {
  const listed = itemsOf(member(listedAt.value, 'messages'));
  const found =
    listed.length > 0
      ? listed.map((_, index) => resolveAt(root, [...listedAt.steps, 'messages', index]))
      : channel === undefined
        ? []
        : entriesOf(member(channel.placed.value, 'messages')).map(([name]) => resolveAt(root, [...channel.placed.steps, 'messages', name]));
  return found.filter((message) => message !== null);
}

/** The document's channel a `channel: {$ref: '#/channels/<id>'}` member names. */
function channelNamed(channels: Map<string, ChannelOfDocument>, holder: unknown): ChannelOfDocument | undefined {
  const steps = localPointerSteps(member(member(holder, 'channel'), '$ref'));
  return steps?.[0] === 'channels' && steps.length === 2 ? channels.get(steps[1]!) : undefined;
}

/** One direction of an operation: its messages with the owner in `role`, and the subscription of a receiver. */
function exchange(context: DocumentContext, brokers: Brokers, owner: ElementRef, at: Placed, channel: ChannelOfDocument | undefined, role: 'producer' | 'consumer', evidence: Evidence[]): void {
  const scope = channel?.channel.scope ?? scopeOn(context, brokers, null);
  for (const message of messagesOf(context.document.value, at, channel)) messageFacts(context, message, scope, role, owner, evidence);
  if (role === 'consumer' && channel !== undefined) subscribe(context, channel.channel, owner, evidence);
}

function version3(context: DocumentContext, brokers: Brokers, owner: ElementRef): void {
  const root = context.document.value;
  const channels = new Map<string, ChannelOfDocument>();
  for (const [id] of entriesOf(member(root, 'channels'))) {
    const placed = resolveAt(root, ['channels', id]);
    if (placed === null) continue;
    // A reply channel's address may be null (the requester says it at run time): its id names it.
    const address = stringMember(placed.value, 'address');
    const channel = channelFact(context, brokers, placed, address ?? id);
    if (channel !== null) channels.set(id, { channel, placed });
  }
  for (const [id] of entriesOf(member(root, 'operations'))) {
    const operation = resolveAt(root, ['operations', id]);
    const action = stringMember(operation?.value, 'action');
    if (operation === null || (action !== 'send' && action !== 'receive')) continue;
    const used = channelNamed(channels, operation.value);
    if (used === undefined) continue;
    const role = action === 'send' ? 'producer' : 'consumer';
    exchange(context, brokers, owner, operation, used, role, evidenceOf(context, operation.steps));
    // The reply goes the other way: a sender receives it, a receiver sends it.
    const reply = resolveAt(root, [...operation.steps, 'reply']);
    if (reply === null) continue;
    const replyEvidence = evidenceOf(context, [...operation.steps, 'reply']);
    exchange(context, brokers, owner, reply, channelNamed(channels, reply.value), role === 'producer' ? 'consumer' : 'producer', replyEvidence);
  }
}

/** Brokers of the document's servers, as connection hints of the owner. */
function serverHints(context: DocumentContext, brokers: Brokers, owner: ElementRef): void {
  for (const [name, hosts] of brokers) {
    const span = context.document.spanAt(['servers', name]);
    if (span === null) continue;
    for (const named of hosts) {
      context.facts.hints.push({ hint: 'connection', from: owner, host: named.host, via: 'server', variable: null, scheme: named.scheme, evidence: [evidenceAt(context.path, span)] });
    }
  }
}

function extract(path: string, text: string): FileFacts {
  if (!/asyncapi/.test(text)) return noFileFacts;
  const [document] = parseStructuredDocuments(text, isJsonPath(path) ? 'json' : 'yaml');
  const version = stringMember(document?.value, 'asyncapi');
  if (document === undefined || version === undefined || !/^[23]\.\d/.test(version)) return noFileFacts;
  const context = newDocumentContext(path, document);
  const title = cleanName(stringMember(member(document.value, 'info'), 'title'));
  const titleSpan = document.spanAt(['info', 'title']);
  const owner: ElementRef = { by: 'document-owner', folder: folderOf(path), hosts: [], title, titleEvidence: titleSpan ? evidenceAt(path, titleSpan) : null };
  const brokers = brokersOf(document.value);
  if (version.startsWith('2.')) version2(context, brokers, owner);
  else version3(context, brokers, owner);
  serverHints(context, brokers, owner);
  return context.facts.facts.length === 0 && context.facts.hints.length === 0 ? noFileFacts : context.facts;
}

export const asyncapiExtractor: Extractor = {
  name: 'asyncapi',
  version: 2,
  mayRead: (path) => /\.(?:ya?ml|json)$/i.test(path),
  extract,
  tables: { bindingChannelKinds, amqp: { queue: 'queue', routingKey: 'exchange' }, defaultKind: 'topic', v2: { publish: 'consumer', subscribe: 'producer' }, v3: { send: 'producer', receive: 'consumer' }, v3Reply: { send: 'consumer', receive: 'producer' }, scope: 'first broker host of the channel servers, else the document path' },
};
