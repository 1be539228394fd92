/**
 * The project navigation: one entry per area of a project. Areas whose
 * screens arrive with later features are listed with `ready: false` and are
 * left out of the menu until they are built, so adding one is one line here
 * and its routes in `screens/<area>/routes.ts`.
 */
export interface ProjectArea {
  /** Path under `/w/:workspaceId/p/:projectId/`. */
  segment: string;
  label: string;
  ready: boolean;
}

export const projectAreas: readonly ProjectArea[] = [
  { segment: 'model', label: 'Model', ready: true },
  { segment: 'views', label: 'Views', ready: true },
  { segment: 'scenarios', label: 'Scenarios', ready: true },
  { segment: 'history', label: 'Revisions and branches', ready: true },
  { segment: 'transfer', label: 'Import and export', ready: true },
  { segment: 'share-links', label: 'Share links', ready: true },
  { segment: 'sources', label: 'Sources', ready: true },
  { segment: 'proposals', label: 'Scans and proposals', ready: true },
  { segment: 'costs', label: 'Costs', ready: true },
  { segment: 'load-tests', label: 'Load tests', ready: true },
  { segment: 'ai', label: 'AI proposals', ready: true },
  { segment: 'comments', label: 'Comments', ready: true },
];

export function projectPath(workspaceId: string, projectId: string, ...rest: string[]): string {
  return ['', 'w', encodeURIComponent(workspaceId), 'p', encodeURIComponent(projectId), ...rest.map(encodeURIComponent)].join('/');
}

export function workspacePath(workspaceId: string, ...rest: string[]): string {
  return ['', 'w', encodeURIComponent(workspaceId), ...rest.map(encodeURIComponent)].join('/');
}
