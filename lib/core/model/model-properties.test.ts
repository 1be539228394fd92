import fc from 'fast-check';
import { load as loadWithJsYaml } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { serializeModelDocument, snapshotFromRecords } from './model-document';
import {
  modelKinds,
  sectionOfKind,
  type BindingRecord,
  type ChannelRecord,
  type ElementRecord,
  type FactFields,
  type MessageRecord,
  type ModelSnapshot,
  type OperationRecord,
  type RelationshipRecord,
  type SchemaRecord,
  type SubscriptionRecord,
} from './model-records';
import { findReferrers } from './model-rules';
import { bindingKeyOf } from './model-references';
import { importReadOrder, planImport } from './plan-import';
import { recordFieldOrder } from './record-schemas';
import { parseJsonStrict, parseYamlStrict } from '../../platform/text/strict-json';
import { freeTextProblem, isBlank, shortTextProblem } from '../../platform/text/text-rules';

const projectId = '7d444840-9dc0-11d1-b245-5ffdce74fad2';
const empty = snapshotFromRecords([]);

// Text that trips YAML writers and readers, mixed with arbitrary Unicode.
const trickyText = fc.constantFrom('yes', 'No', 'on', 'null', '~', 'true', '1.0', '012', '0x1F', '0o17', '1_000', '1:20', '2024-01-01', '.inf', '<<', '=', ' lead', 'trail ', '#c', '- d', 'a: b', "'q'", '"dq"', '{x}', 'ünïcödé', '🙂 emoji', '\u00a0nbsp');
const oneLine = fc.oneof(trickyText, fc.string({ unit: 'grapheme', maxLength: 24 }), fc.string({ unit: 'binary', maxLength: 12 })).filter((s) => shortTextProblem(s) === null);
const nameText = oneLine.filter((s) => !isBlank(s));
const freeText = fc
  .oneof(oneLine, fc.array(fc.oneof(oneLine, fc.constantFrom('', '  indented', '\ttab', 'x\r', ' ')), { maxLength: 5 }).map((lines) => lines.join('\n')), fc.string({ unit: 'binary', maxLength: 30 }))
  .filter((s) => freeTextProblem(s) === null);
const nullable = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
const unit = fc.double({ min: 0, max: 1, noNaN: true }).map((x) => (x === 0 ? 0 : x));
const timestamp = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString());
const retry = nullable(fc.record({ maxAttempts: fc.integer({ min: 1, max: 10 }), backoffMs: fc.integer({ min: 0, max: 3_600_000 }) }));

const factArb: fc.Arbitrary<FactFields> = fc
  .record({
    factStatus: fc.constantFrom('declared', 'observed-in-source', 'inferred', 'measured', 'unknown'),
    provenance: nullable(
      fc.record({ source: nullable(nameText.filter((s) => s.length <= 2000)), revision: nullable(nameText), confidence: nullable(unit), acceptedBy: nullable(fc.uuid().map((id) => id.toLowerCase())), acceptedAt: nullable(timestamp) }),
    ),
    stale: nullable(fc.record({ sinceRevision: nameText, reason: nameText.filter((s) => [...s].length <= 100) })),
  })
  .map((fact) => {
    // Satisfy the provenance rule of the label: observed-in-source and measured need a source, inferred also a confidence.
    if (fact.factStatus === 'declared' || fact.factStatus === 'unknown') return fact;
    const provenance = { source: null, revision: null, confidence: null, acceptedBy: null, acceptedAt: null, ...fact.provenance };
    provenance.source ??= 'src/main.ts';
    if (fact.factStatus === 'inferred') provenance.confidence ??= 0.5;
    return { ...fact, provenance };
  });

const picks = (max: number) => fc.array(fc.nat(), { maxLength: max });

