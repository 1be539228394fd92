import { createGroupHandler } from '../../lib/http/create-group-handler';
import { exportArchitectureDsl } from './export-architecture-dsl';
import { exportViewFlowchart } from './export-view-flowchart';
import { exportViewSvg } from './export-view-svg';

export const handler = createGroupHandler('exports', {
  'export-view-svg': exportViewSvg,
  'export-view-flowchart': exportViewFlowchart,
  'export-architecture-dsl': exportArchitectureDsl,
});
