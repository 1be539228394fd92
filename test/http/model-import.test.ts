import { randomUUID } from 'node:crypto';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, rawRequest } from '../support/http-client';
import { fullModelDocument, idFor, sections, sortedById, startModelService, uuidV5, type ModelService, type Person, type Project } from '../support/model-api';

/**
 * Model document export and import over HTTP against the built server (part 1
 * "Model document", "Errors", "Limits"): the round trip between projects,
 * idempotence, JSON and YAML, previews, refusals that write nothing, the
 * version guard, list rules, limits, stale marks and access.
 */

const importLimitBytes = 16_777_216;

/**
 * What a model document exported from one project becomes once imported into
 * `targetProjectId` (named `targetName`): the same document, except the
 * project name and the schema IDs that the source project owns, which get
 * uuidv5(target project ID, schema ID) (import rule 9), references included.
 */
function rekeyedFor(document: any, targetProjectId: string, targetName: string): any {
  const rekey = (schemaId: string | null) => (schemaId === null ? null : uuidV5(targetProjectId, schemaId));
  const copy = structuredClone(document);
  copy.project.name = targetName;
  copy.schemas = sortedById(copy.schemas.map((s: any) => ({ ...s, id: rekey(s.id) })));
  for (const message of copy.messages) message.schemaId = rekey(message.schemaId);
  for (const operation of copy.operations) {
    operation.requestSchemaId = rekey(operation.requestSchemaId);
    operation.responseSchemaId = rekey(operation.responseSchemaId);
  }
  return copy;
}

/** The JSON export's own formatting: indented by 2, one final newline. */
const asExportText = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;

/** The seed as the export writes it: lists by ID, the target's project name. */
function exportedForm(document: ReturnType<typeof fullModelDocument>, projectName: string) {
  return { version: '1.0', project: { name: projectName }, ...Object.fromEntries(sections.map((s) => [s, sortedById(document[s] as { id: string }[])])) };
}

