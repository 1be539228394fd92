/**
 * Channels, messages, payload schemas and subscriptions from an AsyncAPI
 * 2.x or 3.x document, relative to the app that owns it (the app of the
 * folder holding it, else an app named by `info.title`). In 2.x a channel's
 * `publish` operation means the app receives (others publish to it) and
 * `subscribe` that it sends; in 3.x an operation's `action` says `send` or
 * `receive`. A sent message has the owner as producer; a received one has it
 * as consumer, and the owner subscribes to the channel. A channel's kind comes
 * from its bindings (AMQP `is: queue` → queue, `is: routingKey` → exchange
 * named by the binding, Kafka and SNS → topic, SQS → queue), else `topic`.
 * The document's servers are brokers the owner connects to.
 */
import { hostsOfSetting } from '../connection-settings';
import { evidenceOf, newDocumentContext, schemaFactAt, type DocumentContext, type Step } from '../document-schemas';
import type { Evidence } from '../extracted-fact';
import { channelKey, cleanDescription, cleanName } from '../fact-keys';
import { noFileFacts, observedIn, type ElementRef, type Extractor, type FileFacts } from '../file-facts';
import { localPointerSteps, resolveAt, type Placed } from '../json-references';
import { folderOf } from '../repository-paths';
import { entriesOf, evidenceAt, isJsonPath, itemsOf, member, parseStructuredDocuments, stringMember } from '../structured-text';

type ChannelKind = 'topic' | 'queue' | 'exchange';

/** Channel kinds by binding protocol (AMQP is decided by its `is` member). */
export const bindingChannelKinds: Readonly<Record<string, ChannelKind>> = Object.freeze({ kafka: 'topic', sns: 'topic', googlepubsub: 'topic', sqs: 'queue', jms: 'queue', ibmmq: 'queue' });

interface ChannelFact {
  key: string;
  evidence: Evidence[];
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

function channelFact(context: DocumentContext, placed: Placed, fallbackName: string): ChannelFact | null {
  const binding = bindingOf(resolveAt(context.document.value, [...placed.steps, 'bindings'])?.value);
  const name = binding.name ?? cleanName(fallbackName);
  const evidence = evidenceOf(context, placed.steps);
  if (name === null || evidence.length === 0) return null;
  context.facts.facts.push({ draft: 'channel', ...observedIn(evidence), name, kind: binding.kind, terraform: null });
  return { key: channelKey(name), evidence };
}

/** One use of a message by the owner: it sends (producer) or receives (consumer) it on a channel. */
function messageFacts(context: DocumentContext, message: Placed, role: 'producer' | 'consumer', owner: ElementRef, operationEvidence: Evidence[]): void {
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
  });
}

function subscribe(context: DocumentContext, channel: ChannelFact, owner: ElementRef, evidence: Evidence[]): void {
  context.facts.facts.push({ draft: 'subscription', ...observedIn(evidence), channelKey: channel.key, consumer: owner });
}

function version2(context: DocumentContext, owner: ElementRef): void {
  const root = context.document.value;
  for (const [address] of entriesOf(member(root, 'channels'))) {
    const placed = resolveAt(root, ['channels', address]);
    if (placed === null) continue;
    const channel = channelFact(context, placed, address);
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
        for (const each of messages) if (each !== null) messageFacts(context, each, role, owner, evidence);
      }
      if (role === 'consumer') subscribe(context, channel, owner, evidence);
    }
  }
}

function version3(context: DocumentContext, owner: ElementRef): void {
  const root = context.document.value;
  const channels = new Map<string, { channel: ChannelFact; placed: Placed }>();
  for (const [id] of entriesOf(member(root, 'channels'))) {
    const placed = resolveAt(root, ['channels', id]);
    if (placed === null) continue;
    const address = stringMember(placed.value, 'address');
    const channel = channelFact(context, placed, address ?? id);
    if (channel !== null) channels.set(id, { channel, placed });
  }
  for (const [id] of entriesOf(member(root, 'operations'))) {
    const operation = resolveAt(root, ['operations', id]);
    const action = stringMember(operation?.value, 'action');
    if (operation === null || (action !== 'send' && action !== 'receive')) continue;
    const channelSteps = localPointerSteps(member(member(operation.value, 'channel'), '$ref'));
    const used = channelSteps?.[0] === 'channels' && channelSteps.length === 2 ? channels.get(channelSteps[1]!) : undefined;
    if (used === undefined) continue;
    const evidence = evidenceOf(context, operation.steps);
    const listed = itemsOf(member(operation.value, 'messages'));
    const messages =
      listed.length > 0
        ? listed.map((_, index) => resolveAt(root, [...operation.steps, 'messages', index]))
        : entriesOf(member(used.placed.value, 'messages')).map(([name]) => resolveAt(root, [...used.placed.steps, 'messages', name]));
    const role = action === 'send' ? 'producer' : 'consumer';
    for (const message of messages) if (message !== null) messageFacts(context, message, role, owner, evidence);
    if (role === 'consumer') subscribe(context, used.channel, owner, evidence);
  }
}

/** Brokers of the document's servers, as connection hints of the owner. */
function serverHints(context: DocumentContext, owner: ElementRef): void {
  for (const [name, server] of entriesOf(member(context.document.value, 'servers'))) {
    const protocol = stringMember(server, 'protocol')?.toLowerCase() ?? null;
    const address = stringMember(server, 'url') ?? stringMember(server, 'host');
    const span = context.document.spanAt(['servers', name]);
    if (address === undefined || span === null) continue;
    const url = address.includes('://') || protocol === null ? address : `${protocol}://${address}`;
    for (const named of hostsOfSetting('URL', url)) {
      context.facts.hints.push({ hint: 'connection', from: owner, host: named.host, via: 'server', variable: null, scheme: named.scheme ?? protocol, evidence: [evidenceAt(context.path, span)] });
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
  if (version.startsWith('2.')) version2(context, owner);
  else version3(context, owner);
  serverHints(context, owner);
  return context.facts.facts.length === 0 && context.facts.hints.length === 0 ? noFileFacts : context.facts;
}

export const asyncapiExtractor: Extractor = {
  name: 'asyncapi',
  version: 1,
  mayRead: (path) => /\.(?:ya?ml|json)$/i.test(path),
  extract,
  tables: { bindingChannelKinds, amqp: { queue: 'queue', routingKey: 'exchange' }, defaultKind: 'topic', v2: { publish: 'consumer', subscribe: 'producer' }, v3: { send: 'producer', receive: 'consumer' } },
};
