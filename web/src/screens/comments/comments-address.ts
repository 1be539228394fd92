import { withQuery } from '../../api/client';
import { projectPath } from '../../navigation';
import { sectionOfKind } from '../model/model-api';
import type { TargetKind } from './comments-api';

/** Addresses of the comments area: the list with its filters, a thread, and the form for a new thread on a target. */
export function commentsPath(workspaceId: string, projectId: string, ...rest: string[]): string {
  return projectPath(workspaceId, projectId, 'comments', ...rest);
}

/** The list with the new-thread form open on a target (the "Comment" link of a record page). */
export function newThreadHref(workspaceId: string, projectId: string, target: { kind: TargetKind; id: string }, draftId: string | null): string {
  return withQuery(commentsPath(workspaceId, projectId), { new: '1', targetKind: target.kind, targetId: target.id, draftId });
}

/** Where a thread's target is shown in the client, when it has a page. */
export function targetHref(workspaceId: string, projectId: string, target: { kind: string; id: string }, draftId: string | null): string | null {
  const section = sectionOfKind(target.kind);
  if (section) return withQuery(projectPath(workspaceId, projectId, 'model', section, target.id), { branchId: draftId });
  if (target.kind === 'scenario') return projectPath(workspaceId, projectId, 'scenarios', target.id);
  if (target.kind === 'view') return projectPath(workspaceId, projectId, 'views', target.id);
  return null;
}

/** A target as a person reads it: its kind in words and the start of its ID. */
export function targetLabel(target: { kind: string; id: string }): string {
  return `${target.kind.replace('-', ' ')} ${target.id.slice(0, 8)}`;
}
