import type { ScreenRoute } from '../../router';
import { PricesScreen } from './prices-screen';

/** Screens of the workspace prices; the shell joins every area's list (web/src/app.tsx). */
export const pricesRoutes: ScreenRoute[] = [{ path: '/w/:workspaceId/prices', title: 'Prices', component: PricesScreen }];
