import { defineRoute } from '../../lib/platform/http/define-route';
import { readViewExport } from '../../lib/features/exports/export-snapshot';
import { renderViewFlowchart } from '../../lib/core/render/render-view-flowchart';
import { tokenParams } from './share-token-params';
import { sharedDownload } from './shared-download';

/** The view as the Mermaid flowchart export (main model), `text/plain`. */
export const getSharedFlowchart = defineRoute({
  group: 'share',
  operation: 'get-shared-flowchart',
  method: 'GET',
  path: '/s/{token}/flowchart.mmd',
  auth: 'none',
  rateLimit: 'sharePages',
  pathHoldsSecret: true,
  summary: 'The shared view as Mermaid flowchart text',
  params: tokenParams,
  answers: { 200: { contentType: 'text/plain', description: 'Mermaid flowchart text.' }, 403: 'problem', 404: 'problem' },
  example: { params: { token: '{shareToken}' }, as: 'anonymous' },
  run: (request) =>
    sharedDownload(request, 'flowchart.mmd', 'text/plain; charset=utf-8', async (live) => {
      const { view, slice, source } = await readViewExport(request.runtime.db, live.project.id, live.view);
      return renderViewFlowchart({ model: slice, view, source });
    }),
});
