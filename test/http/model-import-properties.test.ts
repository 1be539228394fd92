import fc from 'fast-check';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../support/http-client';
import { idFor, sections, sortedById, startModelService, type ModelService, type Section } from '../support/model-api';

/**
 * Properties of the model import over HTTP against the built server, each run
 * in a project of its own made through the API:
 * (a) any valid model document imports into an empty project without refusal
 *     and exports the same records;
 * (b) a valid document with one corruption is refused, and the project's
 *     export and modelVersion stay exactly as they were;
 * (c) no JSON value as the body makes the service fail (5xx).
 */

// MODEL_PROPERTY_RUNS raises the count for a longer hunt; the default keeps the file quick.
const numRuns = Number(process.env.MODEL_PROPERTY_RUNS ?? 25);

// ---------------------------------------------------------------------------
// Text

const controlOrLoneSurrogate = /[\u0000-\u001f\u007f-\u009f]|\p{Cs}/u;
/** One-line text: names, labels, tags, sources. Unicode of every plane, no control characters. */
const lineText = (maxLength: number) =>
  fc
    .oneof(fc.string({ unit: 'grapheme', maxLength }), fc.string({ unit: 'binary', maxLength }), fc.string({ maxLength }), fc.constantFrom('yes', 'null', '0x1F', '1e3', '~', '- a', '#x', 'a: b', ' lead', 'trail ', '\u00a0nbsp', '"q"', "'s'", '\u2028'))
    .filter((s) => !controlOrLoneSurrogate.test(s) && [...s].length <= maxLength);
const nonBlank = (maxLength: number) => lineText(maxLength).filter((s) => s.trim() !== '');
/** Free text: descriptions and schema content; line breaks, tabs and other controls but U+0000 are allowed. */
const freeText = fc
  .oneof(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom('line one\nline two', '  indented\n\n  \n', 'tab\there', 'bell\u0007', 'crlf\r\nend', 'trailing newline\n', ''))
  .filter((s) => !s.includes('\u0000') && !/\p{Cs}/u.test(s));

const timestamp = fc
  .tuple(fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }), fc.constantFrom('Z', '+02:00', '-05:30', 'ms'))
  .map(([date, zone]) => (zone === 'ms' ? date.toISOString() : `${date.toISOString().slice(0, 19)}${zone}`));

// ---------------------------------------------------------------------------
// Fact fields with the provenance each label needs

const labels = ['declared', 'observed-in-source', 'inferred', 'measured', 'unknown'] as const;
const zeroSafe = (n: number | null) => (n === 0 ? 0 : n);

const factArb = fc
  .record({
    label: fc.constantFrom(...labels),
    provenance: fc.option(
      fc.record({
        source: fc.option(nonBlank(60)),
        revision: fc.option(nonBlank(20)),
        confidence: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
        acceptedBy: fc.option(fc.uuid()),
        acceptedAt: fc.option(timestamp),
      }),
    ),
    fallbackSource: nonBlank(60),
    fallbackConfidence: fc.double({ min: 0, max: 1, noNaN: true }),
    stale: fc.option(fc.record({ sinceRevision: nonBlank(40), reason: nonBlank(100) })),
  })
  .map(({ label, provenance, fallbackSource, fallbackConfidence, stale }) => {
    let p = provenance ? { ...provenance, confidence: zeroSafe(provenance.confidence) } : null;
    if (label === 'observed-in-source' || label === 'measured' || label === 'inferred') {
      p ??= { source: null, revision: null, confidence: null, acceptedBy: null, acceptedAt: null };
      p.source ??= fallbackSource;
    }
    if (label === 'inferred') p!.confidence ??= zeroSafe(fallbackConfidence);
    return { factStatus: label as string, provenance: p, stale };
  });

/** How an entry is written: `sparse` leaves out what is empty (missing means null, empty or declared); `upper` writes its GUIDs in upper case. */
const styleArb = fc.record({ sparse: fc.boolean(), upper: fc.boolean() });
const retryArb = fc.option(fc.record({ maxAttempts: fc.integer({ min: 1, max: 10 }), backoffMs: fc.integer({ min: 0, max: 3_600_000 }) }));

// ---------------------------------------------------------------------------
// A model: drafts whose references are picks (indexes taken modulo what exists)

