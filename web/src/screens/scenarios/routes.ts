import type { ScreenRoute } from '../../router';
import { ScenarioEditorScreen } from './scenario-editor-screen';
import { ScenarioListScreen } from './scenario-list-screen';

/**
 * Screens of the scenarios area; the shell joins every area's list
 * (web/src/app.tsx). `new` comes before `:scenarioId`, and both use the one
 * editor component, so a created scenario keeps its screen state when its
 * address changes to its own.
 */
export const scenariosRoutes: ScreenRoute[] = [
  { path: '/w/:workspaceId/p/:projectId/scenarios', title: 'Scenarios', component: ScenarioListScreen },
  { path: '/w/:workspaceId/p/:projectId/scenarios/new', title: 'New scenario', component: ScenarioEditorScreen },
  { path: '/w/:workspaceId/p/:projectId/scenarios/:scenarioId', title: 'Scenario', component: ScenarioEditorScreen },
];
