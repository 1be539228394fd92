import { defineRoute } from '../../lib/platform/http/define-route';
import { renderViewSvg } from '../../lib/core/render/render-view-svg';
import { exportQuery } from './export-source';
import { exportView } from './view-export';
import { viewParams } from './view-params';

/** `image/svg+xml`, UTF-8. */
export const exportViewSvg = defineRoute({
  group: 'exports',
  operation: 'export-view-svg',
  method: 'GET',
  path: '/api/projects/{projectId}/views/{viewId}/export/svg',
  auth: 'signed-in',
  summary: 'A view as SVG; ?revisionId= reads a revision (viewer)',
  params: viewParams,
  query: exportQuery,
  answers: { 200: { contentType: 'image/svg+xml' }, 400: 'problem', 404: 'problem' },
  access: { role: 'viewer' },
  description: '`?revisionId=` draws a revision (400 when it names none of the project).',
  example: { as: 'readToken' },
  run: (request) => exportView(request, renderViewSvg, 'image/svg+xml; charset=utf-8'),
});
