import { z } from 'zod';
import { guidText, pageCursor, pageLimit } from '../../lib/platform/http/common-schemas';
import { commentBody, decisionTitle } from '../../lib/features/comments/comment-text';
import { threadStatuses } from '../../lib/features/comments/comment-records';
import { targetRequest } from '../../lib/features/comments/comment-targets';
import { mentionList } from '../../lib/features/comments/mentions';

/** Request bodies and queries of the comment endpoints (part 1 "Comments"; docs/comments.md). */

export const threadRequest = z.strictObject({
  target: targetRequest,
  body: commentBody,
  id: guidText.nullable().optional().describe('An ID for the thread; a repeat with the same ID answers the thread made first (200).'),
  draftId: guidText.nullable().optional().describe('A draft of the project the target is in; omit or null for main.'),
  mentions: mentionList,
});

export const replyRequest = z.strictObject({
  body: commentBody,
  id: guidText.nullable().optional().describe('An ID for the comment; a repeat with the same ID answers the comment made first (200).'),
  mentions: mentionList,
});

export const editRequest = z.strictObject({
  body: commentBody,
  mentions: mentionList.describe('Replaces the mentions; omit or null to keep them.'),
});

export const decisionRequest = z.strictObject({
  title: decisionTitle,
  decision: commentBody,
});

export const threadListQuery = z.strictObject({
  draftId: guidText.optional(),
  targetId: guidText.optional(),
  status: z.enum(threadStatuses, { error: 'must be open or resolved' }).optional(),
  cursor: pageCursor.optional(),
  limit: pageLimit,
});

export const decisionListQuery = z.strictObject({
  draftId: guidText.optional(),
  targetId: guidText.optional(),
  cursor: pageCursor.optional(),
  limit: pageLimit,
});
