import { defineRoute } from '../../lib/platform/http/define-route';
import { readArchitectureDslExport } from '../../lib/features/exports/export-snapshot';
import { renderArchitectureDsl } from '../../lib/core/render/render-architecture-dsl';
import { tokenParams } from './share-token-params';
import { sharedDownload } from './shared-download';

/**
 * The architecture-DSL export, as signed in: the whole main model and every
 * view of the project, not only the shared one.
 */
export const getSharedArchitectureDsl = defineRoute({
  group: 'share',
  operation: 'get-shared-architecture-dsl',
  method: 'GET',
  path: '/s/{token}/model.dsl',
  auth: 'none',
  rateLimit: 'sharePages',
  pathHoldsSecret: true,
  summary: 'The model and views as Structurizr DSL text',
  params: tokenParams,
  answers: { 200: { contentType: 'text/plain', description: 'Structurizr DSL text of the whole main model.' }, 403: 'problem', 404: 'problem' },
  example: { params: { token: '{shareToken}' }, as: 'anonymous' },
  run: (request) =>
    sharedDownload(request, 'model.dsl', 'text/plain; charset=utf-8', async (live) => {
      const { model, views, source } = await readArchitectureDslExport(request.runtime.db, live.project.id);
      return renderArchitectureDsl({ projectName: live.project.name, model, views, source });
    }),
});
