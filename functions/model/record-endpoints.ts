import { z } from 'zod';
import { recordEntrySchemaOf, recordPageOfKind, recordSchemaOfKind } from '../../contracts/model';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf, type Caller } from '../../lib/platform/http/caller';
import { jsonResponse, noContentResponse, type ApiRequest, type ApiResponse } from '../../lib/platform/http/api-types';
import { guidText, pageCursor, pageLimit } from '../../lib/platform/http/common-schemas';
import { decodeCursor, encodeCursor } from '../../lib/platform/http/cursor';
import { defineRoute, type Endpoint } from '../../lib/platform/http/define-route';
import { parseQuery, pathUuid } from '../../lib/platform/http/parse-input';
import { editModelRecord, type RecordEdit } from '../../lib/core/model/edit-model-record';
import { listModelRecordPage, type ElementFilters } from '../../lib/core/model/list-model-records';
import { sectionOfKind, type ModelKind } from '../../lib/core/model/model-records';
import { readModelRecord } from '../../lib/core/model/model-store';
import { branchOrMain, readStreamOf } from '../../lib/core/model/stream-store';
import { branchIdOf, branchQuery, readStreamQuery, recordNotFound } from './model-request';

/**
 * The five endpoints of a model collection, one module per collection
 * (functions/model/elements.ts, relationships.ts, …; part 1 "Resources and
 * their fields"): list and create at the collection's path, read, replace and
 * delete at a record's. The module writes out both paths and its examples;
 * the code, shared by every kind, is here.
 */
export interface RecordCollection {
  kind: ModelKind;
  /** `/api/projects/{projectId}/<collection>`. */
  collectionPath: string;
  /** `/api/projects/{projectId}/<collection>/{id}`. */
  recordPath: string;
  /** The list's query, when the collection filters by more than `refersTo` (elements); else `recordListQuery`. */
  listQuery?: z.ZodObject;
  /** The query of the list's example request. */
  listExampleQuery: Record<string, string>;
  /** A new record of the kind, over the fixture world's model (test/support/contract-world.ts). */
  newEntry: Record<string, unknown>;
  /** The fixture world's spare record of the kind, replaced as a whole. */
  replacement: Record<string, unknown>;
}

/** The query members every list reads: the stream, `refersTo`, and the page. */
export const recordListQueryMembers = { ...readStreamQuery, refersTo: guidText.optional(), cursor: pageCursor.optional(), limit: pageLimit };
const recordListQuery = z.strictObject(recordListQueryMembers);
const recordQuery = z.strictObject(readStreamQuery);

const modelVersionNote = 'The `Model-Version` header carries the version of the model the answer reflects.';
const recordParams = (kind: ModelKind) => z.object({ projectId: z.string(), id: z.string().meta({ description: `ID of the ${kind}` }) });

