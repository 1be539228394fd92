import type { ScreenRoute } from '../../router';

/** Screens of the model area; the shell joins every area's list (web/src/app.tsx). */
export const modelRoutes: ScreenRoute[] = [];
