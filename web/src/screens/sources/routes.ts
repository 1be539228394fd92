import type { ScreenRoute } from '../../router';
import { DriftScreen } from './drift-screen';
import { ScanScreen } from './scan-screen';
import { ScansScreen } from './scans-screen';
import { SourceScreen } from './source-screen';
import { SourcesScreen } from './sources-screen';

/** Screens of the Sources and proposals areas (docs/sources.md); the shell joins every area's list (web/src/app.tsx). */
export const sourcesRoutes: ScreenRoute[] = [
  { path: '/w/:workspaceId/p/:projectId/sources', title: 'Sources', component: SourcesScreen },
  { path: '/w/:workspaceId/p/:projectId/sources/:sourceId', title: 'Source', component: SourceScreen },
  { path: '/w/:workspaceId/p/:projectId/proposals', title: 'Scans and proposals', component: ScansScreen },
  { path: '/w/:workspaceId/p/:projectId/proposals/:importId', title: 'Scan', component: ScanScreen },
  { path: '/w/:workspaceId/p/:projectId/drift', title: 'Drift', component: DriftScreen },
];
