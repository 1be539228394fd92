import { z } from 'zod';
import { sectionOfKind, type ModelKind } from '../../lib/model/model-records';
import { importResultSchema, modelDocumentSchema, recordEntrySchemaOf, recordSchemaOfKind } from '../../lib/model/record-answer-schemas';
import type { RouteDefinition } from '../../lib/http/route-table';
import type { GroupContracts, RouteContract } from '../../lib/openapi/route-contract';
import { exportQuery } from './export-model';
import { importQuery } from './import-model';
import { recordQuery } from './get-record';
import { elementQuery, recordListQuery } from './list-records';
import { branchQuery } from './model-request';

const kindOfSection = new Map(Object.entries(sectionOfKind).map(([kind, section]) => [section, kind as ModelKind]));
const kindOf = (route: RouteDefinition): ModelKind => kindOfSection.get(route.path.split('/')[4] ?? '')!;
const recordParams = (kind: ModelKind) => z.object({ projectId: z.string(), id: z.string().meta({ description: `ID of the ${kind}` }) });
const modelVersionNote = 'The `Model-Version` header carries the version of the model the answer reflects.';

/** A new record of each kind, over the fixture world's model (test/support/contract-world.ts). */
const newEntries: Readonly<Record<ModelKind, Record<string, unknown>>> = {
  element: { id: '3c8f8d2e-1b7a-4f0e-9d6c-5a4b3c2d1e0f', kind: 'system', name: 'Billing', status: 'planned', tags: ['money'] },
  relationship: { fromId: '{model_customer}', toId: '{model_shop}', label: 'visits', kind: 'behavioural' },
  message: { name: 'Billed', producerId: '{model_orders}', consumerIds: ['{model_web}'] },
  schema: { name: 'Bill', content: '{"type":"object"}' },
  operation: { ownerId: '{model_orders}', name: 'Bill', transport: 'http', timeoutMs: 2000, retry: { maxAttempts: 2, backoffMs: 100 } },
  channel: { name: 'bills', kind: 'queue' },
  subscription: { channelId: '{model_c_topic}', consumerId: '{model_orders}' },
  binding: { sourceChannelId: '{model_c_topic}', targetChannelId: '{model_c_exchange}', routingKey: 'bills.#' },
};

/** The fixture world's spare record of each kind, replaced as a whole. */
const replacements: Readonly<Record<ModelKind, Record<string, unknown>>> = {
  element: { kind: 'system', name: 'Spare system', status: 'deprecated', tags: ['old'] },
  relationship: { fromId: '{model_customer}', toId: '{model_shop}', label: 'browses' },
  message: { name: 'Spare message', producerId: '{model_web}' },
  schema: { name: 'Spare schema', content: 'text' },
  operation: { ownerId: '{model_web}', name: 'Spare', transport: 'grpc' },
  channel: { name: 'spare', kind: 'topic' },
  subscription: { channelId: '{model_c_queue}', consumerId: '{model_orders}' },
  binding: { sourceChannelId: '{model_c_topic}', targetChannelId: '{model_c_exchange}', routingKey: 'spare.*' },
};

const listRecords = (route: RouteDefinition): RouteContract => {
  const kind = kindOf(route);
  const record = recordSchemaOfKind[kind];
  return {
    query: kind === 'element' ? elementQuery : recordListQuery,
    responses: { 200: z.object({ items: z.array(record), total: z.number().int(), nextCursor: z.string().nullable() }) },
    access: { role: 'viewer' },
    description: `In ID order. ${modelVersionNote}`,
    example: { as: 'readToken', query: kind === 'element' ? { kind: 'app', limit: '2' } : { limit: '2' } },
  };
};

const createRecord = (route: RouteDefinition): RouteContract => {
  const kind = kindOf(route);
  return {
    query: branchQuery,
    body: recordEntrySchemaOf(kind),
    responses: { 201: recordSchemaOfKind[kind], 400: 'problem', 404: 'problem', 409: 'problem' },
    access: { role: 'editor' },
    description: `409 when the ID is in use or a reference breaks a rule. ${modelVersionNote}`,
    example: { as: 'editor', body: newEntries[kind] },
  };
};

const getRecord = (route: RouteDefinition): RouteContract => {
  const kind = kindOf(route);
  return {
    params: recordParams(kind),
    query: recordQuery,
    responses: { 200: recordSchemaOfKind[kind], 404: 'problem' },
    access: { role: 'viewer' },
    description: modelVersionNote,
    example: { as: 'viewer', params: { id: `{spare_${kind}}` } },
  };
};

const replaceRecord = (route: RouteDefinition): RouteContract => {
  const kind = kindOf(route);
  return {
    params: recordParams(kind),
    query: branchQuery,
    body: recordEntrySchemaOf(kind),
    responses: { 200: recordSchemaOfKind[kind], 400: 'problem', 404: 'problem', 409: 'problem' },
    access: { role: 'editor' },
    description: `A body \`id\` must be the path's. ${modelVersionNote}`,
    example: { as: 'editor', params: { id: `{spare_${kind}}` }, body: replacements[kind] },
  };
};

const deleteRecord = (route: RouteDefinition): RouteContract => {
  const kind = kindOf(route);
  return {
    params: recordParams(kind),
    query: branchQuery,
    responses: { 204: 'empty', 404: 'problem', 409: 'problem' },
    access: { role: 'editor' },
    description: `409 naming the records that refer to it. ${modelVersionNote}`,
    example: { as: 'editor', params: { id: `{doomed_${kind}}` }, last: true },
  };
};

export const contracts: GroupContracts = {
  'export-model': {
    query: exportQuery,
    responses: {
      200: { contentType: 'application/json', alternatives: ['application/x-yaml'], schema: modelDocumentSchema, description: 'The model document; YAML with `?format=yaml`. The `Model-Version` header carries its version.' },
      400: 'problem',
    },
    access: { role: 'viewer' },
    example: { as: 'readToken' },
  },
  'import-model': {
    query: importQuery,
    body: {
      contentTypes: ['application/json', 'application/yaml'],
      schema: modelDocumentSchema.partial().loose(),
      description: 'A model document, JSON or YAML (a Content-Type containing `yaml`). Members no field reads are skipped and listed in `ignored`.',
    },
    responses: { 200: importResultSchema, 400: 'problem', 409: 'problem' },
    access: { role: 'editor' },
    description: '`?dryRun=true` answers the same result and writes nothing; `?expectedVersion=` refuses with 409 when main moved on. 400 `invalid_export` when an entry is refused (nothing is written).',
    example: {
      as: 'editor',
      query: { dryRun: 'true' },
      rawBody: { contentType: 'application/yaml', text: 'version: "1.0"\nproject:\n  name: Shop\nelements:\n  - id: 0f9e8d7c-6b5a-4938-8271-605f4e3d2c1b\n    kind: system\n    name: Payments\n    status: planned\n' },
    },
  },
  'list-records': listRecords,
  'create-record': createRecord,
  'get-record': getRecord,
  'replace-record': replaceRecord,
  'delete-record': deleteRecord,
};
