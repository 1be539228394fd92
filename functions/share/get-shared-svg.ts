import type { Operation } from '../../lib/http/api-types';
import { renderViewSvg } from '../../lib/render/render-view-svg';
import { mainModel, readViewExport } from '../exports/export-source';
import { sharedDownload } from './shared-download';

/** GET /s/{token}/diagram.svg: the view as the SVG export (main model), `image/svg+xml`. */
export const getSharedSvg: Operation = (request) =>
  sharedDownload(request, 'diagram.svg', 'image/svg+xml; charset=utf-8', async (live) => {
    const { view, slice, source } = await readViewExport(request.runtime.db, live.project.id, live.view, mainModel);
    return renderViewSvg({ model: slice, view, source });
  });