const elementDraft = fc.record({ name: nonBlank(30), description: fc.option(freeText), technology: fc.option(lineText(20)), status: fc.constantFrom('current', 'planned', 'deprecated', 'removed'), tags: fc.array(lineText(12), { maxLength: 3 }), icon: fc.option(lineText(12)), fact: factArb, style: styleArb, pick: fc.nat() });

const modelSpec = fc.record({
  systems: fc.array(elementDraft, { minLength: 1, maxLength: 3 }),
  actors: fc.array(elementDraft, { maxLength: 2 }),
  apps: fc.array(elementDraft, { maxLength: 4 }),
  stores: fc.array(elementDraft, { maxLength: 2 }),
  components: fc.array(elementDraft, { maxLength: 4 }),
  relationships: fc.array(fc.record({ from: fc.nat(), to: fc.nat(), label: fc.option(lineText(20)), technology: fc.option(lineText(12)), kind: fc.constantFrom('structural', 'behavioural'), lineShape: fc.option(lineText(100)), fact: factArb, style: styleArb }), { maxLength: 5 }),
  schemas: fc.array(fc.record({ name: nonBlank(20), description: fc.option(freeText), content: freeText, style: styleArb }), { maxLength: 3 }),
  messages: fc.array(fc.record({ name: nonBlank(20), description: fc.option(freeText), producer: fc.nat(), consumers: fc.uniqueArray(fc.nat({ max: 20 }), { maxLength: 3 }), schema: fc.option(fc.nat()), tags: fc.array(lineText(12), { maxLength: 2 }), fact: factArb, style: styleArb }), { maxLength: 4 }),
  channels: fc.array(fc.record({ name: nonBlank(20), kind: fc.constantFrom('topic', 'queue', 'exchange'), fact: factArb, style: styleArb }), { maxLength: 5 }),
  operations: fc.array(fc.record({ owner: fc.nat(), name: nonBlank(20), transport: fc.constantFrom('http', 'grpc', 'command'), request: fc.option(fc.nat()), response: fc.option(fc.nat()), timeoutMs: fc.option(fc.integer({ min: 0, max: 3_600_000 })), retry: retryArb, fact: factArb, style: styleArb }), { maxLength: 4 }),
  subscriptions: fc.array(fc.record({ channel: fc.nat(), consumer: fc.nat(), retry: retryArb, deadLetter: fc.option(fc.nat()), fact: factArb, style: styleArb }), { maxLength: 4 }),
  bindings: fc.array(fc.record({ source: fc.nat(), target: fc.nat(), routingKey: fc.option(nonBlank(40)), fact: factArb, style: styleArb }), { maxLength: 5 }),
  shuffle: fc.integer(),
});
type ModelSpec = typeof modelSpec extends fc.Arbitrary<infer T> ? T : never;

/** A small seeded PRNG (mulberry32), to shuffle the document lists the same way on every replay. */
function randomOf(seed: number) {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const guidFields = new Set(['id', 'parentId', 'fromId', 'toId', 'producerId', 'schemaId', 'ownerId', 'requestSchemaId', 'responseSchemaId', 'channelId', 'consumerId', 'deadLetterChannelId', 'sourceChannelId', 'targetChannelId']);

/** The entry as a document writes it, from its normalised record and style. */
function written(record: Record<string, any>, style: { sparse: boolean; upper: boolean }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (style.sparse) {
      if (value === null) continue;
      if (Array.isArray(value) && value.length === 0) continue;
      if (key === 'factStatus' && value === 'declared') continue;
      if (key === 'kind' && value === 'structural' && 'fromId' in record) {
        out.kind = '';
        continue;
      }
    }
    let v: unknown = value;
    if (style.upper && typeof value === 'string' && guidFields.has(key)) v = value.toUpperCase();
    if (style.upper && key === 'consumerIds') v = (value as string[]).map((s) => s.toUpperCase());
    if (key === 'provenance' && value !== null && style.sparse) v = Object.fromEntries(Object.entries(value).filter(([, x]) => x !== null));
    out[key] = v;
  }
  return out;
}

interface BuiltModel {
  /** The document to send. */
  document: Record<Section, Record<string, unknown>[]> & { version: string; project: { name: string } };
  /** The records the export must hold afterwards, per list, normalised. */
  expected: Record<Section, Record<string, any>[]>;
}

