/**
 * What a thread can become: a question record, and decisions on its target (docs/comments.md
 * "Questions and decisions").
 */
import { NotFoundError } from '../../platform/errors/service-error';
import type { ProjectRecord } from '../workspaces/project-store';
import type { DecisionView, QuestionView } from './comment-records';
import type { TargetKind } from './comment-records';
import { appendDecision } from './decision-store';
import type { CommentContext, CommentWriter } from './threads';
import { findQuestionRow, findThreadRow, insertQuestion, type ThreadRow } from './thread-store';

function questionViewOf(thread: ThreadRow, question: { id: string; raised_by: string; raised_at: Date }): QuestionView {
  return {
    id: question.id,
    threadId: thread.id,
    projectId: thread.project_id,
    draftId: thread.draft_id,
    target: { kind: thread.target_kind as TargetKind, id: thread.target_id },
    status: thread.status,
    raisedBy: question.raised_by,
    raisedAt: question.raised_at.toISOString(),
  };
}

/** Turns a thread into a question record; a thread that already is one answers it (`created` false). */
export async function raiseQuestion(context: CommentContext, input: { project: ProjectRecord; threadId: string; writer: CommentWriter }): Promise<{ created: boolean; question: QuestionView }> {
  return context.db.transaction().execute(async (trx) => {
    const thread = await findThreadRow(trx, input.project.id, input.threadId, { lock: true });
    if (!thread) throw new NotFoundError('Thread not found');
    const existing = await findQuestionRow(trx, thread.id);
    if (existing) return { created: false, question: questionViewOf(thread, existing) };
    const question = { id: context.newId(), raised_by: `user:${input.writer.userId}`, raised_at: context.now() };
    await insertQuestion(trx, { id: question.id, threadId: thread.id, actor: question.raised_by, now: question.raised_at });
    return { created: true, question: questionViewOf(thread, question) };
  });
}

/**
 * Records a decision linked to the thread and its target (in the thread's line). Decisions are
 * never changed: a later one on the same target supersedes the one in force.
 */
export async function raiseDecision(context: CommentContext, input: { project: ProjectRecord; threadId: string; writer: CommentWriter; title: string; decision: string }): Promise<DecisionView> {
  return context.db.transaction().execute(async (trx) => {
    const thread = await findThreadRow(trx, input.project.id, input.threadId, { lock: true });
    if (!thread) throw new NotFoundError('Thread not found');
    return appendDecision(trx, {
      id: context.newId(),
      projectId: thread.project_id,
      threadId: thread.id,
      draftId: thread.draft_id,
      target: { kind: thread.target_kind as TargetKind, id: thread.target_id },
      title: input.title,
      decision: input.decision,
      actor: `user:${input.writer.userId}`,
      now: context.now(),
    });
  });
}
