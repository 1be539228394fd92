import { useState } from 'preact/hooks';
import { Empty } from '../../components/status';
import { PagedList, usePagedList } from '../../components/pager';
import { SelectField, TextField } from '../../components/form';
import { useLoad } from '../../components/use-load';
import { currentUrl, Link, setQueryParameters, type RouteParams } from '../../router';
import { listBranches } from '../model/model-api';
import { commentsPath, targetHref, targetLabel } from './comments-address';
import { commentsApi, targetKinds, type TargetKind, type ThreadStatus, type ThreadSummary } from './comments-api';
import { CommentBody } from './comment-body';
import { whenText } from './comments-role';
import { NewThreadForm } from './new-thread-form';

function ThreadRow({ workspaceId, projectId, thread }: { workspaceId: string; projectId: string; thread: ThreadSummary }) {
  const targetLink = targetHref(workspaceId, projectId, thread.target, thread.draftId);
  return (
    <li class="comments-thread-item">
      <div class="comments-thread-head">
        <span class={`badge comments-status-${thread.status}`}>{thread.status}</span>
        {thread.question ? <span class="badge comments-question">question</span> : null}
        {targetLink ? <Link href={targetLink}>{targetLabel(thread.target)}</Link> : <span>{targetLabel(thread.target)}</span>}
        <span class="muted">
          {thread.commentCount} {thread.commentCount === 1 ? 'comment' : 'comments'} · {whenText(thread.updatedAt)}
        </span>
      </div>
      <Link href={commentsPath(workspaceId, projectId, thread.id)} class="comments-thread-link">
        <span class="comments-author">{thread.firstComment.author.name ?? thread.firstComment.author.userId}</span>
        <CommentBody comment={thread.firstComment} />
      </Link>
    </li>
  );
}

const guid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The target filter: applied once the text is a whole ID (or cleared), not at every keystroke. */
function TargetFilter({ value }: { value: string | null }) {
  const [text, setText] = useState(value ?? '');
  const apply = (next: string) => {
    setText(next);
    const trimmed = next.trim();
    if (trimmed === '' || guid.test(trimmed)) setQueryParameters({ targetId: trimmed || null });
  };
  return <TextField label="Target ID" field="targetId" value={text} onValue={apply} spellcheck={false} hint="A record's ID: only the threads on it." />;
}

/** `/w/:ws/p/:p/comments`: threads newest first, filtered by line (main or a draft), status and target; and a new thread. */
export function ThreadsScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const query = currentUrl.value.searchParams;
  const draftId = query.get('draftId') || null;
  const status = (query.get('status') || null) as ThreadStatus | null;
  const targetId = query.get('targetId') || null;
  const creating = query.get('new') === '1';
  const targetKind = (targetKinds as readonly string[]).includes(query.get('targetKind') ?? '') ? (query.get('targetKind') as TargetKind) : 'element';
  const drafts = useLoad(async (signal) => (await listBranches(projectId, signal)).items.filter((b) => b.kind === 'draft'), [projectId]);
  const members = useLoad(async (signal) => (await commentsApi.members(workspaceId, signal)).items, [workspaceId]);
  const list = usePagedList((cursor, signal) => commentsApi.list(projectId, { draftId, status, targetId }, cursor, signal), [projectId, draftId, status, targetId]);
  return (
    <section class="comments">
      <h1>Comments</h1>
      <p class="lead">Threads on the model's records, scenarios, views and costs. Comments are people's words, not model facts; they are kept as written.</p>
      <div class="comments-filters">
        <SelectField
          label="Line"
          field="draftId"
          value={draftId ?? ''}
          onValue={(value) => setQueryParameters({ draftId: value || null })}
          options={[{ value: '', label: 'Main' }, ...(drafts.data ?? []).map((d) => ({ value: d.id, label: `Draft: ${d.name}` }))]}
        />
        <SelectField
          label="Status"
          field="status"
          value={status ?? ''}
          onValue={(value) => setQueryParameters({ status: value || null })}
          options={[
            { value: '', label: 'Open and resolved' },
            { value: 'open', label: 'Open' },
            { value: 'resolved', label: 'Resolved' },
          ]}
        />
        <TargetFilter value={targetId} />
      </div>
      {draftId !== null && drafts.data !== undefined && !drafts.data.some((d) => d.id === draftId) ? (
        <p class="notice" role="status">
          Threads are kept on main and in drafts; {draftId} is not a draft of this project. <Link href={commentsPath(workspaceId, projectId)}>Show the threads on main</Link>.
        </p>
      ) : creating ? (
        <NewThreadForm workspaceId={workspaceId} projectId={projectId} draftId={draftId} initialKind={targetKind} initialTargetId={targetId ?? ''} members={members.data ?? []} />
      ) : (
        <div class="actions">
          <button type="button" onClick={() => setQueryParameters({ new: '1' })}>
            Start a thread
          </button>
        </div>
      )}
      <PagedList list={list} label="Threads">
        {(items) =>
          items.length === 0 ? (
            <Empty>{list.hasPrevious ? 'No more threads.' : 'No threads here yet.'}</Empty>
          ) : (
            <ul class="comments-thread-list">
              {items.map((thread) => (
                <ThreadRow key={thread.id} workspaceId={workspaceId} projectId={projectId} thread={thread} />
              ))}
            </ul>
          )
        }
      </PagedList>
    </section>
  );
}