/** Builds a valid document from a spec; IDs derive from `seed` (the project ID), so no two runs share one. */
function buildModel(spec: ModelSpec, seed: string): BuiltModel {
  const expected = Object.fromEntries(sections.map((s) => [s, []])) as unknown as BuiltModel['expected'];
  const styles = Object.fromEntries(sections.map((s) => [s, []])) as unknown as Record<Section, { sparse: boolean; upper: boolean }[]>;
  const add = (section: Section, record: Record<string, any>, style: { sparse: boolean; upper: boolean }) => {
    expected[section].push(record);
    styles[section].push(style);
  };
  const fact = (f: { factStatus: string; provenance: any; stale: any }) => ({ factStatus: f.factStatus, provenance: f.provenance, stale: f.stale });

  const elementIds: string[] = [];
  const appIds: string[] = [];
  const systemIds: string[] = [];
  const element = (draft: ModelSpec['systems'][number], kind: string, label: string, parentId: string | null) => {
    const id = idFor(seed, label);
    elementIds.push(id);
    add('elements', { id, kind, name: draft.name, description: draft.description, technology: draft.technology, status: draft.status, parentId, tags: draft.tags, icon: draft.icon, ...fact(draft.fact) }, draft.style);
    return id;
  };
  spec.systems.forEach((d, i) => {
    systemIds.push(element(d, 'system', `system-${i}`, null));
  });
  spec.actors.forEach((d, i) => {
    element(d, 'actor', `actor-${i}`, null);
  });
  spec.apps.forEach((d, i) => {
    appIds.push(element(d, 'app', `app-${i}`, systemIds[d.pick % systemIds.length]!));
  });
  spec.stores.forEach((d, i) => {
    element(d, 'store', `store-${i}`, systemIds[d.pick % systemIds.length]!);
  });
  if (appIds.length > 0) spec.components.forEach((d, i) => {
    element(d, 'component', `component-${i}`, appIds[d.pick % appIds.length]!);
  });
  const pickElement = (n: number) => elementIds[n % elementIds.length]!;

  spec.relationships.forEach((r, i) => {
    add('relationships', { id: idFor(seed, `rel-${i}`), fromId: pickElement(r.from), toId: pickElement(r.to), label: r.label, technology: r.technology, kind: r.kind, lineShape: r.lineShape, ...fact(r.fact) }, r.style);
  });

  const schemaIds = spec.schemas.map((s, i) => {
    const id = idFor(seed, `schema-${i}`);
    add('schemas', { id, name: s.name, description: s.description, content: s.content, version: 1 }, s.style);
    return id;
  });
  const pickSchema = (n: number | null) => (n === null || schemaIds.length === 0 ? null : schemaIds[n % schemaIds.length]!);

  spec.messages.forEach((msg, i) => {
    const consumerIds = [...new Set(msg.consumers.map(pickElement))];
    add('messages', { id: idFor(seed, `message-${i}`), name: msg.name, description: msg.description, producerId: pickElement(msg.producer), consumerIds, schemaId: pickSchema(msg.schema), tags: msg.tags, ...fact(msg.fact) }, msg.style);
  });

  const channels = spec.channels.map((c, i) => ({ id: idFor(seed, `channel-${i}`), kind: c.kind }));
  spec.channels.forEach((c, i) => {
    add('channels', { id: channels[i]!.id, name: c.name, kind: c.kind, ...fact(c.fact) }, c.style);
  });

  spec.operations.forEach((o, i) => {
    add('operations', { id: idFor(seed, `operation-${i}`), ownerId: pickElement(o.owner), name: o.name, transport: o.transport, requestSchemaId: pickSchema(o.request), responseSchemaId: pickSchema(o.response), timeoutMs: o.timeoutMs, retry: o.retry, ...fact(o.fact) }, o.style);
  });

  if (channels.length > 0) {
    spec.subscriptions.forEach((s, i) => {
      const at = s.channel % channels.length;
      const deadLetter = s.deadLetter === null || channels.length < 2 ? null : channels[(at + 1 + (s.deadLetter % (channels.length - 1))) % channels.length]!.id;
      add('subscriptions', { id: idFor(seed, `subscription-${i}`), channelId: channels[at]!.id, consumerId: pickElement(s.consumer), retry: s.retry, deadLetterChannelId: deadLetter, ...fact(s.fact) }, s.style);
    });
  }

  const sources = channels.filter((c) => c.kind === 'exchange' || c.kind === 'topic');
  const targets = channels.filter((c) => c.kind === 'queue' || c.kind === 'exchange');
  const identities = new Set<string>();
  spec.bindings.forEach((b, i) => {
    if (sources.length === 0 || targets.length === 0) return;
    const source = sources[b.source % sources.length]!;
    const candidates = targets.filter((t) => t.id !== source.id);
    if (candidates.length === 0) return;
    const target = candidates[b.target % candidates.length]!;
    const identity = JSON.stringify([source.id, target.id, b.routingKey]);
    if (identities.has(identity)) return;
    identities.add(identity);
    add('bindings', { id: idFor(seed, `binding-${i}`), sourceChannelId: source.id, targetChannelId: target.id, routingKey: b.routingKey, ...fact(b.fact) }, b.style);
  });

  // Document order is free (an element is read after its parent wherever it stands): shuffle every list.
  const random = randomOf(spec.shuffle);
  const document = { version: '1.0', project: { name: 'generated' } } as BuiltModel['document'];
  for (const section of sections) {
    const entries = expected[section].map((record, i) => written(record, styles[section][i]!));
    for (let i = entries.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [entries[i], entries[j]] = [entries[j]!, entries[i]!];
    }
    document[section] = entries;
  }
  return { document, expected };
}

