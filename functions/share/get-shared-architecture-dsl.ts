import type { Operation } from '../../lib/http/api-types';
import { renderArchitectureDsl } from '../../lib/render/render-architecture-dsl';
import { mainModel, readArchitectureDslExport } from '../exports/export-source';
import { sharedDownload } from './shared-download';

/**
 * GET /s/{token}/model.dsl: the architecture-DSL export, as signed in: the
 * whole main model and every view of the project, not only the shared one.
 */
export const getSharedArchitectureDsl: Operation = (request) =>
  sharedDownload(request, 'model.dsl', 'text/plain; charset=utf-8', async (live) => {
    const { model, views, source } = await readArchitectureDslExport(request.runtime.db, live.project.id, mainModel);
    return renderArchitectureDsl({ projectName: live.project.name, model, views, source });
  });
