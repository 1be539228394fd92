import type { ScreenRoute } from '../../router';
import { CompareScreen } from './compare-screen';
import { ProfilesScreen } from './profiles-screen';
import { ResultScreen } from './result-screen';
import { ResultsScreen } from './results-screen';
import { ScriptsScreen } from './scripts-screen';
import { TargetsScreen } from './targets-screen';

/** Screens of the load-tests area (docs/load-tests.md); the shell joins every area's list (web/src/app.tsx). */
export const loadTestsRoutes: ScreenRoute[] = [
  { path: '/w/:workspaceId/p/:projectId/load-tests', title: 'Load-test targets', component: TargetsScreen },
  { path: '/w/:workspaceId/p/:projectId/load-tests/profiles', title: 'Stress profiles', component: ProfilesScreen },
  { path: '/w/:workspaceId/p/:projectId/load-tests/scripts', title: 'Load-test scripts', component: ScriptsScreen },
  { path: '/w/:workspaceId/p/:projectId/load-tests/results', title: 'Load-test runs and results', component: ResultsScreen },
  { path: '/w/:workspaceId/p/:projectId/load-tests/results/:resultId', title: 'Load-test result', component: ResultScreen },
  { path: '/w/:workspaceId/p/:projectId/load-tests/compare', title: 'Compare load-test results', component: CompareScreen },
];
