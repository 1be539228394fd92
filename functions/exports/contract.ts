import { z } from 'zod';
import type { GroupContracts } from '../../lib/openapi/route-contract';
import { exportQuery } from './export-source';

const viewParams = z.object({ projectId: z.string(), viewId: z.string() });

export const contracts: GroupContracts = {
  'export-view-svg': {
    params: viewParams,
    query: exportQuery,
    responses: { 200: { contentType: 'image/svg+xml' }, 400: 'problem', 404: 'problem' },
    access: { role: 'viewer' },
    description: '`?revisionId=` draws a revision (400 when it names none of the project).',
    example: { as: 'readToken' },
  },
  'export-view-flowchart': {
    params: viewParams,
    query: exportQuery,
    responses: { 200: { contentType: 'text/plain', description: 'Mermaid `flowchart` text.' }, 400: 'problem', 404: 'problem' },
    access: { role: 'viewer' },
    example: { as: 'viewer', query: { revisionId: '{revisionId}' } },
  },
  'export-architecture-dsl': {
    query: exportQuery,
    responses: { 200: { contentType: 'text/plain', description: 'Structurizr DSL text: the model and every view.' }, 400: 'problem' },
    access: { role: 'viewer' },
    example: { as: 'viewer' },
  },
};
