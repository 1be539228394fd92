import type { ScreenRoute } from '../../router';
import { ThreadScreen } from './thread-screen';
import { ThreadsScreen } from './threads-screen';

/** Screens of the comments area (docs/comments.md "Web client"); the shell joins every area's list (web/src/app.tsx). */
export const commentsRoutes: ScreenRoute[] = [
  { path: '/w/:workspaceId/p/:projectId/comments', title: 'Comments', component: ThreadsScreen },
  { path: '/w/:workspaceId/p/:projectId/comments/:threadId', title: 'Comment thread', component: ThreadScreen },
];