// ---------------------------------------------------------------------------
// Corruptions: each makes a valid document invalid in one place

const corruptionArb = fc.record({
  type: fc.constantFrom('wrong-type', 'dangling-reference', 'bad-enum', 'null-in-list', 'duplicate-schema-id'),
  section: fc.constantFrom(...sections),
  at: fc.nat(),
  field: fc.nat(),
  value: fc.oneof(fc.integer(), fc.boolean(), fc.constant({}), fc.constant([1]), fc.double({ noNaN: true })),
  dangling: fc.uuid(),
  word: fc.constantFrom('robot', 'active', 'soap', 'stream', 'true', 'Declared', 'TOPIC'),
});
type Corruption = typeof corruptionArb extends fc.Arbitrary<infer T> ? T : never;

/** Fields whose value must be a string (or a list of them, for tags and consumerIds), by section. */
const typedFields: Record<Section, string[]> = {
  elements: ['id', 'kind', 'name', 'status', 'tags', 'factStatus', 'stale'],
  relationships: ['id', 'fromId', 'toId', 'label', 'lineShape', 'kind', 'stale'],
  messages: ['id', 'name', 'producerId', 'consumerIds', 'schemaId', 'tags', 'description'],
  schemas: ['id', 'name', 'content', 'description'],
  operations: ['id', 'ownerId', 'name', 'transport', 'timeoutMs', 'retry', 'requestSchemaId'],
  channels: ['id', 'name', 'kind', 'factStatus', 'stale'],
  subscriptions: ['id', 'channelId', 'consumerId', 'retry', 'deadLetterChannelId'],
  bindings: ['id', 'sourceChannelId', 'targetChannelId', 'routingKey', 'stale'],
};
const referenceFields: Partial<Record<Section, string[]>> = {
  relationships: ['fromId', 'toId'],
  messages: ['producerId', 'consumerIds', 'schemaId'],
  operations: ['ownerId', 'requestSchemaId', 'responseSchemaId'],
  subscriptions: ['channelId', 'consumerId', 'deadLetterChannelId'],
  bindings: ['sourceChannelId', 'targetChannelId'],
};
const enumFields: Partial<Record<Section, string[]>> = {
  elements: ['kind', 'status', 'factStatus'],
  relationships: ['kind', 'factStatus'],
  operations: ['transport', 'factStatus'],
  channels: ['kind', 'factStatus'],
  subscriptions: ['factStatus'],
  bindings: ['factStatus'],
  messages: ['factStatus'],
};

