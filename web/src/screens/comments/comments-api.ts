/**
 * The comment endpoints as the client calls them (docs/comments.md), with the service's own
 * record types (lib/features/comments/comment-records.ts), so the screens cannot drift from the API.
 */
import { api, type Page } from '../../api/client';
import type { CommentView, DecisionView, QuestionView, TargetKind, ThreadStatus, ThreadSummary, ThreadView } from '../../../../lib/features/comments/comment-records';

export { targetKinds, threadStatuses } from '../../../../lib/features/comments/comment-records';
export type { CommentView, DecisionView, PersonRef, QuestionView, TargetKind, ThreadStatus, ThreadSummary, ThreadView } from '../../../../lib/features/comments/comment-records';

const threadsBase = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/threads`;
const threadBase = (projectId: string, threadId: string) => `${threadsBase(projectId)}/${encodeURIComponent(threadId)}`;

export interface ThreadFilters {
  draftId: string | null;
  targetId: string | null;
  status: ThreadStatus | null;
}

export interface NewThread {
  target: { kind: TargetKind; id: string };
  body: string;
  draftId: string | null;
  mentions: string[];
}

export interface MemberChoice {
  userId: string;
  email: string;
  name: string;
}

export const commentsApi = {
  list: (projectId: string, filters: ThreadFilters, cursor: string | null, signal?: AbortSignal) =>
    api.get<Page<ThreadSummary>>(threadsBase(projectId), { query: { ...filters, cursor, limit: 20 }, ...(signal ? { signal } : {}) }),
  get: (projectId: string, threadId: string, signal?: AbortSignal) => api.get<ThreadView>(threadBase(projectId, threadId), signal ? { signal } : {}),
  create: (projectId: string, thread: NewThread) => api.post<ThreadView>(threadsBase(projectId), thread),
  reply: (projectId: string, threadId: string, body: string, mentions: string[]) => api.post<CommentView>(`${threadBase(projectId, threadId)}/replies`, { body, mentions }),
  edit: (projectId: string, threadId: string, commentId: string, body: string, mentions: string[]) =>
    api.patch<CommentView>(`${threadBase(projectId, threadId)}/comments/${encodeURIComponent(commentId)}`, { body, mentions }),
  remove: (projectId: string, threadId: string, commentId: string) => api.delete<void>(`${threadBase(projectId, threadId)}/comments/${encodeURIComponent(commentId)}`),
  resolve: (projectId: string, threadId: string) => api.post<ThreadView>(`${threadBase(projectId, threadId)}/resolve`),
  reopen: (projectId: string, threadId: string) => api.post<ThreadView>(`${threadBase(projectId, threadId)}/reopen`),
  raiseQuestion: (projectId: string, threadId: string) => api.post<QuestionView>(`${threadBase(projectId, threadId)}/raise-question`),
  raiseDecision: (projectId: string, threadId: string, title: string, decision: string) => api.post<DecisionView>(`${threadBase(projectId, threadId)}/raise-decision`, { title, decision }),
  decisions: (projectId: string, targetId: string, draftId: string | null, signal?: AbortSignal) =>
    api.get<Page<DecisionView>>(`/api/projects/${encodeURIComponent(projectId)}/decisions`, { query: { targetId, draftId, limit: 200 }, ...(signal ? { signal } : {}) }),
  members: (workspaceId: string, signal?: AbortSignal) => api.get<{ items: MemberChoice[] }>(`/api/workspaces/${encodeURIComponent(workspaceId)}/members`, signal ? { signal } : {}),
};

/** Mentions as typed: e-mail addresses or user IDs separated by commas, semicolons or spaces. */
export function mentionEntries(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}
