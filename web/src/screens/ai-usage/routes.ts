import type { ScreenRoute } from '../../router';
import { AiUsageScreen } from './ai-usage-screen';

/** The workspace's AI usage (owner); the shell joins every area's list (web/src/app.tsx). */
export const aiUsageRoutes: ScreenRoute[] = [{ path: '/w/:workspaceId/ai-usage', title: 'AI usage', component: AiUsageScreen }];