/** Applies one corruption to a copy of the document; says what it did. */
function corrupt(document: BuiltModel['document'], c: Corruption): { document: any; what: string } {
  const doc = structuredClone(document) as any;
  const firstWith = (wanted: (s: Section) => boolean): Section => {
    const order = [c.section, ...sections];
    return order.find((s) => wanted(s) && doc[s].length > 0) ?? 'elements';
  };
  switch (c.type) {
    case 'wrong-type': {
      const section = firstWith(() => true);
      const entry = doc[section][c.at % doc[section].length];
      const field = typedFields[section][c.field % typedFields[section].length]!;
      // A number is right for timeoutMs; a string is the wrong type there.
      const value = field === 'timeoutMs' ? String(c.value) : c.value;
      entry[field] = value;
      return { document: doc, what: `${section}[].${field} = ${JSON.stringify(value)}` };
    }
    case 'dangling-reference': {
      const section = firstWith((s) => s === 'elements' ? doc.elements.some((e: any) => e.kind !== 'system' && e.kind !== 'actor') : referenceFields[s] !== undefined);
      if (section === 'elements') {
        const children = doc.elements.filter((e: any) => e.kind !== 'system' && e.kind !== 'actor');
        const child = children[c.at % children.length];
        if (child) {
          child.parentId = c.dangling;
          return { document: doc, what: `elements[].parentId = ${c.dangling}` };
        }
        doc.elements.push({ id: idFor(c.dangling, 'orphan'), kind: 'app', name: 'orphan', status: 'current', parentId: c.dangling });
        return { document: doc, what: 'an app whose parent is missing' };
      }
      const entry = doc[section][c.at % doc[section].length];
      const fields = referenceFields[section]!;
      const field = fields[c.field % fields.length]!;
      entry[field] = field === 'consumerIds' ? [...(entry.consumerIds ?? []), c.dangling] : c.dangling;
      return { document: doc, what: `${section}[].${field} → ${c.dangling}` };
    }
    case 'bad-enum': {
      const section = firstWith((s) => enumFields[s] !== undefined);
      const entry = doc[section][c.at % doc[section].length];
      const fields = enumFields[section]!;
      const field = fields[c.field % fields.length]!;
      entry[field] = c.word;
      return { document: doc, what: `${section}[].${field} = ${c.word}` };
    }
    case 'null-in-list': {
      const list = doc[c.section];
      list.splice(c.at % (list.length + 1), 0, null);
      return { document: doc, what: `null in ${c.section}` };
    }
    case 'duplicate-schema-id': {
      if (doc.schemas.length > 0) {
        const original = doc.schemas[c.at % doc.schemas.length];
        doc.schemas.splice(c.field % (doc.schemas.length + 1), 0, { ...original, name: 'second', content: 'another content' });
      } else {
        const id = idFor(c.dangling, 'schema');
        doc.schemas.push({ id, name: 'one', content: 'a' }, { id: id.toUpperCase(), name: 'two', content: 'b' });
      }
      return { document: doc, what: 'a schema ID twice' };
    }
  }
}

// ---------------------------------------------------------------------------
// Random bodies

const fieldNames = [...new Set(Object.values(typedFields).flat().concat(['parentId', 'description', 'technology', 'icon', 'consumerIds', 'responseSchemaId', 'retry', 'stale', 'provenance', 'version']))];
const entryLike = fc.dictionary(fc.oneof(fc.constantFrom(...fieldNames), fc.string({ maxLength: 6 })), fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.uuid(), fc.constantFrom('system', 'app', 'queue', 'exchange', 'current', 'http', 'inferred')), { maxKeys: 8 });
const documentLike = fc.dictionary(fc.oneof(fc.constantFrom(...sections, 'version', 'project'), fc.string({ maxLength: 6 })), fc.oneof(fc.array(fc.oneof(entryLike, fc.jsonValue({ maxDepth: 2 })), { maxLength: 4 }), fc.jsonValue({ maxDepth: 2 })), { maxKeys: 6 });
const anyBody = fc.oneof(fc.jsonValue(), documentLike);

