import { z } from 'zod';
import { pageQuery } from '../../lib/http/common-schemas';
import type { GroupContracts } from '../../lib/openapi/route-contract';
import { guid, pageOf } from '../../lib/openapi/schema-kit';
import { decideProposalsRequest } from '../../lib/scans/decide-proposals';
import { changeImpactSchema, decideResultSchema, evidenceItemSchema, proposalSchema, scanDetailSchema, scanSchema } from '../../lib/scans/scan-answer-schemas';
import { startScanRequest } from '../../lib/sources/source-requests';
import { windowQuery } from './get-source-window';
import { evidenceQuery, proposalQuery } from './proposal-inputs';

const scanParams = z.object({ projectId: z.string(), importId: z.string().meta({ description: 'The scan ID.' }) });
const ended = 'the fixture scan has ended (a queued one may end before the request reaches it)';

export const contracts: GroupContracts = {
  'list-scans': { query: pageQuery, responses: { 200: pageOf(scanSchema) }, access: { role: 'viewer' }, description: 'Newest first.', example: { as: 'readToken' } },
  'start-repository-scan': {
    body: startScanRequest,
    responses: { 202: z.object({ scanId: guid, state: z.literal('queued'), sourceId: z.null() }), 400: 'problem', 409: 'problem', 429: 'problem' },
    access: { role: 'editor' },
    description: 'A GitHub repository named in the body, without a Source.',
    example: { as: 'editor', body: { repository: 'acme/shop', ref: null, includePaths: null, excludePaths: null } },
  },
  'get-scan': { params: scanParams, responses: { 200: scanDetailSchema, 404: 'problem' }, access: { role: 'viewer' }, example: { as: 'readToken' } },
  'cancel-scan': {
    params: scanParams,
    responses: { 202: scanSchema, 404: 'problem', 409: 'problem' },
    access: { role: 'editor' },
    description: '202 while queued or running; 409 once it ended.',
    example: { as: 'editor', status: 409, why: ended },
  },
  'resume-scan': {
    params: scanParams,
    responses: { 202: scanSchema, 404: 'problem', 409: 'problem', 429: 'problem' },
    access: { role: 'editor' },
    description: 'Queued again after a failure or cancel; 409 otherwise; 429 over the daily limit.',
    example: { as: 'editor', status: 409, why: 'the fixture scan completed' },
  },
  'track-scan': {
    params: scanParams,
    responses: { 200: scanDetailSchema, 404: 'problem', 409: 'problem' },
    access: { role: 'viewer' },
    description: "Checks a running scan's worker is alive (a scan whose worker stopped is queued again or failed), then answers the detail; 409 for a cancelled scan.",
    example: { as: 'viewer' },
  },
  'get-impact': {
    params: scanParams,
    responses: { 200: changeImpactSchema, 404: 'problem', 409: 'problem' },
    access: { role: 'viewer' },
    description: '409 until the scan completed.',
    example: { as: 'viewer' },
  },
  'get-impact-report': {
    params: scanParams,
    responses: { 200: { contentType: 'text/markdown' }, 404: 'problem', 409: 'problem' },
    access: { role: 'viewer' },
    example: { as: 'viewer' },
  },
  'run-impact-checks': {
    params: scanParams,
    responses: {
      200: z.object({
        scanId: guid,
        scenarios: z.array(
          z.object({
            scenarioId: guid,
            name: z.string(),
            flipped: z.array(z.object({ id: z.string(), before: z.boolean(), after: z.boolean(), detailBefore: z.string(), detailAfter: z.string() })),
            passedBefore: z.number().int(),
            passedAfter: z.number().int(),
            total: z.number().int(),
            newIssues: z.array(z.string()),
          }),
        ),
      }),
      404: 'problem',
      409: 'problem',
    },
    access: { role: 'editor' },
    description: 'Plays the scenarios the pending proposals touch on main and on main with them accepted; writes nothing.',
    example: { as: 'editor' },
  },
  'list-proposals': { params: scanParams, query: proposalQuery, responses: { 200: pageOf(proposalSchema), 404: 'problem' }, access: { role: 'viewer' }, description: 'By fact key.', example: { as: 'viewer', query: { status: 'pending', limit: '3' } } },
  'decide-proposals': {
    params: scanParams,
    body: decideProposalsRequest,
    responses: { 200: decideResultSchema, 400: 'problem', 404: 'problem', 409: 'problem' },
    access: { role: 'editor' },
    description: 'Accepts and rejects in one transaction; 409 when one was decided already, a reference is left out, or a view, scenario or promise is affected without `acknowledgeImpact`.',
    example: { as: 'editor', body: { accept: null, reject: ['{rejectProposalId}'] } },
  },
  'get-proposal': {
    params: z.object({ projectId: z.string(), importId: z.string(), proposalId: z.string() }),
    responses: { 200: proposalSchema, 404: 'problem' },
    access: { role: 'viewer' },
    example: { as: 'viewer' },
  },
  'list-evidence': { params: scanParams, query: evidenceQuery, responses: { 200: pageOf(evidenceItemSchema), 404: 'problem' }, access: { role: 'viewer' }, example: { as: 'viewer', query: { limit: '5' } } },
  'get-source-window': {
    params: scanParams,
    query: windowQuery,
    responses: { 200: z.object({ path: z.string(), startLine: z.number().int(), endLine: z.number().int(), totalLines: z.number().int(), lines: z.array(z.string()) }), 403: 'problem', 404: 'problem', 409: 'problem' },
    access: { role: 'viewer' },
    description: '403 for a file whose content is withheld (it may hold secrets).',
    example: { as: 'viewer', params: { importId: '{uploadScanId}' }, query: { path: '{evidencePath}', startLine: '{evidenceStartLine}', endLine: '{evidenceEndLine}' } },
  },
};
