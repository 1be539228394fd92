import type { ScreenRoute } from '../../router';
import { WebhooksScreen } from './webhooks-screen';

/** The workspace's webhook delivery log (owner); the shell joins every area's list (web/src/app.tsx). */
export const webhooksRoutes: ScreenRoute[] = [{ path: '/w/:workspaceId/webhooks', title: 'Webhooks', component: WebhooksScreen }];
