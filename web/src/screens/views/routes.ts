import type { ScreenRoute } from '../../router';
import { ShareLinksScreen } from './share-links-screen';
import { ViewScreen } from './view-screen';
import { ViewsListScreen } from './views-list-screen';

/** Screens of the views area; the shell joins every area's list (web/src/app.tsx). */
export const viewsRoutes: ScreenRoute[] = [
  { path: '/w/:workspaceId/p/:projectId/views', title: 'Views', component: ViewsListScreen },
  { path: '/w/:workspaceId/p/:projectId/views/:viewId', title: 'View', component: ViewScreen },
  { path: '/w/:workspaceId/p/:projectId/share-links', title: 'Share links', component: ShareLinksScreen },
];
