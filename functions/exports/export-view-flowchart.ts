import { defineRoute } from '../../lib/platform/http/define-route';
import { renderViewFlowchart } from '../../lib/core/render/render-view-flowchart';
import { exportQuery } from './export-source';
import { exportView } from './view-export';
import { viewParams } from './view-params';

/** Mermaid flowchart text, `text/plain`, UTF-8. */
export const exportViewFlowchart = defineRoute({
  group: 'exports',
  operation: 'export-view-flowchart',
  method: 'GET',
  path: '/api/projects/{projectId}/views/{viewId}/export/flowchart',
  auth: 'signed-in',
  summary: 'A view as Mermaid flowchart text (viewer)',
  params: viewParams,
  query: exportQuery,
  answers: { 200: { contentType: 'text/plain', description: 'Mermaid `flowchart` text.' }, 400: 'problem', 404: 'problem' },
  access: { role: 'viewer' },
  example: { as: 'viewer', query: { revisionId: '{revisionId}' } },
  run: (request) => exportView(request, renderViewFlowchart, 'text/plain; charset=utf-8'),
});
