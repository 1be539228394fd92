/**
 * Threads, comments, questions and decisions as the API answers them (docs/comments.md
 * "Records"). Dates are ISO 8601 UTC; actors are `user:<id>`.
 */
import { modelKinds } from '../../core/model/model-records';

/**
 * What a thread can be on (docs/comments.md "Targets"): every kind of model record, a
 * scenario, a view, an AI proposal, or a resource of the cost sheet.
 */
export const targetKinds = [...modelKinds, 'scenario', 'view', 'proposal', 'cost-resource'] as const;
export type TargetKind = (typeof targetKinds)[number];

export const threadStatuses = ['open', 'resolved'] as const;
export type ThreadStatus = (typeof threadStatuses)[number];

/** The record a thread is on. */
export interface ThreadTarget {
  kind: TargetKind;
  id: string;
}

/** A person as a comment names them; `name` is null once their account is gone. */
export interface PersonRef {
  userId: string;
  name: string | null;
}

/** One comment; a deleted one is a tombstone: `body` null, `deleted` true, no mentions. */
export interface CommentView {
  id: string;
  threadId: string;
  position: number;
  body: string | null;
  deleted: boolean;
  author: PersonRef;
  createdBy: string;
  mentions: PersonRef[];
  createdAt: string;
  editedAt: string | null;
  deletedAt: string | null;
  deletedBy: string | null;
}

export interface QuestionRef {
  id: string;
  raisedBy: string;
  raisedAt: string;
}

/** A question record: the thread it turns into a question, with the thread's status. */
export interface QuestionView extends QuestionRef {
  threadId: string;
  projectId: string;
  draftId: string | null;
  target: ThreadTarget;
  status: ThreadStatus;
}

/** A decision: append-only; `supersedes` and `supersededBy` chain the decisions on one target. */
export interface DecisionView {
  id: string;
  threadId: string;
  projectId: string;
  draftId: string | null;
  target: ThreadTarget;
  title: string;
  decision: string;
  decidedBy: string;
  decidedAt: string;
  supersedes: string | null;
  supersededBy: string | null;
}

/** A thread as the list shows it: without its comments, with the first one and the count of live ones. */
export interface ThreadSummary {
  id: string;
  projectId: string;
  draftId: string | null;
  target: ThreadTarget;
  status: ThreadStatus;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  resolvedBy: string | null;
  resolvedAt: string | null;
  commentCount: number;
  question: QuestionRef | null;
  firstComment: CommentView;
}

/** One thread with every comment in order and the decisions raised from it. */
export interface ThreadView extends Omit<ThreadSummary, 'firstComment'> {
  comments: CommentView[];
  decisions: DecisionView[];
}
