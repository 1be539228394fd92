import type { Operation } from '../../lib/http/api-types';
import { renderViewFlowchart } from '../../lib/render/render-view-flowchart';
import { sharedDownload } from './shared-download';

/** GET /s/{token}/flowchart.mmd: the view as the Mermaid flowchart export (main model), `text/plain`. */
export const getSharedFlowchart: Operation = (request) =>
  sharedDownload(request, 'flowchart.mmd', 'text/plain; charset=utf-8', (live, model, source) => renderViewFlowchart({ model, view: live.view, source }));
