import type { Operation } from '../../lib/http/api-types';
import { renderViewSvg } from '../../lib/render/render-view-svg';
import { exportView } from './view-export';

/** GET P/views/{viewId}/export/svg (viewer): `image/svg+xml`, UTF-8. */
export const exportViewSvg: Operation = (request) => exportView(request, renderViewSvg, 'image/svg+xml; charset=utf-8');
