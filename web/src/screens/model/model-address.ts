/**
 * Addresses of the model area. The branch being looked at travels as
 * `?branchId=` on every model screen, so links between record pages keep it
 * and a deep link opens the same branch.
 */
import { withQuery } from '../../api/client';
import { projectPath } from '../../navigation';
import { currentUrl } from '../../router';
import type { Section } from './model-api';

export function currentBranchId(): string | null {
  return currentUrl.value.searchParams.get('branchId') || null;
}

export function modelHref(workspaceId: string, projectId: string, branchId: string | null, ...rest: string[]): string {
  return withQuery(projectPath(workspaceId, projectId, 'model', ...rest), { branchId });
}

export function recordHref(workspaceId: string, projectId: string, branchId: string | null, section: Section, id: string): string {
  return modelHref(workspaceId, projectId, branchId, section, id);
}

/** The model list of one kind, keeping the filters given (`filters` holds the address's filter parameters). */
export function sectionListHref(workspaceId: string, projectId: string, branchId: string | null, section: Section, filters: Record<string, string | null> = {}): string {
  return withQuery(projectPath(workspaceId, projectId, 'model'), { ...filters, branchId, section: section === 'elements' ? null : section });
}
