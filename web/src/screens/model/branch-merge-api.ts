/** Merging a branch into main and discarding one (docs/change-review.md). */
import type { MergeResult, MergeSide } from '../../../../contracts/streams';
import { call } from '../../api/call';

export type { MergeConflict, MergeResult, MergeSide } from '../../../../contracts/streams';

/** A dry run: what the merge would write and its conflicts; writes nothing. */
export function previewMerge(projectId: string, branchId: string): Promise<MergeResult> {
  return call('POST /api/projects/{projectId}/branches/{branchId}/merge', { projectId, branchId }, { query: { dryRun: 'true' }, body: {} });
}

/** The merge, guarded by the version the preview read. */
export function mergeBranch(projectId: string, branchId: string, expectedVersion: number, resolutions: { id: string; take: MergeSide }[]): Promise<MergeResult> {
  return call('POST /api/projects/{projectId}/branches/{branchId}/merge', { projectId, branchId }, { query: { expectedVersion: String(expectedVersion) }, body: { resolutions } });
}

/** Discards the branch with its cost sheet and comments (204). */
export function discardBranch(projectId: string, branchId: string): Promise<undefined> {
  return call('DELETE /api/projects/{projectId}/branches/{branchId}', { projectId, branchId });
}
