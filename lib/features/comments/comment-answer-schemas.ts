/**
 * Threads, comments, questions and decisions as zod schemas, for the OpenAPI document and the
 * contract test (docs/openapi.md), each checked against the type the code answers with.
 */
import { z } from 'zod';
import { describes, guid, timestamp } from '../../../contracts/schema-kit';
import { targetKinds, threadStatuses, type CommentView, type DecisionView, type PersonRef, type QuestionRef, type QuestionView, type ThreadSummary, type ThreadTarget, type ThreadView } from './comment-records';

const actor = z.string().meta({ description: '`user:<id>`.' });
const status = z.enum(threadStatuses);

const targetSchema = describes<ThreadTarget>()(z.object({ kind: z.enum(targetKinds), id: guid }).meta({ id: 'CommentTarget', description: 'The record a thread is on.' }));

const personSchema = describes<PersonRef>()(z.object({ userId: guid, name: z.string().nullable().meta({ description: "The account's current name; null once the account is gone." }) }));

export const commentSchema = describes<CommentView>()(
  z
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
    .meta({ id: 'Comment', description: 'A deleted comment stays in its place as a tombstone: `body` null, `deleted` true, no mentions.' }),
);

const questionRefSchema = describes<QuestionRef>()(z.object({ id: guid, raisedBy: actor, raisedAt: timestamp }));

export const questionSchema = describes<QuestionView>()(
  z
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
    .meta({ id: 'CommentQuestion' }),
);

export const decisionSchema = describes<DecisionView>()(
  z
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
    .meta({ id: 'CommentDecision' }),
);

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

export const threadSummarySchema = describes<ThreadSummary>()(z.object({ ...threadMembers, firstComment: commentSchema }).meta({ id: 'CommentThreadSummary' }));

export const threadSchema = describes<ThreadView>()(
  z
    .object({
      ...threadMembers,
      comments: z.array(commentSchema).meta({ description: 'Every comment in order, tombstones in place.' }),
      decisions: z.array(decisionSchema).meta({ description: 'Those raised from this thread, oldest first.' }),
    })
    .meta({ id: 'CommentThread' }),
);
