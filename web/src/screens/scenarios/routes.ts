import type { ScreenRoute } from '../../router';

/** Screens of the scenarios area; the shell joins every area's list (web/src/app.tsx). */
export const scenariosRoutes: ScreenRoute[] = [];
