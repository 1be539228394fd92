import type { ScreenRoute } from '../../router';

/** Screens of the account area; the shell joins every area's list (web/src/app.tsx). */
export const accountRoutes: ScreenRoute[] = [];