describe('model import properties over HTTP (fast-check, a project per run)', () => {
  let m: ModelService;
  let workspaceId: string;
  let runs = 0;

  beforeAll(async () => {
    m = await startModelService();
    workspaceId = await m.createWorkspace('Properties');
  });

  afterAll(async () => {
    await m?.stop();
  });

  it('(a) any valid document imports into an empty project without refusal and exports the same records', async () => {
    await fc.assert(
      fc.asyncProperty(modelSpec, async (spec) => {
        const project = await m.createProject(workspaceId, `valid ${++runs}`);
        const { document, expected } = buildModel(spec, project.id);
        const answer = await m.importModel(project.id, document);
        expect(answer.status, answer.text.slice(0, 2000)).toBe(200);
        const entries = sections.reduce((n, s) => n + expected[s].length, 0);
        expect(answer.json).toMatchObject({ applied: true, modelVersion: 0, added: entries, changed: 0, unchanged: 0, refused: 0 });
        expect(await m.modelVersion(project.id)).toBe(entries > 0 ? 1 : 0);

        const exported = await m.exportModel(project.id);
        const json = JSON.parse(exported.text);
        expect(json.project).toEqual({ name: project.name });
        for (const section of sections) expect(json[section], section).toEqual(sortedById(expected[section] as { id: string }[]));
        // The YAML export is the same model, and importing the export again changes nothing.
        const yamlText = (await m.exportModel(project.id, 'yaml')).text;
        expect(yaml.load(yamlText)).toEqual(json);
        const again = await m.importModel(project.id, exported.text);
        expect(again.json).toMatchObject({ added: 0, changed: 0, refused: 0, unchanged: entries });
        const yamlAgain = await m.importModel(project.id, yamlText, '', { contentType: 'application/x-yaml' });
        expect(yamlAgain.json).toMatchObject({ added: 0, changed: 0, refused: 0, unchanged: entries });
        expect((await m.exportModel(project.id)).text).toBe(exported.text);
      }),
      { numRuns },
    );
  }, 300_000);

  it('(b) a valid document with one corruption is refused; export and modelVersion stay exactly as before', async () => {
    await fc.assert(
      fc.asyncProperty(modelSpec, corruptionArb, async (spec, corruption) => {
        const project = await m.createProject(workspaceId, `corrupt ${++runs}`);
        const { document } = buildModel(spec, project.id);
        // A first import puts part of the model in place, so that a half-written second one would show.
        const base = { elements: document.elements.filter((e) => e.parentId === undefined || e.parentId === null), channels: document.channels };
        const first = await m.importModel(project.id, base);
        expect(first.status, first.text.slice(0, 2000)).toBe(200);
        const before = await m.exportModel(project.id);

        const renamed = structuredClone(document);
        for (const entry of renamed.elements) entry.name = `${entry.name as string} (v2)`;
        const { document: bad, what } = corrupt(renamed, corruption);
        const answer = await m.importModel(project.id, bad);
        const problem = expectProblem(answer, 400, 'invalid_export');
        expect(problem.errors.length, what).toBeGreaterThan(0);
        expect(problem.title).toMatch(/refused/i);
        for (const error of problem.errors) expect(error.field).toMatch(/^(element|relationship|message|schema|operation|channel|subscription|binding):|^(elements|relationships|messages|schemas|operations|channels|subscriptions|bindings)$/);

        const preview = await m.importModel(project.id, bad, '?dryRun=true');
        expect(preview.status, what).toBe(200);
        expect(preview.json.applied).toBe(false);
        expect(preview.json.refused + (preview.json.items.length === 0 ? 1 : 0), what).toBeGreaterThan(0);

        const after = await m.exportModel(project.id);
        expect(after.text, what).toBe(before.text);
        expect(after.version, what).toBe(before.version);
        expect(await m.modelVersion(project.id)).toBe(before.version);
      }),
      { numRuns },
    );
  }, 300_000);

  it('(c) random JSON values as the body, as JSON or YAML, never produce a 5xx', async () => {
    const project = await m.createProject(workspaceId, 'random bodies');
    await fc.assert(
      fc.asyncProperty(anyBody, fc.boolean(), async (value, dryRun) => {
        const bodies: [string, string][] = [[JSON.stringify(value) ?? 'null', 'application/json']];
        try {
          bodies.push([yaml.dump(value), 'application/x-yaml']);
        } catch {
          // Some values have no YAML form in js-yaml; JSON alone then.
        }
        for (const [body, contentType] of bodies) {
          const answer = await m.importModel(project.id, body, dryRun ? '?dryRun=true' : '', { contentType });
          expect(answer.status, `${contentType} ${body.slice(0, 500)} → ${answer.text.slice(0, 500)}`).toBeLessThan(500);
          if (answer.status === 200) {
            expect(answer.json).toMatchObject({ applied: expect.any(Boolean), modelVersion: expect.any(Number), items: expect.any(Array) });
          } else {
            expect(answer.status).toBe(400);
            expect(['invalid_export', 'import_too_large']).toContain(expectProblem(answer, 400).type);
          }
        }
      }),
      { numRuns: numRuns * 2 },
    );
    // The service still answers normally.
    expect((await m.api('GET', '/health/live')).status).toBe(200);
  }, 300_000);
});
