import { createGroupHandler } from '../../lib/http/create-group-handler';
import { createCommentReply } from './create-reply';
import { createCommentThread } from './create-thread';
import { deleteThreadComment } from './delete-comment';
import { editThreadComment } from './edit-comment';
import { getCommentThread } from './get-thread';
import { listThreadDecisions } from './list-decisions';
import { listCommentThreads } from './list-threads';
import { raiseThreadDecision } from './raise-decision';
import { raiseThreadQuestion } from './raise-question';
import { reopenCommentThread } from './reopen-thread';
import { resolveCommentThread } from './resolve-thread';

export const handler = createGroupHandler('comments', {
  'list-threads': listCommentThreads,
  'create-thread': createCommentThread,
  'get-thread': getCommentThread,
  'create-reply': createCommentReply,
  'edit-comment': editThreadComment,
  'delete-comment': deleteThreadComment,
  'resolve-thread': resolveCommentThread,
  'reopen-thread': reopenCommentThread,
  'raise-question': raiseThreadQuestion,
  'raise-decision': raiseThreadDecision,
  'list-decisions': listThreadDecisions,
});