/** The raw material of a valid model: every reference is a pick among the records built before it. */
const specArb = fc.record({
  ids: fc.uniqueArray(fc.uuid().map((id) => id.toLowerCase()), { minLength: 160, maxLength: 160 }),
  elements: fc.array(
    fc.record({ kind: fc.constantFrom('actor', 'system', 'app', 'store', 'component'), parent: fc.nat(), name: nameText, description: nullable(freeText), technology: nullable(oneLine), status: fc.constantFrom('current', 'planned', 'deprecated', 'removed'), tags: fc.array(oneLine, { maxLength: 3 }), icon: nullable(oneLine), fact: factArb }),
    { minLength: 1, maxLength: 20 },
  ),
  relationships: fc.array(fc.record({ from: fc.nat(), to: fc.nat(), label: nullable(oneLine), technology: nullable(oneLine), kind: fc.constantFrom('structural', 'behavioural'), lineShape: nullable(oneLine.filter((s) => [...s].length <= 100)), fact: factArb }), { maxLength: 15 }),
  schemas: fc.array(fc.record({ name: nameText, description: nullable(freeText), content: freeText }), { maxLength: 6 }),
  messages: fc.array(fc.record({ name: nameText, description: nullable(freeText), producer: fc.nat(), consumers: picks(3), schema: nullable(fc.nat()), tags: fc.array(oneLine, { maxLength: 3 }), fact: factArb }), { maxLength: 10 }),
  operations: fc.array(fc.record({ owner: fc.nat(), name: nameText, transport: fc.constantFrom('http', 'grpc', 'command'), request: nullable(fc.nat()), response: nullable(fc.nat()), timeoutMs: nullable(fc.integer({ min: 0, max: 3_600_000 })), retry, fact: factArb }), { maxLength: 10 }),
  channels: fc.array(fc.record({ name: nameText, kind: fc.constantFrom('topic', 'queue', 'exchange'), fact: factArb }), { maxLength: 12 }),
  subscriptions: fc.array(fc.record({ channel: fc.nat(), consumer: fc.nat(), retry, deadLetter: nullable(fc.nat()), fact: factArb }), { maxLength: 10 }),
  bindings: fc.array(fc.record({ source: fc.nat(), target: fc.nat(), routingKey: nullable(nameText.filter((s) => [...s].length <= 200)), fact: factArb }), { maxLength: 12 }),
});

type Spec = typeof specArb extends fc.Arbitrary<infer T> ? T : never;
const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length === 0 ? undefined : list[n % list.length]);

