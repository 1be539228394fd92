/**
 * Addresses of the costs area. The line shown travels as `?branchId=` (main without it), as on
 * the model screens, so the sheet, the estimate and the links between them keep it.
 */
import { withQuery } from '../../api/client';
import { projectPath } from '../../navigation';

export { currentBranchId } from '../model/model-address';

export type CostsTab = '' | 'estimate' | 'compare' | 'estimates' | 'prices';

export function costsHref(workspaceId: string, projectId: string, tab: CostsTab, query: Record<string, string | null> = {}): string {
  const path = tab === '' ? projectPath(workspaceId, projectId, 'costs') : projectPath(workspaceId, projectId, 'costs', tab);
  return withQuery(path, query);
}

export function savedEstimateHref(workspaceId: string, projectId: string, estimateId: string): string {
  return projectPath(workspaceId, projectId, 'costs', 'estimates', estimateId);
}
