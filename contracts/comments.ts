/**
 * Threads, comments, questions and decisions as the API answers them (docs/comments.md
 * "Records"): one zod schema per answer, its type made from it. Dates are ISO 8601 UTC; actors
 * are `user:<id>`.
 */
import { z } from 'zod';
import { guid, pageOf, timestamp } from './schema-kit';

/**
 * What a thread can be on (docs/comments.md "Targets"): every kind of model record, a
 * scenario, a view, an AI proposal, or a resource of the cost sheet. The model's kinds come
 * first, in the model's order (lib/features/comments/comment-records.ts checks them).
 */
export const targetKinds = ['element', 'relationship', 'message', 'schema', 'operation', 'channel', 'subscription', 'binding', 'scenario', 'view', 'proposal', 'cost-resource'] as const;
export type TargetKind = (typeof targetKinds)[number];

export const threadStatuses = ['open', 'resolved'] as const;
export type ThreadStatus = (typeof threadStatuses)[number];

const actor = z.string().meta({ description: '`user:<id>`.' });
const status = z.enum(threadStatuses);

/** The record a thread is on. */
const targetSchema = z.object({ kind: z.enum(targetKinds), id: guid }).meta({ id: 'CommentTarget', description: 'The record a thread is on.' });
export type ThreadTarget = z.infer<typeof targetSchema>;

/** A person as a comment names them; `name` is null once their account is gone. */
const personSchema = z.object({ userId: guid, name: z.string().nullable().meta({ description: "The account's current name; null once the account is gone." }) });
export type PersonRef = z.infer<typeof personSchema>;

/** One comment; a deleted one is a tombstone: `body` null, `deleted` true, no mentions. */
export const commentSchema = z
  .object({
    id: guid,
    threadId: guid,
    position: z.number().int().meta({ description: '1, 2, … in the thread.' }),
    body: z.string().nullable().meta({ description: 'As written; null once deleted.' }),
    deleted: z.boolean(),
    author: personSchema,
    createdBy: actor,
    mentions: z.array(personSchema).meta({ description: 'Empty once deleted.' }),
    createdAt: timestamp,
    editedAt: timestamp.nullable(),
    deletedAt: timestamp.nullable(),
    deletedBy: actor.nullable(),
  })
  .meta({ id: 'Comment', description: 'A deleted comment stays in its place as a tombstone: `body` null, `deleted` true, no mentions.' });
export type CommentView = z.infer<typeof commentSchema>;

const questionRefSchema = z.object({ id: guid, raisedBy: actor, raisedAt: timestamp });
export type QuestionRef = z.infer<typeof questionRefSchema>;

/** A question record: the thread it turns into a question, with the thread's status. */
export const questionSchema = z
  .object({
    id: guid,
    threadId: guid,
    projectId: guid,
    draftId: guid.nullable(),
    target: targetSchema,
    status: status.meta({ description: "The thread's: resolving the thread answers the question." }),
    raisedBy: actor,
    raisedAt: timestamp,
  })
  .meta({ id: 'CommentQuestion' });
export type QuestionView = z.infer<typeof questionSchema>;

/** A decision: append-only; `supersedes` and `supersededBy` chain the decisions on one target. */
export const decisionSchema = z
  .object({
    id: guid,
    threadId: guid,
    projectId: guid,
    draftId: guid.nullable(),
    target: targetSchema,
    title: z.string(),
    decision: z.string(),
    decidedBy: actor,
    decidedAt: timestamp,
    supersedes: guid.nullable().meta({ description: 'The decision this one replaced on the target, or null.' }),
    supersededBy: guid.nullable().meta({ description: 'The decision that replaced this one; null while it is in force.' }),
  })
  .meta({ id: 'CommentDecision' });
export type DecisionView = z.infer<typeof decisionSchema>;

/** `GET P/decisions`: the decisions on a target. */
export const decisionsPage = pageOf(decisionSchema);

const threadMembers = {
  id: guid,
  projectId: guid,
  draftId: guid.nullable().meta({ description: 'The draft the thread is in; null on main.' }),
  target: targetSchema,
  status,
  createdBy: actor,
  createdAt: timestamp,
  updatedAt: timestamp.meta({ description: 'The last reply, edit, delete, resolve or reopen.' }),
  resolvedBy: actor.nullable(),
  resolvedAt: timestamp.nullable(),
  commentCount: z.number().int().meta({ description: 'Comments not deleted.' }),
  question: questionRefSchema.nullable(),
};

/** A thread as the list shows it: without its comments, with the first one and the count of live ones. */
export const threadSummarySchema = z.object({ ...threadMembers, firstComment: commentSchema }).meta({ id: 'CommentThreadSummary' });
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

/** `GET P/threads`: threads newest first. */
export const threadSummariesPage = pageOf(threadSummarySchema);

/** One thread with every comment in order and the decisions raised from it. */
export const threadSchema = z
  .object({
    ...threadMembers,
    comments: z.array(commentSchema).meta({ description: 'Every comment in order, tombstones in place.' }),
    decisions: z.array(decisionSchema).meta({ description: 'Those raised from this thread, oldest first.' }),
  })
  .meta({ id: 'CommentThread' });
export type ThreadView = z.infer<typeof threadSchema>;
