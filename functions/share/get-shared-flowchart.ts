import type { Operation } from '../../lib/http/api-types';
import { renderViewFlowchart } from '../../lib/render/render-view-flowchart';
import { mainModel, readViewExport } from '../exports/export-source';
import { sharedDownload } from './shared-download';

/** GET /s/{token}/flowchart.mmd: the view as the Mermaid flowchart export (main model), `text/plain`. */
export const getSharedFlowchart: Operation = (request) =>
  sharedDownload(request, 'flowchart.mmd', 'text/plain; charset=utf-8', async (live) => {
    const { view, slice, source } = await readViewExport(request.runtime.db, live.project.id, live.view, mainModel);
    return renderViewFlowchart({ model: slice, view, source });
  });
