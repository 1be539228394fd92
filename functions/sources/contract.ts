import { z } from 'zod';
import type { GroupContracts } from '../../lib/openapi/route-contract';
import { guid, listOf } from '../../lib/openapi/schema-kit';
import { decideResultSchema, snapshotSchema, sourceSchema } from '../../lib/scans/scan-answer-schemas';
import { agentPushRequest } from '../../lib/scans/push-snapshot';
import { uploadModelFileRequest } from '../../lib/scans/upload-model-file';
import { bulkAddRequest, createSourceRequest, startSourceScanRequest, updateSourceRequest } from '../../lib/sources/source-requests';
import { acceptSourceRequest } from './accept-source';
import { setApmKeyRequest, testApmRequest } from './apm-endpoints';
import { compareQuery } from './compare-snapshots';
import { repositoriesQuery } from './list-repositories';

const sourceParams = z.object({ projectId: z.string(), sourceId: z.string() });
const queued = z.object({ scanId: guid, state: z.literal('queued'), sourceId: guid.nullable() });
const apmTest = z.object({
  ok: z.boolean(),
  status: z.number().int().meta({ description: "NerdGraph's HTTP status; 0 when it could not be reached." }),
  message: z.string(),
  user: z.object({ name: z.string(), email: z.string() }).optional(),
  accountName: z.string().optional(),
});
const noHost = 'no git host is configured or reachable in the test instance';
const notNewRelic = 'the fixture Source is no New Relic Source (no New Relic account is reachable here)';

/** A gzip-compressed tar holding shop/compose.yaml (one service). */
const archiveBase64 =
  'H4sIAAAAAAAAA+3R3wqCMBzF8V37FL8nqKlbQW9jMkxIJ87+vX3qpWFdjYi+n5sz2GAHTjj5bqvi0qO9tXOOljmfU5vrNLNW50bpVNssV2Ij95pdwlD0Iqr3fnj37tP9jwrT/qVvOh/c5lE05wh/TAPvjFnf32SL/XNttRIdocuLf9/f9de6dOGQiNzccQqRuikqd5C2qtt78u2GAAAAAAAAAAAAAAAAANY8AWWl1M0AKAAA';

/** Two services, web calling orders over HTTP, as OTLP JSON. */
const otlpTrace = JSON.stringify({
  resourceSpans: [
    { resource: { attributes: [{ key: 'service.name', value: { stringValue: 'web' } }] }, scopeSpans: [{ spans: [{ traceId: 't1', spanId: 'a' }] }] },
    {
      resource: { attributes: [{ key: 'service.name', value: { stringValue: 'orders' } }] },
      scopeSpans: [{ spans: [{ traceId: 't1', spanId: 'b', parentSpanId: 'a', kind: 2, attributes: [{ key: 'http.method', value: { stringValue: 'POST' } }] }] }],
    },
  ],
});

