import type { ScreenRoute } from '../../router';

/** Screens of the views area; the shell joins every area's list (web/src/app.tsx). */
export const viewsRoutes: ScreenRoute[] = [];
