import { decisionSchema, questionSchema, threadSchema, threadSummarySchema, commentSchema } from '../../lib/comments/comment-answer-schemas';
import type { GroupContracts } from '../../lib/openapi/route-contract';
import { pageOf } from '../../lib/openapi/schema-kit';
import { decisionListQuery, decisionRequest, editRequest, replyRequest, threadListQuery, threadRequest } from './comment-inputs';

export const contracts: GroupContracts = {
  'list-threads': {
    query: threadListQuery,
    responses: { 200: pageOf(threadSummarySchema), 400: 'problem', 404: 'problem' },
    access: { role: 'viewer' },
    description: 'Each thread with its first comment, newest first; without `draftId` the threads on main only (a `draftId` that names no draft of the project is 404). `cursor` is the `nextCursor` of the page before with the same filters.',
    example: { as: 'readToken', query: { status: 'open', limit: '10' } },
  },
  'create-thread': {
    body: threadRequest,
    responses: { 201: threadSchema, 200: threadSchema, 400: 'problem', 409: 'problem' },
    access: { role: 'viewer' },
    description:
      "201 the new thread with its first comment; 200 the thread `id` already names in this project (nothing written); 409 on `id` when another project's thread has it. 400 on `target.id` when the target is not in the thread's line (main or `draftId`), on `draftId` when it names no draft, on `mentions[i]` for someone who is not a member of the workspace.",
    example: { as: 'viewer', body: { target: { kind: 'element', id: '{model_orders}' }, body: 'Should **orders** own the payment step?', mentions: ['editor@contract.test'] }, status: 201 },
  },
  'get-thread': {
    responses: { 200: threadSchema, 404: 'problem' },
    access: { role: 'viewer' },
    description: 'Every comment in order, tombstones in place, the question and the decisions raised from the thread.',
    example: { as: 'readToken' },
  },
  'create-reply': {
    body: replyRequest,
    responses: { 201: commentSchema, 200: commentSchema, 400: 'problem', 404: 'problem', 409: 'problem' },
    access: { role: 'viewer' },
    description: "201 the new comment; 200 the comment `id` already names in this thread (nothing written); 409 on `id` when another thread's comment has it, or when the thread holds 1000 comments. A reply does not reopen a resolved thread.",
    example: { as: 'viewer', body: { body: 'Payments stay in checkout.\nSee the scenario.', mentions: null }, status: 201 },
  },
  'edit-comment': {
    body: editRequest,
    responses: { 200: commentSchema, 400: 'problem', 403: 'problem', 404: 'problem', 409: 'problem' },
    access: { role: 'viewer', note: 'Only its author.' },
    description: "403 for someone else's comment (an owner too); 409 for a deleted one. `mentions` absent or null keeps the mentions, a list replaces them.",
    example: { as: 'editor', body: { body: 'Should orders own the payment step, or checkout?', mentions: ['viewer@contract.test'] } },
  },
  'delete-comment': {
    responses: { 204: 'empty', 403: 'problem', 404: 'problem' },
    access: { role: 'viewer', note: 'Its author, or an owner of the workspace.' },
    description: 'A tombstone stays in its place (`body` null, `deleted` true); deleting it again answers 204.',
    example: { params: { commentId: '{doomedCommentId}' }, last: true },
  },
  'resolve-thread': {
    responses: { 200: threadSchema, 404: 'problem' },
    access: { role: 'editor' },
    description: 'Already resolved: the thread as it is.',
    example: { as: 'editor' },
  },
  'reopen-thread': {
    responses: { 200: threadSchema, 404: 'problem' },
    access: { role: 'editor' },
    description: 'Clears `resolvedBy` and `resolvedAt`; already open: the thread as it is.',
    example: { as: 'editor', params: { threadId: '{resolvedThreadId}' } },
  },
  'raise-question': {
    responses: { 201: questionSchema, 200: questionSchema, 404: 'problem' },
    access: { role: 'viewer' },
    description: "201 the new question record; 200 the one the thread already has. The question's status is the thread's.",
    example: { as: 'viewer', status: 201 },
  },
  'raise-decision': {
    body: decisionRequest,
    responses: { 201: decisionSchema, 400: 'problem', 404: 'problem' },
    access: { role: 'editor' },
    description: "A decision on the thread's target, in the thread's line; it supersedes the one in force there (`supersedes`), which gets `supersededBy`. Decisions are append-only.",
    example: { as: 'editor', body: { title: 'Checkout owns payments', decision: 'Orders only records the payment reference.' } },
  },
  'list-decisions': {
    query: decisionListQuery,
    responses: { 200: pageOf(decisionSchema), 400: 'problem', 404: 'problem' },
    access: { role: 'viewer' },
    description: 'On main, or in `draftId` (404 when it names no draft of the project); `targetId` the chain on one target, the one in force first.',
    example: { as: 'readToken', query: { targetId: '{model_orders}' } },
  },
};
