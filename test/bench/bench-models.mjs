// Model documents that more than one benchmark imports or renders, the same
// on every call for a given seed: the document at every list limit (import,
// scale), the 5,000-element model (mcp, scale) and the 300-element view with
// 1,000 relationships (exports, scale). Not a benchmark (run.mjs skips it).
import { uuidV5 } from './bench-support.mjs';

// Part 1 "Limits": the most entries a model document may hold per list.
export const documentLimits = { elements: 5000, relationships: 10000, messages: 5000, schemas: 200, operations: 5000, channels: 5000, subscriptions: 5000, bindings: 5000 };
// The record kind of each list of a model document.
export const kindOfSection = { elements: 'element', relationships: 'relationship', messages: 'message', schemas: 'schema', operations: 'operation', channels: 'channel', subscriptions: 'subscription', bindings: 'binding' };
/** Deterministic numbers (mulberry32). */
function randomOf(seed) {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A valid model document with every list at its limit: 250 systems with 5 apps
 * and 2 stores each, 2750 components under the apps, 250 actors; relationships
 * between existing elements; channels of every kind; bindings exchange → queue
 * with unique routing keys; subscriptions with dead-letter queues; truth labels
 * with the provenance they need.
 */
export function limitsDocument(seed) {
  const id = (label) => uuidV5(seed, label);
  const random = randomOf(Number.parseInt(seed.slice(0, 8), 16));
  const pick = (list) => list[Math.floor(random() * list.length)];
  const fact = (i) => {
    switch (i % 10) {
      case 0:
        return { factStatus: 'observed-in-source', provenance: { source: `git:services/${i}/main.go`, revision: 'a1b2c3d', confidence: null, acceptedBy: null, acceptedAt: null }, stale: null };
      case 1:
        return { factStatus: 'inferred', provenance: { source: `ai:proposal-${i}`, revision: null, confidence: 0.7, acceptedBy: null, acceptedAt: null }, stale: null };
      case 2:
        return { factStatus: 'measured', provenance: { source: `otel:trace/${i}`, revision: null, confidence: null, acceptedBy: null, acceptedAt: null }, stale: { sinceRevision: 'ffeedd', reason: 'evidence-not-found' } };
      default:
        return { factStatus: 'declared', provenance: null, stale: null };
    }
  };
  const element = (label, i, kind, parentId) => ({
    id: id(label),
    kind,
    name: `${kind} ${i} — Ünïcødé`,
    description: i % 3 === 0 ? `The ${kind} number ${i}.\nIt does things.` : null,
    technology: i % 2 === 0 ? 'TypeScript' : null,
    status: ['current', 'planned', 'deprecated', 'removed'][i % 4],
    parentId,
    tags: i % 5 === 0 ? ['core', `team-${i % 7}`] : [],
    icon: null,
    ...fact(i),
  });

  const elements = [];
  const systems = [];
  const apps = [];
  for (let s = 0; s < 250; s++) {
    const system = element(`system-${s}`, s, 'system', null);
    systems.push(system.id);
    elements.push(system);
    for (let a = 0; a < 5; a++) {
      const app = element(`app-${s}-${a}`, s * 5 + a, 'app', system.id);
      apps.push(app.id);
      elements.push(app);
    }
    for (let t = 0; t < 2; t++) elements.push(element(`store-${s}-${t}`, s * 2 + t, 'store', system.id));
  }
  for (let c = 0; c < 2750; c++) elements.push(element(`component-${c}`, c, 'component', apps[c % apps.length]));
  for (let a = 0; a < 250; a++) elements.push(element(`actor-${a}`, a, 'actor', null));
  const elementIds = elements.map((e) => e.id);
  // Children first in the document: the import reads an element after its parent wherever it stands.
  elements.reverse();

  const relationships = Array.from({ length: documentLimits.relationships }, (_, i) => ({
    id: id(`rel-${i}`),
    fromId: pick(elementIds),
    toId: pick(elementIds),
    label: i % 2 === 0 ? `calls ${i}` : null,
    technology: i % 3 === 0 ? 'HTTPS' : null,
    kind: i % 4 === 0 ? 'behavioural' : 'structural',
    lineShape: null,
    ...fact(i),
  }));

  const schemas = Array.from({ length: documentLimits.schemas }, (_, i) => ({ id: id(`schema-${i}`), name: `Schema ${i}`, description: null, content: JSON.stringify({ type: 'object', properties: { id: { type: 'string' }, n: { type: 'integer', minimum: i } } }), version: 1 }));
  const schemaIds = schemas.map((s) => s.id);

  const messages = Array.from({ length: documentLimits.messages }, (_, i) => ({
    id: id(`message-${i}`),
    name: `Event${i}Happened`,
    description: i % 4 === 0 ? 'Something happened.' : null,
    producerId: pick(elementIds),
    consumerIds: [...new Set([pick(elementIds), pick(elementIds)])],
    schemaId: i % 2 === 0 ? pick(schemaIds) : null,
    tags: i % 3 === 0 ? ['event'] : [],
    ...fact(i),
  }));

  const channels = [];
  const exchanges = [];
  const topics = [];
  const queues = [];
  for (let i = 0; i < documentLimits.channels; i++) {
    const kind = i < 1000 ? 'exchange' : i < 1500 ? 'topic' : 'queue';
    const channel = { id: id(`channel-${i}`), name: `${kind}-${i}`, kind, ...fact(i) };
    channels.push(channel);
    (kind === 'exchange' ? exchanges : kind === 'topic' ? topics : queues).push(channel.id);
  }

  const operations = Array.from({ length: documentLimits.operations }, (_, i) => ({
    id: id(`operation-${i}`),
    ownerId: apps[i % apps.length],
    name: `Operation${i}`,
    transport: ['http', 'grpc', 'command'][i % 3],
    requestSchemaId: i % 2 === 0 ? pick(schemaIds) : null,
    responseSchemaId: i % 3 === 0 ? pick(schemaIds) : null,
    timeoutMs: i % 4 === 0 ? null : 1000 + i,
    retry: i % 2 === 0 ? { maxAttempts: 1 + (i % 10), backoffMs: 100 * (i % 50) } : null,
    ...fact(i),
  }));

  const subscriptions = Array.from({ length: documentLimits.subscriptions }, (_, i) => {
    const channelId = queues[i % queues.length];
    const deadLetter = queues[(i + 1) % queues.length];
    return {
      id: id(`subscription-${i}`),
      channelId,
      consumerId: pick(elementIds),
      retry: i % 2 === 0 ? { maxAttempts: 3, backoffMs: 250 } : null,
      deadLetterChannelId: i % 3 === 0 ? deadLetter : null,
      ...fact(i),
    };
  });

  const bindings = Array.from({ length: documentLimits.bindings }, (_, i) => ({
    id: id(`binding-${i}`),
    sourceChannelId: exchanges[i % exchanges.length],
    targetChannelId: queues[i % queues.length],
    routingKey: `orders.${i}.placed`,
    ...fact(i),
  }));

  return { version: '1.0', project: { name: 'bench' }, elements, relationships, messages, schemas, operations, channels, subscriptions, bindings };
}
/** A 5000-element model with relationships and messages between the elements (deterministic). */
export function fiveThousandElementModel() {
  const seed = '6d63702d-6265-4e63-8800-000000005000';
  const id = (label) => uuidV5(seed, label);
  let state = 42;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const elements = [];
  const apps = [];
  const element = (label, kind, parentId, i) => ({
    id: id(label),
    kind,
    name: `${kind} ${i}`,
    description: i % 3 === 0 ? `The ${kind} number ${i}.` : null,
    technology: i % 2 === 0 ? 'TypeScript' : null,
    status: ['current', 'planned', 'deprecated'][i % 3],
    parentId,
    tags: i % 5 === 0 ? ['core'] : [],
    icon: null,
  });
  for (let s = 0; s < 250; s++) {
    const system = element(`system-${s}`, 'system', null, s);
    elements.push(system);
    for (let a = 0; a < 5; a++) {
      const app = element(`app-${s}-${a}`, 'app', system.id, s * 5 + a);
      apps.push(app.id);
      elements.push(app);
    }
    for (let t = 0; t < 2; t++) elements.push(element(`store-${s}-${t}`, 'store', system.id, s * 2 + t));
  }
  for (let c = 0; c < 2750; c++) elements.push(element(`component-${c}`, 'component', apps[c % apps.length], c));
  for (let a = 0; a < 250; a++) elements.push(element(`actor-${a}`, 'actor', null, a));
  const ids = elements.map((e) => e.id);
  const pick = () => ids[Math.floor(random() * ids.length)];
  const relationships = Array.from({ length: 10_000 }, (_, i) => ({ id: id(`rel-${i}`), fromId: pick(), toId: pick(), label: i % 2 ? `calls ${i}` : null, technology: null, kind: i % 4 ? 'structural' : 'behavioural', lineShape: null }));
  const messages = Array.from({ length: 2000 }, (_, i) => ({ id: id(`message-${i}`), name: `Event${i}`, description: null, producerId: pick(), consumerIds: [pick(), pick()].filter((v, j, all) => all.indexOf(v) === j), schemaId: null, tags: [] }));
  return { document: { elements, relationships, messages }, elementIds: ids };
}
// A UUID made from a number, easy to read back in a rendered diagram.
export const guid = (n) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const kinds = ['actor', 'system', 'app', 'store', 'component'];
const facts = ['declared', 'declared', 'observed-in-source', 'inferred', 'measured', 'unknown'];
const shapes = [null, 'curve', 'straight', 'step'];

/**
 * A view of 300 top-level elements (+40 children) with 1000 relationships between them and 100 saved
 * positions, as the renderers take it (records in Maps by kind); the same every run (a fixed LCG).
 */
export function largeViewModel() {
  let seed = 42;
  const random = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const fact = (i) => ({ factStatus: facts[i % facts.length], provenance: null, stale: i % 17 === 0 ? { sinceRevision: guid(9999), reason: 'code moved' } : null });
  const elements = new Map();
  for (let i = 1; i <= 300; i++) {
    const id = guid(i);
    elements.set(id, {
      id,
      kind: kinds[i % kinds.length],
      name: `Service ${String(i).padStart(3, '0')} <${i % 7 === 0 ? 'edge & "core"' : 'main'}>`,
      description: `Handles part ${i} of the order flow: validates input, calls its dependencies and records what happened for the audit trail.`,
      technology: i % 3 === 0 ? null : `Node.js ${18 + (i % 5)}`,
      status: 'current',
      parentId: null,
      tags: ['bench'],
      icon: null,
      ...fact(i),
    });
  }
  // A few children, so count badges show and the DSL has containers.
  for (let i = 301; i <= 340; i++) {
    const id = guid(i);
    elements.set(id, { id, kind: 'app', name: `Part ${i}`, description: null, technology: 'Go', status: 'current', parentId: guid(2 + 5 * (i % 50)), tags: [], icon: null, ...fact(i) });
  }
  const relationships = new Map();
  for (let i = 1; i <= 1000; i++) {
    const id = guid(10_000 + i);
    const from = 1 + random(300);
    const to = 1 + random(300);
    relationships.set(id, {
      id,
      fromId: guid(from),
      toId: guid(to),
      label: `Calls operation ${i}`,
      technology: i % 4 === 0 ? null : 'HTTPS',
      kind: i % 3 === 0 ? 'behavioural' : 'structural',
      lineShape: shapes[i % shapes.length],
      ...fact(i),
    });
  }
  const empty = () => new Map();
  const model = { element: elements, relationship: relationships, message: empty(), schema: empty(), operation: empty(), channel: empty(), subscription: empty(), binding: empty() };
  const positions = [];
  for (let i = 1; i <= 100; i++) positions.push({ elementId: guid(i * 3), x: (i % 10) * 340, y: Math.floor(i / 10) * 200 });
  const view = { id: guid(50_000), projectId: guid(60_000), name: 'Everything', rootElementId: null, positions, createdAt: '', updatedAt: '' };
  return { model, view };
}
