/**
 * The comment endpoints as the client calls them (docs/comments.md), typed by the contracts
 * (contracts/comments.ts), so the screens cannot drift from the API.
 */
import type { Member } from '../../../../contracts/account';
import type { TargetKind, ThreadStatus } from '../../../../contracts/comments';
import { call } from '../../api/call';

export type { CommentView, DecisionView, PersonRef, QuestionView, TargetKind, ThreadStatus, ThreadSummary, ThreadView } from '../../../../contracts/comments';

/** What a thread can be on, in the order the forms offer them: every kind the contract names, none else. */
const everyTargetKind = { element: 0, relationship: 1, message: 2, schema: 3, operation: 4, channel: 5, subscription: 6, binding: 7, scenario: 8, view: 9, proposal: 10, 'cost-resource': 11 } satisfies Record<TargetKind, number>;
export const targetKinds = Object.keys(everyTargetKind) as TargetKind[];

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

/** A member a mention can name. */
export type MemberChoice = Pick<Member, 'userId' | 'email' | 'name'>;

export const commentsApi = {
  list: (projectId: string, filters: ThreadFilters, cursor: string | null, signal?: AbortSignal) =>
    call('GET /api/projects/{projectId}/threads', { projectId }, { query: { ...filters, cursor, limit: 20 }, ...(signal ? { signal } : {}) }),
  get: (projectId: string, threadId: string, signal?: AbortSignal) => call('GET /api/projects/{projectId}/threads/{threadId}', { projectId, threadId }, signal ? { signal } : {}),
  create: (projectId: string, thread: NewThread) => call('POST /api/projects/{projectId}/threads', { projectId }, { body: thread }),
  reply: (projectId: string, threadId: string, body: string, mentions: string[]) => call('POST /api/projects/{projectId}/threads/{threadId}/replies', { projectId, threadId }, { body: { body, mentions } }),
  edit: (projectId: string, threadId: string, commentId: string, body: string, mentions: string[]) =>
    call('PATCH /api/projects/{projectId}/threads/{threadId}/comments/{commentId}', { projectId, threadId, commentId }, { body: { body, mentions } }),
  remove: (projectId: string, threadId: string, commentId: string) =>
    call('DELETE /api/projects/{projectId}/threads/{threadId}/comments/{commentId}', { projectId, threadId, commentId }),
  resolve: (projectId: string, threadId: string) => call('POST /api/projects/{projectId}/threads/{threadId}/resolve', { projectId, threadId }, { body: {} }),
  reopen: (projectId: string, threadId: string) => call('POST /api/projects/{projectId}/threads/{threadId}/reopen', { projectId, threadId }, { body: {} }),
  raiseQuestion: (projectId: string, threadId: string) => call('POST /api/projects/{projectId}/threads/{threadId}/raise-question', { projectId, threadId }, { body: {} }),
  raiseDecision: (projectId: string, threadId: string, title: string, decision: string) =>
    call('POST /api/projects/{projectId}/threads/{threadId}/raise-decision', { projectId, threadId }, { body: { title, decision } }),
  decisions: (projectId: string, targetId: string, draftId: string | null, signal?: AbortSignal) =>
    call('GET /api/projects/{projectId}/decisions', { projectId }, { query: { targetId, draftId, limit: 200 }, ...(signal ? { signal } : {}) }),
  members: (workspaceId: string, signal?: AbortSignal) => call('GET /api/workspaces/{workspaceId}/members', { workspaceId }, signal ? { signal } : {}),
};

/** Mentions as typed: e-mail addresses or user IDs separated by commas, semicolons or spaces. */
export function mentionEntries(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}