describe('model document export and import over HTTP', () => {
  let m: ModelService;
  let workspaceId: string;
  let source: Project;
  let seed: ReturnType<typeof fullModelDocument>;
  let sourceExport: string;

  /** A fresh, empty project of the workspace. */
  const freshProject = (name: string) => m.createProject(workspaceId, name);

  /** Export text and version of a project, to compare before and after a call that must write nothing. */
  async function snapshot(projectId: string) {
    const { text, version } = await m.exportModel(projectId);
    expect(await m.modelVersion(projectId)).toBe(version);
    return { text, version };
  }

  beforeAll(async () => {
    m = await startModelService();
    workspaceId = await m.createWorkspace('Imports');
    source = await freshProject('Source');
    seed = fullModelDocument(randomUUID());
  });

  afterAll(async () => {
    await m?.stop();
  });

  describe('round trip', () => {
    it('seeds a model holding every kind and every optional field through an import', async () => {
      const answer = await m.importModel(source.id, seed);
      expect(answer.status, answer.text).toBe(200);
      const entries = sections.reduce((n, s) => n + seed[s].length, 0);
      expect(answer.json).toMatchObject({ applied: true, modelVersion: 0, added: entries, changed: 0, unchanged: 0, refused: 0 });
      expect(answer.json.items).toHaveLength(entries);
      for (const item of answer.json.items) {
        expect(Object.keys(item).sort()).toEqual(['change', 'error', 'id', 'importedAs', 'kind', 'name']);
        expect(item).toMatchObject({ change: 'added', error: null, importedAs: null });
      }
      // Rule 6 read order: elements, relationships, messages, channels, operations, subscriptions, bindings, schemas.
      const order = [...new Set(answer.json.items.map((i: any) => i.kind))];
      expect(order).toEqual(['element', 'relationship', 'message', 'channel', 'operation', 'subscription', 'binding', 'schema']);
      expect(answer.json.items.find((i: any) => i.kind === 'relationship' && i.id === seed.relationships[0]!.id).name).toBe('buys via');
      // One import is one committed change; the Model-Version header is main's version after it.
      expect(await m.modelVersion(source.id)).toBe(1);
      expect(Number(answer.headers.get('model-version'))).toBe(1);
    });

    it('the export holds the seed exactly, lists ordered by ID, under the project name (the document name is not read)', async () => {
      const answer = await m.api('GET', `/api/projects/${source.id}/export`, { session: m.admin.session });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      sourceExport = answer.text;
      expect(JSON.parse(sourceExport)).toEqual(exportedForm(seed, 'Source'));
      // Indented JSON, and the same model gives the same bytes.
      expect(sourceExport).toBe(asExportText(JSON.parse(sourceExport)));
      expect((await m.exportModel(source.id)).text).toBe(sourceExport);
      expect((await m.api('GET', `/api/projects/${source.id}`, { session: m.admin.session })).json.name).toBe('Source');
    });

    it('export → import into an EMPTY second project → export is byte-identical except the project name and the re-keyed schema IDs', async () => {
      const target = await freshProject('Target');
      const answer = await m.importModel(target.id, sourceExport);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json).toMatchObject({ applied: true, refused: 0, changed: 0, unchanged: 0 });
      // The schemas belong to Source, so they get IDs of their own here; the item names both.
      for (const schema of seed.schemas) {
        const item = answer.json.items.find((i: any) => i.kind === 'schema' && i.id === schema.id);
        expect(item).toMatchObject({ change: 'added', importedAs: uuidV5(target.id, schema.id) });
      }
      const targetExport = (await m.exportModel(target.id)).text;
      expect(targetExport).toBe(asExportText(rekeyedFor(JSON.parse(sourceExport), target.id, 'Target')));
      // The source project's schemas are neither read nor changed.
      expect((await m.exportModel(source.id)).text).toBe(sourceExport);

      // The same document again changes and adds nothing (the same derived IDs), and raises no version.
      const version = await m.modelVersion(target.id);
      const again = await m.importModel(target.id, sourceExport);
      expect(again.status).toBe(200);
      expect(again.json).toMatchObject({ modelVersion: version, added: 0, changed: 0, refused: 0, unchanged: answer.json.items.length });
      expect(await m.modelVersion(target.id)).toBe(version);
      expect((await m.exportModel(target.id)).text).toBe(targetExport);

      // A later document that names a Source schema only in a reference is rewritten the same way.
      const messageId = randomUUID();
      const later = await m.importModel(target.id, { messages: [{ id: messageId, name: 'Later', producerId: seed.elements[1]!.id, schemaId: seed.schemas[0]!.id }] });
      expect(later.status, later.text).toBe(200);
      expect((await m.api('GET', `/api/projects/${target.id}/messages/${messageId}`, { session: m.admin.session })).json.schemaId).toBe(uuidV5(target.id, seed.schemas[0]!.id));
      expect((await m.api('DELETE', `/api/projects/${target.id}/messages/${messageId}`, { session: m.admin.session })).status).toBe(204);
      expect((await m.exportModel(target.id)).text).toBe(targetExport);
      const afterLater = await m.modelVersion(target.id);

      // Its own export imports back into it unchanged: those schema IDs are its own now.
      const own = await m.importModel(target.id, targetExport);
      expect(own.json).toMatchObject({ added: 0, changed: 0, refused: 0 });
      expect(own.json.items.every((i: any) => i.importedAs === null)).toBe(true);
      expect(await m.modelVersion(target.id)).toBe(afterLater);
    });

    it('rule 9: a project that holds a schema ID keeps it on import, even while another project holds the same ID', async () => {
      // Two projects can hold one schema ID (imports that ran at the same moment, or data from before rule 9).
      const twin = await freshProject('Twin');
      await m.database.pool.query(
        `insert into model_entities (stream_id, id, kind, body) select $1, id, kind, body from model_entities where stream_id = $2 and kind = 'schema'`,
        [twin.id, source.id],
      );
      const before = await snapshot(source.id);
      const answer = await m.importModel(source.id, before.text);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json).toMatchObject({ modelVersion: before.version, added: 0, changed: 0, refused: 0 });
      expect(answer.json.items.filter((i: any) => i.kind === 'schema').every((i: any) => i.importedAs === null && i.change === 'unchanged')).toBe(true);
      expect(await snapshot(source.id)).toEqual(before);

      // The per-kind endpoints obey the same rule: a new schema with another project's ID gets this project's derived ID, and references follow.
      const other = await freshProject('Other');
      const created = await m.api('POST', `/api/projects/${other.id}/schemas`, { session: m.admin.session, json: { ...seed.schemas[0], description: null } });
      expect(created.status, created.text).toBe(201);
      expect(created.json.id).toBe(uuidV5(other.id, seed.schemas[0]!.id));
      // In a project that holds the ID, a create answers that the ID is in use rather than re-keying it.
      const again = await m.api('POST', `/api/projects/${twin.id}/schemas`, { session: m.admin.session, json: { ...seed.schemas[0], description: null } });
      expect(again.status, again.text).toBe(409);
    });

    it('a second import of the same document into the same project changes nothing: every item unchanged, modelVersion not raised', async () => {
      const before = await snapshot(source.id);
      const answer = await m.importModel(source.id, seed);
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ modelVersion: before.version, added: 0, changed: 0, refused: 0 });
      expect(Number(answer.headers.get('model-version'))).toBe(before.version);
      expect(answer.json.items.every((i: any) => i.change === 'unchanged' && i.importedAs === null)).toBe(true);
      expect(answer.json.unchanged).toBe(answer.json.items.length);
      expect(await snapshot(source.id)).toEqual(before);
      // The export itself, re-imported, is the same no-op.
      const exported = await m.importModel(source.id, sourceExport);
      expect(exported.json).toMatchObject({ added: 0, changed: 0, refused: 0 });
      expect(await snapshot(source.id)).toEqual(before);
    });

    it('the JSON and YAML exports describe the same model', async () => {
      const answer = await m.api('GET', `/api/projects/${source.id}/export?format=yaml`, { session: m.admin.session });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/x-yaml/);
      expect(yaml.load(answer.text)).toEqual(JSON.parse(sourceExport));
      expect(yaml.load(answer.text, { schema: yaml.CORE_SCHEMA })).toEqual(JSON.parse(sourceExport));
      expectProblem(await m.api('GET', `/api/projects/${source.id}/export?format=xml`, { session: m.admin.session }), 400);
    });

    it('a YAML document (Content-Type application/x-yaml) imports like the JSON one', async () => {
      const yamlText = (await m.exportModel(source.id, 'yaml')).text;
      const target = await freshProject('From YAML');
      const answer = await m.importModel(target.id, yamlText, '', { contentType: 'application/x-yaml' });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json).toMatchObject({ applied: true, refused: 0 });
      expect((await m.exportModel(target.id)).text).toBe(asExportText(rekeyedFor(JSON.parse(sourceExport), target.id, 'From YAML')));

      // A hand-written YAML document, with a comment and flow style.
      const handWritten = await freshProject('Hand-written YAML');
      const channelId = randomUUID();
      const text = `# one channel\nversion: "1.0"\nchannels:\n  - {id: ${channelId}, name: "yes", kind: queue}\n`;
      const written = await m.importModel(handWritten.id, text, '', { contentType: 'text/yaml; charset=utf-8' });
      expect(written.status, written.text).toBe(200);
      expect(JSON.parse((await m.exportModel(handWritten.id)).text).channels).toEqual([{ id: channelId, name: 'yes', kind: 'queue', factStatus: 'declared', provenance: null, stale: null }]);

      // JSON is also YAML, but YAML sent as JSON is not JSON.
      const asJson = await m.importModel(handWritten.id, text);
      expectProblem(asJson, 400, 'invalid_export');
    });
  });

  describe('previews, refusals and the version guard', () => {
    /** A document that changes one element, adds a channel, and holds `bad` entries besides. */
    function mixedDocument(bad: Partial<Record<(typeof sections)[number], unknown[]>> = {}) {
      const changed = { ...seed.elements[0]!, name: 'Customer (renamed)' };
      const added = { id: randomUUID(), name: 'new-queue', kind: 'queue' };
      return {
        elements: [changed, ...(bad.elements ?? [])],
        channels: [added, ...(bad.channels ?? [])],
        ...Object.fromEntries(Object.entries(bad).filter(([k]) => k !== 'elements' && k !== 'channels')),
      };
    }

    it('a dry run answers what would happen and writes nothing', async () => {
      const before = await snapshot(source.id);
      const answer = await m.importModel(source.id, mixedDocument(), '?dryRun=true');
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json).toMatchObject({ applied: false, modelVersion: before.version, added: 1, changed: 1, unchanged: 0, refused: 0 });
      expect(answer.json.items.map((i: any) => [i.kind, i.change])).toEqual([['element', 'changed'], ['channel', 'added']]);
      expect(Number(answer.headers.get('model-version'))).toBe(before.version);
      expect(await snapshot(source.id)).toEqual(before);
    });

    it('a dry run with refused entries answers 200 naming them, and writes nothing', async () => {
      const before = await snapshot(source.id);
      const badBinding = { id: randomUUID(), sourceChannelId: randomUUID(), targetChannelId: seed.channels[1]!.id };
      const badElement = { id: randomUUID(), kind: 'app', name: 'orphan', status: 'current' };
      const answer = await m.importModel(source.id, mixedDocument({ bindings: [badBinding], elements: [badElement] }), '?dryRun=true');
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json).toMatchObject({ applied: false, modelVersion: before.version, added: 1, changed: 1, refused: 2 });
      const refused = answer.json.items.filter((i: any) => i.change === 'refused');
      expect(refused.map((i: any) => `${i.kind}:${i.id}`).sort()).toEqual([`binding:${badBinding.id}`, `element:${badElement.id}`].sort());
      expect(refused.find((i: any) => i.kind === 'binding').error).toMatch(/sourceChannelId/);
      expect(refused.find((i: any) => i.kind === 'element').error).toMatch(/parentId/);
      expect(await snapshot(source.id)).toEqual(before);
    });

    it('a dry run and the import name every member they ignore (a misspelt field) with its JSON path; a clean document has ignored []', async () => {
      // A project of its own: the import below writes, and the later tests of this group expect the seed unchanged.
      const project = await freshProject('Ignored members');
      const before = await snapshot(project.id);
      const document = mixedDocument();
      const misspelt = { ...document, elements: [{ ...(document.elements[0] as object), nmae: 'Typo' }], channels: [{ ...(document.channels[0] as object), provenance: { sorce: 'git:x' } }] };
      const expected = [
        { path: '$.elements[0].nmae', reason: 'an element has no field nmae (did you mean name?); ignored' },
        { path: '$.channels[0].provenance.sorce', reason: 'provenance has no field sorce (did you mean source?); ignored' },
      ];
      const preview = await m.importModel(project.id, misspelt, '?dryRun=true');
      expect(preview.status, preview.text).toBe(200);
      expect(preview.json).toMatchObject({ applied: false, added: 2, changed: 0, ignored: expected });
      expect(await snapshot(project.id)).toEqual(before);

      const applied = await m.importModel(project.id, misspelt);
      expect(applied.status, applied.text).toBe(200);
      expect(applied.json).toMatchObject({ applied: true, added: 2, changed: 0, ignored: expected });
      // What was ignored is not stored: the export holds no member of that name.
      const exported = (await m.exportModel(project.id)).text;
      expect(exported).not.toContain('nmae');
      expect(exported).not.toContain('sorce');

      const clean = await m.importModel(project.id, JSON.parse(exported), '?dryRun=true');
      expect(clean.json).toMatchObject({ changed: 0, added: 0, ignored: [] });
    });

    it('a dry run of a document or list that is refused whole answers 400 invalid_export, as the import does', async () => {
      const before = await snapshot(source.id);
      for (const [document, field] of [
        [{ elements: null }, 'elements'],
        [{ bindings: 'x' }, 'bindings'],
        [{ ...mixedDocument(), channels: {} }, 'channels'],
        [[], 'document'],
      ] as const) {
        for (const query of ['?dryRun=true', '']) {
          const problem = expectProblem(await m.importModel(source.id, document, query), 400, 'invalid_export');
          expect(problem.errors.map((e) => e.field), `${JSON.stringify(document).slice(0, 80)} ${query}`).toContain(field);
        }
      }
      expect(await snapshot(source.id)).toEqual(before);
    });

    it('a refused import answers 400 invalid_export: the title names the first refused entry, one errors item per refused entry, nothing written', async () => {
      const before = await snapshot(source.id);
      const bad = {
        elements: [{ id: randomUUID(), kind: 'system', name: 'Bad status', status: 'active' }],
        relationships: [{ id: randomUUID(), fromId: seed.elements[0]!.id, toId: randomUUID() }],
        messages: [{ id: randomUUID(), name: 'm', producerId: seed.elements[1]!.id, schemaId: randomUUID() }],
        channels: [{ id: randomUUID(), name: 'stream', kind: 'stream' }],
        operations: [{ id: randomUUID(), ownerId: seed.elements[1]!.id, name: 'slow', transport: 'http', timeoutMs: 3_600_001 }],
        subscriptions: [{ id: randomUUID(), channelId: seed.channels[1]!.id, consumerId: seed.elements[1]!.id, deadLetterChannelId: seed.channels[1]!.id }],
        bindings: [{ id: randomUUID(), sourceChannelId: seed.channels[1]!.id, targetChannelId: seed.channels[0]!.id }],
        schemas: [{ id: randomUUID(), name: '', content: 'x' }],
      };
      const document = mixedDocument(bad);
      const answer = await m.importModel(source.id, document);
      const problem = expectProblem(answer, 400, 'invalid_export');
      const badElement = bad.elements[0]!;
      expect(problem.title).toContain('element');
      expect(problem.title).toContain(badElement.id);
      expect(problem.title).toContain('status');
      const expectedFields = [
        `element:${badElement.id}`,
        `relationship:${bad.relationships[0]!.id}`,
        `message:${bad.messages[0]!.id}`,
        `channel:${bad.channels[0]!.id}`,
        `operation:${bad.operations[0]!.id}`,
        `subscription:${bad.subscriptions[0]!.id}`,
        `binding:${bad.bindings[0]!.id}`,
        `schema:${bad.schemas[0]!.id}`,
      ];
      expect(problem.errors.map((e) => e.field).sort()).toEqual(expectedFields.sort());
      const messageOf = (field: string) => problem.errors.find((e) => e.field === field)!.message;
      expect(messageOf(`element:${badElement.id}`)).toMatch(/status/);
      expect(messageOf(`relationship:${bad.relationships[0]!.id}`)).toMatch(/toId/);
      expect(messageOf(`message:${bad.messages[0]!.id}`)).toMatch(/schemaId/);
      expect(messageOf(`channel:${bad.channels[0]!.id}`)).toMatch(/kind/);
      expect(messageOf(`operation:${bad.operations[0]!.id}`)).toMatch(/timeoutMs/);
      expect(messageOf(`subscription:${bad.subscriptions[0]!.id}`)).toMatch(/deadLetterChannelId/);
      expect(messageOf(`binding:${bad.bindings[0]!.id}`)).toMatch(/sourceChannelId/);
      expect(messageOf(`schema:${bad.schemas[0]!.id}`)).toMatch(/name/);
      expect(await snapshot(source.id)).toEqual(before);
    });

    it('more refusals: a changed element kind, a schema ID used twice or equal to the project ID, a label without its provenance', async () => {
      const before = await snapshot(source.id);
      const twice = randomUUID();
      const cases: [unknown, string][] = [
        [{ elements: [{ ...seed.elements[1]!, kind: 'actor' }] }, `element:${seed.elements[1]!.id}`],
        [{ schemas: [{ id: twice, name: 'a', content: 'a' }, { id: twice, name: 'b', content: 'b' }] }, `schema:${twice}`],
        [{ schemas: [{ id: source.id, name: 'stream', content: 'x' }] }, `schema:${source.id}`],
        [{ channels: [{ id: randomUUID(), name: 'c', kind: 'queue', factStatus: 'observed-in-source' }] }, 'channel:'],
        [{ channels: [{ id: randomUUID(), name: 'c', kind: 'queue', factStatus: 'inferred', provenance: { source: 'ai' } }] }, 'channel:'],
        [{ elements: [{ id: randomUUID(), kind: 'actor', name: 'bell\u0007', status: 'current' }] }, 'element:'],
        [{ channels: [{ id: seed.elements[0]!.id, name: 'clash', kind: 'queue' }] }, `channel:${seed.elements[0]!.id}`],
      ];
      for (const [document, field] of cases) {
        const problem = expectProblem(await m.importModel(source.id, document), 400, 'invalid_export');
        expect(problem.errors.some((e) => e.field.startsWith(field)), `${JSON.stringify(problem.errors)} names ${field}`).toBe(true);
      }
      expect(await snapshot(source.id)).toEqual(before);
    });

    it('expectedVersion of a stale preview answers 409 conflict and writes nothing; of a current one, the import is applied', async () => {
      const document = mixedDocument();
      const preview = await m.importModel(source.id, document, '?dryRun=true');
      expect(preview.json.applied).toBe(false);
      const previewVersion: number = preview.json.modelVersion;

      // Main moves on after the preview.
      const edit = await m.api('POST', `/api/projects/${source.id}/channels`, { session: m.admin.session, json: { name: 'meanwhile', kind: 'topic' } });
      expect(edit.status).toBe(201);
      const before = await snapshot(source.id);
      expect(before.version).toBe(previewVersion + 1);

      const stale = await m.importModel(source.id, document, `?expectedVersion=${previewVersion}`);
      expectProblem(stale, 409, 'conflict');
      expect(await snapshot(source.id)).toEqual(before);

      const fresh = await m.importModel(source.id, document, '?dryRun=true');
      expect(fresh.json.modelVersion).toBe(before.version);
      const applied = await m.importModel(source.id, document, `?expectedVersion=${fresh.json.modelVersion}`);
      expect(applied.status, applied.text).toBe(200);
      expect(applied.json).toMatchObject({ applied: true, modelVersion: before.version, added: 1, changed: 1 });
      expect(await m.modelVersion(source.id)).toBe(before.version + 1);
      const exported = JSON.parse((await m.exportModel(source.id)).text);
      expect(exported.elements.find((e: any) => e.id === seed.elements[0]!.id).name).toBe('Customer (renamed)');
      expect(exported.channels.map((c: any) => c.name)).toContain('new-queue');

      expectProblem(await m.importModel(source.id, document, '?expectedVersion=abc'), 400);
    });
  });

  describe('document rules', () => {
    let project: Project;
    beforeAll(async () => {
      project = await freshProject('Document rules');
    });

    it('a list that is null, or that holds null, is refused; nothing is written', async () => {
      const channel = { id: randomUUID(), name: 'ok', kind: 'queue' };
      const nullList = expectProblem(await m.importModel(project.id, { channels: [channel], elements: null }), 400, 'invalid_export');
      expect(nullList.errors.map((e) => e.field)).toEqual(['elements']);
      const holdsNull = expectProblem(await m.importModel(project.id, { channels: [channel, null] }), 400, 'invalid_export');
      expect(holdsNull.errors).toHaveLength(1);
      expect(holdsNull.errors[0]!.field).toMatch(/^channel:/);
      const notList = expectProblem(await m.importModel(project.id, { bindings: {} }), 400, 'invalid_export');
      expect(notList.errors.map((e) => e.field)).toEqual(['bindings']);
      expect(await m.modelVersion(project.id)).toBe(0);
    });

    it('a missing list reads as empty; a document without bindings imports; the version field and unknown fields are not read', async () => {
      const empty = await m.importModel(project.id, {});
      expect(empty.status).toBe(200);
      expect(empty.json).toMatchObject({ added: 0, changed: 0, unchanged: 0, refused: 0, items: [] });
      expect(await m.modelVersion(project.id)).toBe(0);

      const old = fullModelDocument(randomUUID()) as Record<string, unknown>;
      delete old.bindings;
      delete old.project;
      old.version = '0.1';
      (old.channels as any[])[0].futureField = { anything: true };
      old.futureSection = [1, 2, 3];
      const answer = await m.importModel(project.id, old);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.refused).toBe(0);
      expect(answer.json.items.some((i: any) => i.kind === 'binding')).toBe(false);
      const exported = JSON.parse((await m.exportModel(project.id)).text);
      expect(exported.bindings).toEqual([]);
      expect(exported.channels).toHaveLength((old.channels as unknown[]).length);
      expect(exported.channels.every((c: any) => !('futureField' in c))).toBe(true);
      expect(exported.project.name).toBe('Document rules');
    });

    it('duplicate JSON keys, a body that is not JSON, not UTF-8, or not an object answer 400 invalid_export', async () => {
      const before = await snapshot(project.id);
      const id = randomUUID();
      for (const body of [
        `{"channels":[],"channels":[{"id":"${id}","name":"a","kind":"queue"}]}`,
        `{"channels":[{"id":"${id}","name":"a","name":"b","kind":"queue"}]}`,
        '{"channels":[',
        '',
        '[]',
        '"text"',
      ]) {
        expectProblem(await m.importModel(project.id, body), 400, 'invalid_export');
      }
      const latin1 = Buffer.from(`{"channels":[{"id":"${id}","name":"caf\xe9","kind":"queue"}]}`, 'latin1');
      const answer = await m.api('POST', `/api/projects/${project.id}/import`, { session: m.admin.session, body: latin1, headers: { 'content-type': 'application/json' } });
      expectProblem(answer, 400, 'invalid_export');
      expect(await snapshot(project.id)).toEqual(before);
    });

    it('a list over its limit (201 schemas) answers 400 import_too_large; 200 schemas import', async () => {
      const schemas = (n: number) => Array.from({ length: n }, (_, i) => ({ id: randomUUID(), name: `s${i}`, content: `schema ${i}` }));
      const target = await freshProject('Schema limit');
      const tooMany = expectProblem(await m.importModel(target.id, { schemas: schemas(201) }), 400, 'import_too_large');
      expect(tooMany.errors.map((e) => e.field)).toEqual(['schemas']);
      expect(await m.modelVersion(target.id)).toBe(0);
      const atLimit = await m.importModel(target.id, { schemas: schemas(200) });
      expect(atLimit.status, atLimit.text.slice(0, 300)).toBe(200);
      expect(atLimit.json.added).toBe(200);

      const elements = Array.from({ length: 5001 }, (_, i) => ({ id: randomUUID(), kind: 'actor', name: `a${i}`, status: 'current' }));
      expectProblem(await m.importModel(target.id, { elements }), 400, 'import_too_large');
      expect(await m.modelVersion(target.id)).toBe(1);
    });

    it('a body over 16777216 bytes answers 413 import_too_large without the body being read; one of exactly the limit is read', async () => {
      const target = await freshProject('Body limit');
      const head = [
        `POST /api/projects/${target.id}/import HTTP/1.1`,
        `Host: 127.0.0.1`,
        `Cookie: svc_session=${m.admin.session}`,
        'Content-Type: application/json',
        `Content-Length: ${importLimitBytes + 1}`,
        '',
        '',
      ].join('\r\n');
      const started = Date.now();
      // Only the head and a few bytes are sent: an answer must come while the rest of the body never does.
      const answer = await rawRequest(m.service.url, [head, '{"channels":'], 5_000);
      expect(Date.now() - started).toBeLessThan(5_000);
      expectProblem(answer, 413, 'import_too_large');
      expect(await m.modelVersion(target.id)).toBe(0);

      const id = randomUUID();
      const json = `{"channels":[{"id":"${id}","name":"big","kind":"queue"}]}`;
      const exact = json + ' '.repeat(importLimitBytes - Buffer.byteLength(json));
      expect(Buffer.byteLength(exact)).toBe(importLimitBytes);
      const accepted = await m.importModel(target.id, exact);
      expect(accepted.status, accepted.text.slice(0, 300)).toBe(200);
      expect(accepted.json.added).toBe(1);
      // One byte more, sent whole: the answer is 413 (the server may close the connection before the body is in,
      // which fetch reports as a failed write, so a raw socket sends this one).
      const over = await rawRequest(m.service.url, [head, Buffer.from(`${exact} `)], 10_000);
      expectProblem(over, 413, 'import_too_large');
      expect(JSON.parse((await m.exportModel(target.id)).text).channels).toHaveLength(1);
    });
  });

  describe('upsert by ID', () => {
    it('updates to the document values (a nullable field null or missing is cleared), leaves absent objects alone, counts schema versions', async () => {
      const project = await freshProject('Upsert');
      const s = randomUUID();
      const system = { id: idFor(s, 'system'), kind: 'system', name: 'Shop', description: 'old', technology: 'k8s', status: 'current', tags: ['a'], icon: 'shop' };
      const other = { id: idFor(s, 'other'), kind: 'actor', name: 'Other', status: 'current' };
      const schema = { id: idFor(s, 'schema'), name: 'Order', content: 'v1', version: 7 };
      const operation = { id: idFor(s, 'op'), ownerId: system.id, name: 'Get', transport: 'http', timeoutMs: 100, retry: { maxAttempts: 2, backoffMs: 5 }, requestSchemaId: schema.id };
      const first = await m.importModel(project.id, { elements: [system, other], schemas: [schema], operations: [operation] });
      expect(first.status, first.text).toBe(200);
      let document = JSON.parse((await m.exportModel(project.id)).text);
      expect(document.schemas[0].version).toBe(1);

      const second = await m.importModel(project.id, {
        elements: [{ id: system.id.toUpperCase(), kind: 'system', name: 'Shop 2', description: null, status: 'planned' }],
        schemas: [{ ...schema, content: 'v2', version: 1 }],
        operations: [{ id: operation.id, ownerId: system.id, name: 'Get', transport: 'grpc' }],
      });
      expect(second.status, second.text).toBe(200);
      expect(second.json).toMatchObject({ added: 0, changed: 3, unchanged: 0 });
      document = JSON.parse((await m.exportModel(project.id)).text);
      expect(document.elements.find((e: any) => e.id === system.id)).toEqual({ ...system, name: 'Shop 2', description: null, technology: null, status: 'planned', parentId: null, tags: [], icon: null, factStatus: 'declared', provenance: null, stale: null });
      expect(document.elements.find((e: any) => e.id === other.id).name).toBe('Other');
      expect(document.schemas).toEqual([{ id: schema.id, name: 'Order', description: null, content: 'v2', version: 2 }]);
      expect(document.operations).toEqual([{ id: operation.id, ownerId: system.id, name: 'Get', transport: 'grpc', requestSchemaId: null, responseSchemaId: null, timeoutMs: null, retry: null, factStatus: 'declared', provenance: null, stale: null }]);

      // A renamed schema keeps its version; one with new content counts up again.
      await m.importModel(project.id, { schemas: [{ ...schema, name: 'Order (renamed)', content: 'v2' }] });
      await m.importModel(project.id, { schemas: [{ ...schema, content: 'v3' }] });
      expect(JSON.parse((await m.exportModel(project.id)).text).schemas[0]).toMatchObject({ name: 'Order', content: 'v3', version: 3 });
    });

    it('rule 4: "fromId and toId of an existing relationship do not change": the stored ends stay, the rest updates, the other ends are reported as ignored', async () => {
      const project = await freshProject('Ends');
      const s = randomUUID();
      const [a, b, c] = ['a', 'b', 'c'].map((n) => ({ id: idFor(s, n), kind: 'system', name: n.toUpperCase(), status: 'current' }));
      const link = { id: idFor(s, 'link'), fromId: a!.id, toId: b!.id, label: 'calls' };
      expect((await m.importModel(project.id, { elements: [a, b, c], relationships: [link] })).status).toBe(200);
      const moved = { relationships: [{ ...link, toId: c!.id, label: 'calls over HTTP' }] };
      const preview = await m.importModel(project.id, moved, '?dryRun=true');
      expect(preview.status, preview.text).toBe(200);
      expect(preview.json).toMatchObject({ applied: false, changed: 1, refused: 0 });
      expect(preview.json.ignored).toEqual([{ path: '$.relationships[0].toId', reason: expect.stringContaining(`does not change (it stays ${b!.id})`) }]);
      const applied = await m.importModel(project.id, moved);
      expect(applied.status, applied.text).toBe(200);
      expect(applied.json.ignored).toEqual(preview.json.ignored);
      const stored = JSON.parse((await m.exportModel(project.id)).text).relationships[0];
      expect(stored).toMatchObject({ fromId: a!.id, toId: b!.id, label: 'calls over HTTP' });
      // The edit endpoint names the end it will not change.
      const edit = await m.api('PUT', `/api/projects/${project.id}/relationships/${link.id}`, { session: m.admin.session, json: { ...link, toId: c!.id } });
      expect(edit.status).toBe(400);
      expect(edit.json.errors).toEqual([{ field: 'toId', message: `cannot change on an existing relationship (it is ${b!.id})` }]);
    });

    it('bindings: the same identity as a stored binding is refused, but two bindings may swap routing keys in one document', async () => {
      const project = await freshProject('Bindings');
      const s = randomUUID();
      const exchange = { id: idFor(s, 'x'), name: 'x', kind: 'exchange' };
      const queue = { id: idFor(s, 'q'), name: 'q', kind: 'queue' };
      const one = { id: idFor(s, 'b1'), sourceChannelId: exchange.id, targetChannelId: queue.id, routingKey: 'one' };
      const two = { id: idFor(s, 'b2'), sourceChannelId: exchange.id, targetChannelId: queue.id, routingKey: 'two' };
      expect((await m.importModel(project.id, { channels: [exchange, queue], bindings: [one, two] })).status).toBe(200);
      const clash = { id: idFor(s, 'b3'), sourceChannelId: exchange.id, targetChannelId: queue.id, routingKey: 'one' };
      const refused = expectProblem(await m.importModel(project.id, { bindings: [clash] }), 400, 'invalid_export');
      expect(refused.errors.map((e) => e.field)).toEqual([`binding:${clash.id}`]);
      const twice = expectProblem(await m.importModel(project.id, { bindings: [{ ...clash, routingKey: 'three' }, { id: idFor(s, 'b4'), sourceChannelId: exchange.id, targetChannelId: queue.id, routingKey: 'three' }] }), 400, 'invalid_export');
      expect(twice.errors.map((e) => e.field)).toEqual([`binding:${idFor(s, 'b4')}`]);
      const swapped = await m.importModel(project.id, { bindings: [{ ...one, routingKey: 'two' }, { ...two, routingKey: 'one' }] });
      expect(swapped.status, swapped.text).toBe(200);
      expect(swapped.json.changed).toBe(2);
      const bindings = JSON.parse((await m.exportModel(project.id)).text).bindings;
      expect(Object.fromEntries(bindings.map((b: any) => [b.id, b.routingKey]))).toEqual({ [one.id]: 'two', [two.id]: 'one' });
    });
  });

  describe('stale marks', () => {
    it('an import with a stale mark sets it on a fact without one; a later import with another mark (or none) keeps the first', async () => {
      const project = await freshProject('Stale marks');
      const seedId = randomUUID();
      const element = { id: idFor(seedId, 'e'), kind: 'actor', name: 'User', status: 'current', factStatus: 'observed-in-source', provenance: { source: 'git:a' } };
      const channel = { id: idFor(seedId, 'c'), name: 'q', kind: 'queue' };
      expect((await m.importModel(project.id, { elements: [element], channels: [channel] })).status).toBe(200);
      const exportedStale = async () => {
        const document = JSON.parse((await m.exportModel(project.id)).text);
        return { element: document.elements[0].stale, channel: document.channels[0].stale };
      };
      expect(await exportedStale()).toEqual({ element: null, channel: null });

      const first = { sinceRevision: 'abc123', reason: 'evidence-not-found' };
      const marked = await m.importModel(project.id, { elements: [{ ...element, stale: first }], channels: [channel] });
      expect(marked.json.items.map((i: any) => i.change)).toEqual(['changed', 'unchanged']);
      expect(await exportedStale()).toEqual({ element: first, channel: null });

      const version = await m.modelVersion(project.id);
      const second = await m.importModel(project.id, { elements: [{ ...element, stale: { sinceRevision: 'def456', reason: 'file-removed' } }] });
      expect(second.json.items.map((i: any) => i.change)).toEqual(['unchanged']);
      const cleared = await m.importModel(project.id, { elements: [{ ...element, stale: null }] });
      expect(cleared.json.items.map((i: any) => i.change)).toEqual(['unchanged']);
      expect(await exportedStale()).toEqual({ element: first, channel: null });
      expect(await m.modelVersion(project.id)).toBe(version);

      // Other fields of a marked fact still change.
      const renamed = await m.importModel(project.id, { elements: [{ ...element, name: 'Person', stale: null }] });
      expect(renamed.json.items.map((i: any) => i.change)).toEqual(['changed']);
      const document = JSON.parse((await m.exportModel(project.id)).text);
      expect(document.elements[0]).toMatchObject({ name: 'Person', stale: first });
    });
  });

  describe('access', () => {
    let viewer: Person;
    let outsider: Person;
    let project: Project;
    beforeAll(async () => {
      project = await freshProject('Access');
      viewer = await m.newPerson('import-viewer@model.test', [{ workspaceId, role: 'viewer' }]);
      outsider = await m.newPerson('import-outsider@model.test');
    });

    it('no sign-in answers 401; a viewer 403 (but can export); a read token 403; another workspace 404; nothing written', async () => {
      const document = { channels: [{ id: randomUUID(), name: 'x', kind: 'queue' }] };
      const anonymous = await m.api('POST', `/api/projects/${project.id}/import`, { json: document });
      expectProblem(anonymous, 401);
      expectProblem(await m.api('GET', `/api/projects/${project.id}/export`), 401);
      expectProblem(await m.importModel(project.id, document, '', { as: viewer }), 403);
      expectProblem(await m.importModel(project.id, document, '?dryRun=true', { as: viewer }), 403);
      expect((await m.exportModel(project.id, 'json', viewer)).text).toContain('"Access"');
      const token = await m.createToken(workspaceId, ['read']);
      const byToken = await m.api('POST', `/api/projects/${project.id}/import`, { token, json: document });
      expectProblem(byToken, 403);
      expect((await m.api('GET', `/api/projects/${project.id}/export`, { token })).status).toBe(200);

      const elsewhere = await m.createWorkspace('Elsewhere', outsider);
      const theirs = await m.createProject(elsewhere, 'Theirs', outsider);
      expectProblem(await m.importModel(theirs.id, document), 404);
      expectProblem(await m.importModel(project.id, document, '', { as: outsider }), 404);
      expectProblem(await m.api('GET', `/api/projects/${project.id}/export`, { session: outsider.session }), 404);
      expectProblem(await m.importModel(randomUUID(), document), 404);
      expect(await m.modelVersion(project.id)).toBe(0);
      const theirExport = await m.exportModel(theirs.id, 'json', outsider);
      expect(theirExport.version).toBe(0);
    });
  });
});
