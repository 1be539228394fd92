import type { Operation } from '../../lib/http/api-types';
import { renderViewFlowchart } from '../../lib/render/render-view-flowchart';
import { exportView } from './view-export';

/** GET P/views/{viewId}/export/flowchart (viewer): Mermaid flowchart text, `text/plain`, UTF-8. */
export const exportViewFlowchart: Operation = (request) => exportView(request, renderViewFlowchart, 'text/plain; charset=utf-8');
