import { defineRoute } from '../../lib/platform/http/define-route';
import { readViewExport } from '../../lib/features/exports/export-snapshot';
import { renderViewSvg } from '../../lib/core/render/render-view-svg';
import { tokenParams } from './share-token-params';
import { sharedDownload } from './shared-download';

/** The view as the SVG export (main model), `image/svg+xml`. */
export const getSharedSvg = defineRoute({
  group: 'share',
  operation: 'get-shared-svg',
  method: 'GET',
  path: '/s/{token}/diagram.svg',
  auth: 'none',
  rateLimit: 'sharePages',
  pathHoldsSecret: true,
  summary: 'The shared view as SVG',
  params: tokenParams,
  answers: { 200: { contentType: 'image/svg+xml' }, 403: 'problem', 404: 'problem' },
  description: 'An attachment; 403 for a link with a password and no proof.',
  example: { params: { token: '{shareToken}' }, as: 'anonymous' },
  run: (request) =>
    sharedDownload(request, 'diagram.svg', 'image/svg+xml; charset=utf-8', async (live) => {
      const { view, slice, source } = await readViewExport(request.runtime.db, live.project.id, live.view);
      return renderViewSvg({ model: slice, view, source });
    }),
});