export function recordEndpoints(collection: RecordCollection): Endpoint[] {
  const { kind, collectionPath, recordPath } = collection;
  const section = sectionOfKind[kind];
  if (collectionPath !== `/api/projects/{projectId}/${section}` || recordPath !== `${collectionPath}/{id}`) {
    throw new Error(`the ${kind} endpoints are at /api/projects/{projectId}/${section}, not ${collectionPath} and ${recordPath}`);
  }
  const listQuery = collection.listQuery ?? recordListQuery;
  const record = recordSchemaOfKind[kind];
  return [
    /**
     * In ID order, of main, `?branchId=` or `?revisionId=`; `refersTo` keeps the records naming an ID
     * (an element's children, relationships, messages…); elements also filter by name, kind, tag, status.
     */
    defineRoute({
      group: 'model',
      operation: 'list-records',
      method: 'GET',
      path: collectionPath,
      auth: 'signed-in',
      summary: `List ${section} of main, ?branchId= or ?revisionId=; ?refersTo= keeps those naming an ID (viewer)`,
      query: listQuery,
      answers: { 200: recordPageOfKind[kind] },
      access: { role: 'viewer' },
      description: `In ID order. ${modelVersionNote}`,
      example: { as: 'readToken', query: collection.listExampleQuery },
      run: (request) => listRecords(request, kind, listQuery),
    }),
    /** The ID is the caller's or a new one; 409 when it is in use. */
    defineRoute({
      group: 'model',
      operation: 'create-record',
      method: 'POST',
      path: collectionPath,
      auth: 'signed-in',
      summary: `Create one of the ${section} (editor)`,
      query: branchQuery,
      body: recordEntrySchemaOf(kind),
      answers: { 201: record, 400: 'problem', 404: 'problem', 409: 'problem' },
      access: { role: 'editor' },
      description: `409 when the ID is in use or a reference breaks a rule. ${modelVersionNote}`,
      example: { as: 'editor', body: collection.newEntry },
      run: (request) => runRecordEdit(request, kind, () => ({ type: 'create', entry: request.body })),
    }),
    /** The record of main, `?branchId=` or `?revisionId=`. */
    defineRoute({
      group: 'model',
      operation: 'get-record',
      method: 'GET',
      path: recordPath,
      auth: 'signed-in',
      summary: `Read one of the ${section} of main, ?branchId= or ?revisionId= (viewer)`,
      params: recordParams(kind),
      query: recordQuery,
      answers: { 200: record, 404: 'problem' },
      access: { role: 'viewer' },
      description: modelVersionNote,
      example: { as: 'viewer', params: { id: `{spare_${kind}}` } },
      run: (request) => getRecord(request, kind),
    }),
    /** Replaces the record as a whole; a body ID must be the path's. */
    defineRoute({
      group: 'model',
      operation: 'replace-record',
      method: 'PUT',
      path: recordPath,
      auth: 'signed-in',
      summary: `Replace one of the ${section} (editor)`,
      params: recordParams(kind),
      query: branchQuery,
      body: recordEntrySchemaOf(kind),
      answers: { 200: record, 400: 'problem', 404: 'problem', 409: 'problem' },
      access: { role: 'editor' },
      description: `A body \`id\` must be the path's. ${modelVersionNote}`,
      example: { as: 'editor', params: { id: `{spare_${kind}}` }, body: collection.replacement },
      run: (request) => runRecordEdit(request, kind, (id) => ({ type: 'replace', id: id!, entry: request.body })),
    }),
    /** 409 naming the referrers when others refer to it. */
    defineRoute({
      group: 'model',
      operation: 'delete-record',
      method: 'DELETE',
      path: recordPath,
      auth: 'signed-in',
      summary: `Delete one of the ${section}; 409 naming the referrers (editor)`,
      params: recordParams(kind),
      query: branchQuery,
      answers: { 204: 'empty', 404: 'problem', 409: 'problem' },
      access: { role: 'editor' },
      description: `409 naming the records that refer to it. ${modelVersionNote}`,
      example: { as: 'editor', params: { id: `{doomed_${kind}}` }, last: true },
      run: (request) => runRecordEdit(request, kind, (id) => ({ type: 'delete', id: id! })),
    }),
  ];
}

type RecordListQuery = z.infer<typeof recordListQuery> & Omit<ElementFilters, 'refersTo'>;

async function listRecords(request: ApiRequest<Caller>, kind: ModelKind, listQuery: z.ZodObject): Promise<ApiResponse> {
  const { runtime, caller, pathParameters } = request;
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const query = parseQuery(listQuery, request.query) as RecordListQuery;
  const stream = await readStreamOf(runtime.db, project.id, query);
  const scope = `records:${stream.id}:${kind}:${JSON.stringify([query.name, query.kind, query.tag, query.status, query.refersTo?.toLowerCase()])}`;
  const afterId = query.cursor ? decodeCursor<string>(runtime.keyring, scope, query.cursor) : null;
  const page = await listModelRecordPage(runtime.db, { streamId: stream.id, kind, filters: { name: query.name, kind: query.kind, tag: query.tag, status: query.status, refersTo: query.refersTo?.toLowerCase() }, afterId, limit: query.limit });
  const last = page.items.at(-1);
  return jsonResponse(200, {
    items: page.items,
    total: page.total,
    nextCursor: page.hasMore && last ? encodeCursor(runtime.keyring, scope, last.id) : null,
  }, { 'model-version': String(stream.modelVersion) });
}

async function getRecord(request: ApiRequest<Caller>, kind: ModelKind): Promise<ApiResponse> {
  const { runtime, caller, pathParameters } = request;
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const stream = await readStreamOf(runtime.db, project.id, parseQuery(recordQuery, request.query));
  const found = await readModelRecord(runtime.db, stream.id, kind, pathUuid(pathParameters.id, kind));
  if (!found) throw recordNotFound(kind);
  return jsonResponse(200, found, { 'model-version': String(stream.modelVersion) });
}

/**
 * The shared path of create, replace and delete: editor role, the stream of
 * `?branchId=`, then one checked edit. The answer carries the new version in
 * the `Model-Version` header.
 */
async function runRecordEdit(request: ApiRequest<Caller>, kind: ModelKind, makeEdit: (id: string | null) => RecordEdit): Promise<ApiResponse> {
  const { runtime, caller, pathParameters } = request;
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const stream = await branchOrMain(runtime.db, project.id, branchIdOf(request));
  const id = pathParameters.id === undefined ? null : pathUuid(pathParameters.id, kind);
  const edit = makeEdit(id);
  const result = await editModelRecord(runtime.db, { streamId: stream.id, modelStreamId: project.id, kind, edit, actor: actorOf(caller), now: runtime.now() });
  const headers = { 'model-version': String(result.modelVersion) };
  if (edit.type === 'delete') return noContentResponse(headers);
  return jsonResponse(edit.type === 'create' ? 201 : 200, result.record, headers);
}
