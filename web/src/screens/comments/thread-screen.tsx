import { useState } from 'preact/hooks';
import { Form, TextAreaField } from '../../components/form';
import { ErrorNotice, Loaded } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import { Link, type RouteParams } from '../../router';
import { commentsPath } from './comments-address';
import { commentsApi, mentionEntries, type MemberChoice, type ThreadView } from './comments-api';
import { CommentItem } from './comment-item';
import { commentsRole, whenText } from './comments-role';
import { DecisionPanel } from './decision-panel';
import { MentionsField } from './mentions-field';
import { TargetTitle } from './target-title';

function ReplyForm({ projectId, threadId, members, onReplied }: { projectId: string; threadId: string; members: readonly MemberChoice[]; onReplied: () => void }) {
  const [body, setBody] = useState('');
  const [mentions, setMentions] = useState('');
  const reply = useAction(async () => {
    await commentsApi.reply(projectId, threadId, body, mentionEntries(mentions));
    setBody('');
    setMentions('');
    onReplied();
  });
  return (
    <Form label="Reply to this thread" class="comments-reply" onSubmit={() => void reply.run()}>
      <TextAreaField label="Reply" field="body" error={reply.error} value={body} onValue={setBody} rows={4} hint="Plain text; Markdown is kept as written. Up to 10000 characters." />
      <MentionsField value={mentions} onValue={setMentions} members={members} error={reply.error} />
      <ErrorNotice error={reply.error} />
      <div class="actions">
        <button type="submit" disabled={reply.pending}>
          Reply
        </button>
      </div>
    </Form>
  );
}

function ThreadActions({ projectId, thread, canDecide, onChanged }: { projectId: string; thread: ThreadView; canDecide: boolean; onChanged: () => void }) {
  const act = useAction(async (what: 'resolve' | 'reopen' | 'question') => {
    if (what === 'resolve') await commentsApi.resolve(projectId, thread.id);
    else if (what === 'reopen') await commentsApi.reopen(projectId, thread.id);
    else await commentsApi.raiseQuestion(projectId, thread.id);
    onChanged();
  });
  return (
    <>
      <div class="actions">
        {canDecide && thread.status === 'open' ? (
          <button type="button" onClick={() => void act.run('resolve')} disabled={act.pending}>
            Resolve
          </button>
        ) : null}
        {canDecide && thread.status === 'resolved' ? (
          <button type="button" class="secondary" onClick={() => void act.run('reopen')} disabled={act.pending}>
            Reopen
          </button>
        ) : null}
        {thread.question ? null : (
          <button type="button" class="secondary" onClick={() => void act.run('question')} disabled={act.pending}>
            Raise as question
          </button>
        )}
      </div>
      <ErrorNotice error={act.error} />
    </>
  );
}

/** `/w/:ws/p/:p/comments/:threadId`: the comments in order (tombstones in place), replies, edits, resolve and reopen, a question, decisions. */
export function ThreadScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const threadId = params.threadId!;
  const state = useLoad((signal) => commentsApi.get(projectId, threadId, signal), [projectId, threadId]);
  const members = useLoad(async (signal) => (await commentsApi.members(workspaceId, signal)).items, [workspaceId]);
  const [round, setRound] = useState(0);
  const changed = () => {
    state.reload();
    setRound((r) => r + 1);
  };
  const role = commentsRole(workspaceId);
  return (
    <section class="comments">
      <nav class="breadcrumbs" aria-label="Breadcrumbs">
        <Link href={commentsPath(workspaceId, projectId)}>Comments</Link> › Thread
      </nav>
      <Loaded state={state} label="Loading the thread…">
        {(thread) => {
          return (
            <>
              <h1>
                Thread on <TargetTitle workspaceId={workspaceId} projectId={projectId} target={thread.target} draftId={thread.draftId} />
              </h1>
              <p class="comments-thread-state">
                <span class={`badge comments-status-${thread.status}`}>{thread.status}</span>
                {thread.question ? <span class="badge comments-question">question</span> : null}
                {thread.draftId ? <span class="muted">in draft {thread.draftId}</span> : <span class="muted">on main</span>}
                {thread.resolvedAt ? <span class="muted">resolved {whenText(thread.resolvedAt)}</span> : null}
              </p>
              <ThreadActions projectId={projectId} thread={thread} canDecide={role.canDecide} onChanged={changed} />
              <ol class="comments-comment-list" aria-label="Comments">
                {thread.comments.map((comment) => (
                  <CommentItem
                    key={`${comment.id}:${comment.editedAt ?? ''}:${comment.deletedAt ?? ''}`}
                    projectId={projectId}
                    comment={comment}
                    members={members.data ?? []}
                    canEdit={comment.author.userId === role.userId}
                    canDelete={comment.author.userId === role.userId || role.isOwner}
                    onChanged={changed}
                  />
                ))}
              </ol>
              <ReplyForm projectId={projectId} threadId={thread.id} members={members.data ?? []} onReplied={changed} />
              <DecisionPanel projectId={projectId} thread={thread} members={members.data ?? []} canDecide={role.canDecide} round={round} onDecided={changed} />
            </>
          );
        }}
      </Loaded>
    </section>
  );
}