/** Builds a model that obeys every rule: parent kinds, references, binding channel kinds and identity. */
function buildModel(spec: Spec): { model: ModelSnapshot; streamId: string } {
  const ids = [...spec.ids];
  const streamId = ids.pop()!;
  const nextId = () => ids.pop()!;
  const elements: ElementRecord[] = [];
  for (const e of spec.elements) {
    const wanted = e.kind === 'app' || e.kind === 'store' ? 'system' : e.kind === 'component' ? 'app' : null;
    const parent = wanted === null ? undefined : pick(elements.filter((x) => x.kind === wanted), e.parent);
    const kind = wanted !== null && parent === undefined ? 'system' : e.kind;
    elements.push({ id: nextId(), kind, name: e.name, description: e.description, technology: e.technology, status: e.status, parentId: parent?.id ?? null, tags: e.tags, icon: e.icon, ...e.fact });
  }
  const relationships: RelationshipRecord[] = spec.relationships.map((r) => ({ id: nextId(), fromId: pick(elements, r.from)!.id, toId: pick(elements, r.to)!.id, label: r.label, technology: r.technology, kind: r.kind, lineShape: r.lineShape, ...r.fact }));
  const schemas: SchemaRecord[] = spec.schemas.map((s) => ({ id: nextId(), name: s.name, description: s.description, content: s.content, version: 1 }));
  const schemaId = (n: number | null) => (n === null ? null : (pick(schemas, n)?.id ?? null));
  const messages: MessageRecord[] = spec.messages.map((m) => ({ id: nextId(), name: m.name, description: m.description, producerId: pick(elements, m.producer)!.id, consumerIds: m.consumers.map((c) => pick(elements, c)!.id), schemaId: schemaId(m.schema), tags: m.tags, ...m.fact }));
  const operations: OperationRecord[] = spec.operations.map((o) => ({ id: nextId(), ownerId: pick(elements, o.owner)!.id, name: o.name, transport: o.transport, requestSchemaId: schemaId(o.request), responseSchemaId: schemaId(o.response), timeoutMs: o.timeoutMs, retry: o.retry, ...o.fact }));
  const channels: ChannelRecord[] = spec.channels.map((c) => ({ id: nextId(), name: c.name, kind: c.kind, ...c.fact }));
  const subscriptions: SubscriptionRecord[] = [];
  for (const s of spec.subscriptions) {
    const channel = pick(channels, s.channel);
    if (!channel) break;
    const deadLetter = s.deadLetter === null ? undefined : pick(channels.filter((c) => c.id !== channel.id), s.deadLetter);
    subscriptions.push({ id: nextId(), channelId: channel.id, consumerId: pick(elements, s.consumer)!.id, retry: s.retry, deadLetterChannelId: deadLetter?.id ?? null, ...s.fact });
  }
  const bindings: BindingRecord[] = [];
  const seen = new Set<string>();
  for (const b of spec.bindings) {
    const source = pick(channels.filter((c) => c.kind !== 'queue'), b.source);
    const target = source && pick(channels.filter((c) => c.kind !== 'topic' && c.id !== source.id), b.target);
    if (!source || !target) continue;
    const record: BindingRecord = { id: nextId(), sourceChannelId: source.id, targetChannelId: target.id, routingKey: b.routingKey, ...b.fact };
    if (seen.has(bindingKeyOf(record))) continue;
    seen.add(bindingKeyOf(record));
    bindings.push(record);
  }
  const model = snapshotFromRecords([
    ...elements.map((record) => ({ kind: 'element' as const, record })),
    ...relationships.map((record) => ({ kind: 'relationship' as const, record })),
    ...schemas.map((record) => ({ kind: 'schema' as const, record })),
    ...messages.map((record) => ({ kind: 'message' as const, record })),
    ...operations.map((record) => ({ kind: 'operation' as const, record })),
    ...channels.map((record) => ({ kind: 'channel' as const, record })),
    ...subscriptions.map((record) => ({ kind: 'subscription' as const, record })),
    ...bindings.map((record) => ({ kind: 'binding' as const, record })),
  ]);
  return { model, streamId };
}

const validModel = specArb.map(buildModel);

