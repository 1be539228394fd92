import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { renderArchitectureDsl } from '../../core/render/render-architecture-dsl';
import { nastyModel } from '../../../test/support/render-arbitraries';
import { revisionSource, shopModel, shopViews } from '../../../test/support/render-fixtures';
import { renderViewFlowchart } from '../../core/render/render-view-flowchart';
import { renderViewSvg } from '../../core/render/render-view-svg';
import type { RenderableView } from '../../core/render/view-contents';
import { exportModelDocument } from './export-model-document';
import { readModelKinds, readRecordPages, readViewSlice } from './export-store';
import { serializeModelDocument, snapshotFromRecords } from '../../core/model/model-document';
import { modelKinds, type AnyModelRecord, type ModelKind, type ModelSnapshot } from '../../core/model/model-records';
import { guid } from '../../../test/support/model-fixtures';

/**
 * The view exports read only the slice a view draws (readViewSlice) and the
 * DSL only elements and relationships (readModelKinds), from PostgreSQL; the
 * renderers must write the very bytes they write from the whole model.
 */

// PostgreSQL stores neither U+0000 nor a lone surrogate in jsonb; the service refuses both on the way in.
const storable = (text: string) => text.replace(/\u0000/g, '\ufffd').replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

function storableValue(value: unknown): unknown {
  if (typeof value === 'string') return storable(value);
  if (Array.isArray(value)) return value.map(storableValue);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, storableValue(v)]));
  return value;
}

function storableModel(model: ModelSnapshot): ModelSnapshot {
  return snapshotFromRecords(modelKinds.flatMap((kind) => [...(model[kind].values() as Iterable<AnyModelRecord>)].map((record) => ({ kind, record: storableValue(record) }) as { kind: ModelKind; record: never })));
}

describe('what the exports read', () => {
  let database: TestDatabase;
  let workspaceId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    workspaceId = (await database.db.insertInto('workspaces').values({ name: 'Exports' }).returning('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** A new project whose main stream holds the model; its stream ID (the project's ID). */
  async function storeModel(model: ModelSnapshot, projectName = 'P'): Promise<string> {
    const projectId = randomUUID();
    await database.db.insertInto('projects').values({ id: projectId, workspace_id: workspaceId, name: projectName }).execute();
    await database.db.insertInto('model_streams').values({ id: projectId, project_id: projectId, kind: 'main', name: 'main', created_at: new Date() }).execute();
    const rows = modelKinds.flatMap((kind) => [...(model[kind].values() as Iterable<AnyModelRecord>)].map((record) => ({ stream_id: projectId, id: record.id, kind, body: JSON.stringify(record) })));
    if (rows.length > 0) await database.db.insertInto('model_entities').values(rows).execute();
    return projectId;
  }

  async function expectSameBytes(model: ModelSnapshot, views: readonly RenderableView[]): Promise<void> {
    const streamId = await storeModel(model);
    for (const view of views) {
      const slice = await readViewSlice(database.db, streamId, view.rootElementId);
      expect(renderViewSvg({ model: slice, view, source: revisionSource })).toBe(renderViewSvg({ model, view, source: revisionSource }));
      expect(renderViewFlowchart({ model: slice, view, source: revisionSource })).toBe(renderViewFlowchart({ model, view, source: revisionSource }));
    }
    const kinds = await readModelKinds(database.db, streamId, ['element', 'relationship']);
    expect(renderArchitectureDsl({ projectName: 'P', model: kinds, views, source: revisionSource })).toBe(renderArchitectureDsl({ projectName: 'P', model, views, source: revisionSource }));
  }

  it('renders the shop views, a view of a missing root and an empty model as the whole model does', async () => {
    const views = [...shopViews(), { id: guid(3000), name: 'Gone', rootElementId: guid(4000), positions: [] }];
    await expectSameBytes(shopModel(), views);
    await expectSameBytes(snapshotFromRecords([]), views);
  });

  it('reads the root, its children and the relationships among them, and only the outline of other elements', async () => {
    const model = shopModel();
    const streamId = await storeModel(model);
    const inside = shopViews().find((view) => view.rootElementId !== null)!;
    const slice = await readViewSlice(database.db, streamId, inside.rootElementId);
    const whole = [...model.element.values()];
    expect([...slice.elements.keys()].sort()).toEqual(whole.filter((e) => e.id === inside.rootElementId || e.parentId === inside.rootElementId).map((e) => e.id).sort());
    expect([...slice.outline].map((e) => e.id).sort()).toEqual(whole.map((e) => e.id).sort());
    expect(slice.elementCount).toBe(model.element.size);
    expect(slice.relationshipCount).toBe(model.relationship.size);
    const levelIds = new Set([...slice.elements.keys()].filter((id) => id !== inside.rootElementId));
    for (const r of slice.relationships) expect(levelIds.has(r.fromId) && levelIds.has(r.toId)).toBe(true);
  });

  it('renders random adversarial models and views as the whole model does', async () => {
    await fc.assert(
      fc.asyncProperty(nastyModel(), async ({ model, views }) => {
        await expectSameBytes(storableModel(model), views);
      }),
      { numRuns: 60 },
    );
  });

  it('reads each kind in ID order a page at a time, and the export written from those pages is the document of the whole model', async () => {
    await fc.assert(
      fc.asyncProperty(nastyModel(), fc.integer({ min: 1, max: 4 }), async ({ model }, pageRows) => {
        const stored = storableModel(model);
        const projectId = await storeModel(stored, 'Shop: "yes"');
        for (const kind of ['element', 'relationship', 'message'] as const) {
          const pages: string[][] = [];
          for await (const page of readRecordPages(database.db, projectId, kind, pageRows)) pages.push(page.map((record) => record.id));
          const ids = [...stored[kind].keys()].sort();
          expect(pages.flat()).toEqual(ids);
          expect(pages.every((page) => page.length === pageRows) || pages.slice(0, -1).every((page) => page.length === pageRows)).toBe(true);
        }
        for (const format of ['json', 'yaml'] as const) {
          const exported = await exportModelDocument(database.db, { id: projectId, name: 'Shop: "yes"' }, format);
          expect(exported.text).toBe(serializeModelDocument('Shop: "yes"', stored, format));
          expect(exported.modelVersion).toBe(0);
        }
      }),
      { numRuns: 25 },
    );
  });
});
