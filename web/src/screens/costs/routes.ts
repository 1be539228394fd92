import type { ScreenRoute } from '../../router';
import { CompareScreen } from './compare-screen';
import { CostSheetScreen } from './cost-sheet-screen';
import { EstimateScreen } from './estimate-screen';
import { ProjectPricesScreen } from './project-prices-screen';
import { SavedEstimateScreen, SavedEstimatesScreen } from './saved-estimates-screen';

/** Screens of the costs area; the shell joins every area's list (web/src/app.tsx). */
export const costsRoutes: ScreenRoute[] = [
  { path: '/w/:workspaceId/p/:projectId/costs', title: 'Cost sheet', component: CostSheetScreen },
  { path: '/w/:workspaceId/p/:projectId/costs/estimate', title: 'Cost estimate', component: EstimateScreen },
  { path: '/w/:workspaceId/p/:projectId/costs/compare', title: 'Compare costs', component: CompareScreen },
  { path: '/w/:workspaceId/p/:projectId/costs/estimates', title: 'Saved estimates', component: SavedEstimatesScreen },
  { path: '/w/:workspaceId/p/:projectId/costs/estimates/:estimateId', title: 'Saved estimate', component: SavedEstimateScreen },
  { path: '/w/:workspaceId/p/:projectId/costs/prices', title: 'Prices used', component: ProjectPricesScreen },
];