describe('properties of export and import', () => {
  it('(a) a valid model exported, parsed and imported into an empty model is accepted whole and exports to the same bytes', () => {
    fc.assert(
      fc.property(validModel, fc.constantFrom('json', 'yaml') as fc.Arbitrary<'json' | 'yaml'>, ({ model, streamId }, format) => {
        const text = serializeModelDocument('Project: yes', model, format);
        const parsed = format === 'json' ? parseJsonStrict(text) : parseYamlStrict(text);
        expect(parsed.ok).toBe(true);
        const document = (parsed as { value: unknown }).value;
        if (format === 'yaml') expect(loadWithJsYaml(text)).toEqual(JSON.parse(serializeModelDocument('Project: yes', model, 'json')));
        const result = planImport({ current: empty, document, projectId, streamId, foreignSchemaIds: new Set() });
        expect(result.refusals).toEqual([]);
        const total = modelKinds.reduce((sum, kind) => sum + model[kind].size, 0);
        expect(result.counts).toEqual({ added: total, changed: 0, unchanged: 0, refused: 0 });
        const imported = snapshotFromRecords(result.upserts);
        expect(serializeModelDocument('Project: yes', imported, format)).toBe(text);
        // And a second import of the same document over the result changes nothing.
        const again = planImport({ current: imported, document, projectId, streamId, foreignSchemaIds: new Set() });
        expect(again.counts).toEqual({ added: 0, changed: 0, unchanged: total, refused: 0 });
      }),
      { numRuns: 200 },
    );
  });

  const guidPool = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003'];
  const fieldNames = [...new Set(modelKinds.flatMap((kind) => recordFieldOrder[kind]))];
  const fieldValue = fc.oneof(fc.constantFrom(...guidPool), fc.jsonValue({ maxDepth: 2 }), fc.constantFrom('system', 'app', 'component', 'topic', 'queue', 'exchange', 'current', 'http', 'inferred', ''));
  const entryLike = fc.oneof(fc.dictionary(fc.constantFrom(...fieldNames, '__proto__', 'constructor'), fieldValue, { maxKeys: 12 }), fc.jsonValue({ maxDepth: 2 }));
  const documentLike = fc.dictionary(
    fc.constantFrom(...Object.values(sectionOfKind), 'version', 'project', '__proto__'),
    fc.oneof(fc.array(entryLike, { maxLength: 6 }), fc.jsonValue({ maxDepth: 2 })),
  );

  it('(b) any value as a document gives a plan, never an exception', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.jsonValue(), documentLike), (document) => {
        const result = planImport({ current: empty, document, projectId, streamId: guidPool[0]!, foreignSchemaIds: new Set([guidPool[1]!]) });
        expect(result.counts.added + result.counts.changed + result.counts.unchanged + result.counts.refused).toBe(result.items.length);
        expect(result.counts.refused).toBe(result.items.filter((item) => item.error !== null).length);
        if (result.refusals.length > 0) expect(result.upserts).toEqual([]);
        else expect(result.upserts).toHaveLength(result.counts.added + result.counts.changed);
        expect(typeof result.title).toBe('string');
      }),
      { numRuns: 1000 },
    );
  });

  it('(c) one field of a valid document changed to a wrong type refuses exactly that entry', () => {
    const wrongValue = fc.constantFrom<unknown>(true, false, [false], [true, 1]);
    const mutation = validModel.chain(({ model, streamId }) => {
      // Entries nothing refers to: refusing one cannot make another entry lose its reference.
      const leaves = importReadOrder.flatMap((kind) =>
        [...model[kind].keys()]
          .sort()
          .map((id, index) => ({ kind, id, index }))
          .filter(({ kind: k, id }) => findReferrers(model, k, id).length === 0),
      );
      return fc.record({ model: fc.constant(model), streamId: fc.constant(streamId), leaf: fc.constantFrom(...leaves), field: fc.nat(), value: wrongValue });
    });
    fc.assert(
      fc.property(mutation, ({ model, streamId, leaf, field, value }) => {
        const document = JSON.parse(serializeModelDocument('P', model, 'json')) as Record<string, Array<Record<string, unknown>>>;
        const fields = recordFieldOrder[leaf.kind].filter((name) => name !== 'version');
        const name = fields[field % fields.length]!;
        document[sectionOfKind[leaf.kind]]![leaf.index]![name] = value;
        const result = planImport({ current: empty, document, projectId, streamId, foreignSchemaIds: new Set() });
        const refused = result.items.flatMap((item, position) => (item.change === 'refused' ? [{ item, position }] : []));
        expect(refused).toHaveLength(1);
        const before = importReadOrder.slice(0, importReadOrder.indexOf(leaf.kind)).reduce((sum, kind) => sum + model[kind].size, 0);
        expect(refused[0]!.position).toBe(before + leaf.index);
        expect(refused[0]!.item.kind).toBe(leaf.kind);
        expect(refused[0]!.item.error).toContain(`${name}`);
        expect(result.refusals).toHaveLength(1);
        expect(result.upserts).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

/** A document at every list limit at once, valid, written as JSON text. */
function documentAtLimits(): { document: Record<string, unknown[]>; streamId: string } {
  let n = 0;
  const id = () => `00000000-0000-4000-8000-${(++n).toString(16).padStart(12, '0')}`;
  const elements: ElementRecord[] = [];
  const fact = { factStatus: 'declared' as const, provenance: null, stale: null };
  const element = (kind: ElementRecord['kind'], parentId: string | null) => {
    const record: ElementRecord = { id: id(), kind, name: `${kind} ${n}`, description: 'An element of the timing test.', technology: 'TypeScript', status: 'current', parentId, tags: ['a', 'b'], icon: null, ...fact };
    elements.push(record);
    return record;
  };
  // The children are listed before their parents, so the parent-first ordering is exercised too.
  for (let s = 0; s < 100; s++) {
    const system = element('system', null);
    for (let a = 0; a < 9; a++) {
      const app = element('app', system.id);
      for (let c = 0; c < 4; c++) element('component', app.id);
    }
    for (let d = 0; d < 4; d++) element('store', system.id);
  }
  while (elements.length < 5000) element('actor', null);
  elements.reverse();
  const e = (i: number) => elements[i % elements.length]!.id;
  const schemas = Array.from({ length: 200 }, (_, i) => ({ id: id(), name: `Schema ${i}`, description: null, content: `{"type":"object","title":"${i}"}` }));
  const channelKinds = ['topic', 'exchange', 'queue'] as const;
  const channels = Array.from({ length: 5000 }, (_, i) => ({ id: id(), name: `channel ${i}`, kind: channelKinds[i % 3]!, ...fact }));
  const sources = channels.filter((c) => c.kind !== 'queue');
  const targets = channels.filter((c) => c.kind !== 'topic');
  const bindings = Array.from({ length: 5000 }, (_, i) => {
    const source = sources[i % sources.length]!;
    const target = targets.find((t, k) => k >= (i * 7) % targets.length && t.id !== source.id) ?? targets.find((t) => t.id !== source.id)!;
    return { id: id(), sourceChannelId: source.id, targetChannelId: target.id, routingKey: `key.${i}`, ...fact };
  });
  const document = {
    elements,
    relationships: Array.from({ length: 10000 }, (_, i) => ({ id: id(), fromId: e(i), toId: e(i * 31 + 7), label: `calls ${i}`, technology: 'HTTPS', kind: 'behavioural', lineShape: null, ...fact })),
    messages: Array.from({ length: 5000 }, (_, i) => ({ id: id(), name: `Message ${i}`, description: null, producerId: e(i), consumerIds: [e(i + 1), e(i + 2)], schemaId: schemas[i % 200]!.id, tags: [], ...fact })),
    schemas,
    operations: Array.from({ length: 5000 }, (_, i) => ({ id: id(), ownerId: e(i), name: `op${i}`, transport: 'http', requestSchemaId: schemas[i % 200]!.id, responseSchemaId: null, timeoutMs: 1000, retry: { maxAttempts: 3, backoffMs: 100 }, factStatus: 'inferred', provenance: { source: 'src/a.ts', revision: null, confidence: 0.8, acceptedBy: null, acceptedAt: null }, stale: null })),
    channels,
    subscriptions: Array.from({ length: 5000 }, (_, i) => ({ id: id(), channelId: channels[i]!.id, consumerId: e(i), retry: null, deadLetterChannelId: channels[(i + 1) % 5000]!.id, ...fact })),
    bindings,
  };
  return { document, streamId: id() };
}

describe('timing at every list limit at once (logged, not asserted)', () => {
  it('plans, re-plans and exports a full document', () => {
    const { document, streamId } = documentAtLimits();
    const text = JSON.stringify(document);
    const time = <T>(label: string, run: () => T): T => {
      const start = performance.now();
      const value = run();
      console.log(`${label}: ${(performance.now() - start).toFixed(0)} ms`);
      return value;
    };
    const parsed = time(`parseJsonStrict (${(text.length / 1e6).toFixed(1)} MB)`, () => parseJsonStrict(text));
    expect(parsed.ok).toBe(true);
    const first = time('planImport into an empty model (40,200 entries)', () => planImport({ current: empty, document: (parsed as { value: unknown }).value, projectId, streamId, foreignSchemaIds: new Set() }));
    expect(first.refusals).toEqual([]);
    expect(first.counts.added).toBe(40_200);
    const current = snapshotFromRecords(first.upserts);
    const second = time('planImport of the same document over the result', () => planImport({ current, document, projectId, streamId, foreignSchemaIds: new Set() }));
    expect(second.counts.unchanged).toBe(40_200);
    time('serializeModelDocument json', () => serializeModelDocument('P', current, 'json'));
    const yaml = time('serializeModelDocument yaml', () => serializeModelDocument('P', current, 'yaml'));
    time('parseYamlStrict of that export', () => parseYamlStrict(yaml));
    // The YAML package alone takes seconds here; the limit only keeps a loaded machine from failing the run.
  }, 180_000);
});