export const contracts: GroupContracts = {
  'list-sources': { responses: { 200: listOf(sourceSchema) }, access: { role: 'viewer' }, description: 'By name.', example: { as: 'readToken' } },
  'create-source': {
    body: createSourceRequest,
    responses: { 201: sourceSchema, 400: 'problem', 409: 'problem' },
    access: { role: 'editor' },
    description: 'A git repository, folder, archive, upload, push or New Relic account; 400 for a field its kind refuses; 409 when the slug of the name is taken or the kind is not in the profile.',
    example: { as: 'editor', body: { kind: 'archive', name: 'Release bundle', repository: null } },
  },
  'upload-model-file': {
    body: uploadModelFileRequest,
    responses: { 202: z.object({ sourceId: guid, scanId: guid, path: z.string(), state: z.literal('queued') }), 400: 'problem', 409: 'problem', 429: 'problem' },
    access: { role: 'editor' },
    example: { as: 'editor', body: { path: 'docs/asyncapi.yaml', content: 'asyncapi: 2.6.0\ninfo:\n  title: Orders\n  version: 1.0.0\nchannels: {}\n', name: 'Design files' } },
  },
  'list-repositories': {
    query: repositoriesQuery,
    responses: {
      200: z.object({ items: z.array(z.object({ fullName: z.string(), defaultBranch: z.string().nullable(), private: z.boolean(), webUrl: z.string() })), page: z.number().int(), nextPage: z.number().int().nullable() }),
      400: 'problem',
      404: 'problem',
      409: 'problem',
      502: 'problem',
    },
    access: { role: 'editor' },
    description: '409 when the host is off or its token is refused; 502 when the host fails.',
    example: { as: 'editor', query: { kind: 'github' }, status: 502, why: noHost },
  },
  'bulk-add-sources': {
    body: bulkAddRequest,
    responses: {
      200: z.object({
        items: z.array(
          z.object({
            repository: z.string(),
            status: z.enum(['added', 'exists', 'refused']),
            sourceId: guid.nullable(),
            scanId: guid.nullable(),
            error: z.object({ status: z.number().int(), type: z.string(), message: z.string() }).nullable(),
          }),
        ),
      }),
      400: 'problem',
      409: 'problem',
    },
    access: { role: 'editor' },
    description: 'One item per repository; a repository that cannot be added is `refused` with its error.',
    example: { as: 'editor', body: { kind: 'github', repositories: ['acme/shop'], ref: null } },
  },
  'get-push-settings': {
    responses: {
      200: z.object({
        rulesVersion: z.string(),
        factFormatVersion: z.number().int(),
        limits: z.object({ maxFiles: z.number().int(), maxFileBytes: z.number().int(), maxTotalBytes: z.number().int(), excludeGlobs: z.array(z.string()) }),
        maxBodyBytes: z.number().int(),
      }),
    },
    access: { role: 'editor', note: 'An agent token with the `push` scope only.' },
    example: { as: 'pushToken' },
  },
  'push-snapshot': {
    body: agentPushRequest,
    responses: { 201: z.object({ sourceId: guid, scanId: guid, snapshotId: guid, proposals: z.object({ add: z.number().int(), change: z.number().int(), remove: z.number().int() }) }), 400: 'problem', 409: 'problem', 429: 'problem' },
    access: { role: 'editor', note: 'An agent token with the `push` scope only.' },
    description: 'Stored as a scan of the push Source named by the slug of `name` (made when missing) and compared with the model; 409 when the extraction rules differ from the server\'s or a push of the Source is running.',
    example: { as: 'pushToken', body: '{pushBody}' },
  },
  'test-apm': {
    body: testApmRequest,
    responses: { 200: apmTest, 400: 'problem' },
    access: { role: 'editor' },
    description: 'Tests a New Relic account, region and user API key before a Source is made.',
    example: { as: 'editor', body: { accountId: 'not-a-number', region: 'mars', apiKey: null }, status: 400, why: 'no New Relic account is reachable here' },
  },
  'list-source-kinds': {
    responses: { 200: listOf(z.object({ kind: z.string(), name: z.string(), available: z.boolean(), reason: z.string().nullable(), requires: z.array(z.string()) })) },
    access: { role: 'viewer' },
    example: { as: 'viewer' },
  },
  'get-source': { params: sourceParams, responses: { 200: sourceSchema, 404: 'problem' }, access: { role: 'viewer' }, example: { as: 'readToken' } },
  'rename-source': {
    params: sourceParams,
    body: updateSourceRequest,
    responses: { 200: sourceSchema, 400: 'problem', 404: 'problem', 409: 'problem' },
    access: { role: 'editor' },
    example: { as: 'editor', params: { sourceId: '{archiveSourceId}' }, body: { name: 'Archive, renamed' } },
  },
  'delete-source': {
    params: sourceParams,
    responses: { 204: 'empty', 404: 'problem' },
    access: { role: 'editor' },
    description: 'Its scans stay in the scan list; the model keeps what was accepted.',
    example: { as: 'editor', params: { sourceId: '{doomedSourceId}' }, last: true },
  },
  'start-source-scan': {
    params: sourceParams,
    body: startSourceScanRequest,
    responses: { 202: queued, 400: 'problem', 404: 'problem', 409: 'problem', 429: 'problem' },
    access: { role: 'editor' },
    description: '409 when the host is off or the kind is not scanned this way; 429 over the daily scan limit.',
    example: { as: 'editor', params: { sourceId: '{archiveSourceId}' }, body: { ref: null, includePaths: null, excludePaths: null }, status: 409, why: 'an archive Source is scanned by uploading an archive; no git host is reachable here' },
  },
  'upload-archive': {
    params: sourceParams,
    body: { contentTypes: ['application/gzip', 'application/zip'], schema: z.string().meta({ format: 'binary' }), description: 'A zip or tar.gz archive.' },
    responses: { 202: z.object({ scanId: guid, sourceId: guid, state: z.literal('queued'), format: z.string() }), 400: 'problem', 404: 'problem', 409: 'problem', 429: 'problem' },
    access: { role: 'editor' },
    example: { as: 'editor', params: { sourceId: '{archiveSourceId}' }, rawBody: { contentType: 'application/gzip', base64: archiveBase64 } },
  },
  'upload-traces': {
    params: sourceParams,
    query: z.object({ fileName: z.string().optional() }),
    body: { contentTypes: ['application/json'], schema: z.looseObject({}).meta({ description: 'An OTLP JSON or Jaeger JSON trace file.' }) },
    responses: {
      202: z.object({
        scanId: guid,
        sourceId: guid,
        format: z.enum(['otlp', 'jaeger']),
        spans: z.number().int(),
        services: z.array(z.string()),
        calls: z.array(z.object({ from: z.string(), to: z.string(), count: z.number().int(), technology: z.string().nullable() })),
      }),
      400: 'problem',
      404: 'problem',
      409: 'problem',
      429: 'problem',
    },
    access: { role: 'editor' },
    description: 'Measured calls between services; the scan\'s proposals are ready with the answer. 409 for a push Source.',
    example: { as: 'editor', params: { sourceId: '{uploadSourceId}' }, query: { fileName: 'trace.json' }, rawBody: { contentType: 'application/json', text: otlpTrace } },
  },
  'set-apm-key': {
    params: sourceParams,
    body: setApmKeyRequest,
    responses: { 204: 'empty', 400: 'problem', 404: 'problem', 409: 'problem' },
    access: { role: 'editor' },
    description: 'Stored encrypted, bound to NerdGraph\'s origin; 409 for a Source that is no New Relic Source.',
    example: { as: 'editor', params: { sourceId: '{archiveSourceId}' }, body: { apiKey: 'NRAK-EXAMPLE' }, status: 409, why: notNewRelic },
  },
  'test-source-apm': {
    params: sourceParams,
    responses: { 200: apmTest, 404: 'problem', 409: 'problem' },
    access: { role: 'editor' },
    example: { as: 'editor', params: { sourceId: '{archiveSourceId}' }, status: 409, why: notNewRelic },
  },
  'accept-source': {
    params: sourceParams,
    body: acceptSourceRequest,
    responses: { 200: decideResultSchema.extend({ scanId: guid, left: z.array(z.looseObject({ proposalId: guid })) }), 404: 'problem', 409: 'problem' },
    access: { role: 'editor' },
    description: "Accepts every pending proposal of the Source's latest completed scan that the model can take as it is; `left` lists those left pending, with why.",
    example: { as: 'editor', params: { sourceId: '{acceptSourceId}' }, body: { acknowledgeImpact: true }, last: true },
  },
  'list-snapshots': { params: sourceParams, responses: { 200: listOf(snapshotSchema), 404: 'problem' }, access: { role: 'viewer' }, description: 'Newest first.', example: { as: 'viewer', params: { sourceId: '{pushSourceId}' } } },
  'list-source-documents': {
    params: sourceParams,
    responses: { 200: listOf(z.object({ path: z.string(), blobSha: z.string().nullable(), facts: z.number().int(), kept: z.boolean() })), 404: 'problem' },
    access: { role: 'viewer' },
    example: { as: 'viewer', params: { sourceId: '{pushSourceId}' } },
  },
  'list-source-bindings': {
    params: sourceParams,
    responses: { 200: listOf(z.object({ factKey: z.string(), entityKind: z.string(), entityId: guid })), 404: 'problem' },
    access: { role: 'viewer' },
    example: { as: 'viewer', params: { sourceId: '{pushSourceId}' } },
  },
  'compare-snapshots': {
    params: sourceParams,
    query: compareQuery,
    responses: {
      200: z.object({
        base: z.object({ id: guid, commitSha: z.string().nullable() }),
        head: z.object({ id: guid, commitSha: z.string().nullable() }),
        added: z.array(z.string()),
        removed: z.array(z.string()),
        changed: z.array(z.string()),
      }),
      404: 'problem',
    },
    access: { role: 'viewer' },
    description: 'Fact keys added, removed and changed.',
    example: { as: 'viewer', params: { sourceId: '{pushSourceId}' }, query: { base: '{firstSnapshotId}', head: '{secondSnapshotId}' } },
  },
};

