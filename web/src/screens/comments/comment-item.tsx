import { useState } from 'preact/hooks';
import { ConfirmButton } from '../../components/confirm-button';
import { Form, TextAreaField } from '../../components/form';
import { ErrorNotice } from '../../components/status';
import { useAction } from '../../components/use-load';
import { CommentBody } from './comment-body';
import { commentsApi, mentionEntries, type CommentView, type MemberChoice } from './comments-api';
import { whenText } from './comments-role';
import { MentionsField } from './mentions-field';

/** One comment in its place: author, time, words (or "deleted"), mentions; its author edits it, its author or an owner deletes it. */
export function CommentItem({
  projectId,
  comment,
  members,
  canEdit,
  canDelete,
  onChanged,
}: {
  projectId: string;
  comment: CommentView;
  members: readonly MemberChoice[];
  canEdit: boolean;
  canDelete: boolean;
  onChanged: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const emailOf = (userId: string) => members.find((m) => m.userId === userId)?.email ?? userId;
  const [body, setBody] = useState(comment.body ?? '');
  const [mentions, setMentions] = useState(comment.mentions.map((p) => emailOf(p.userId)).join(', '));
  const save = useAction(async () => {
    await commentsApi.edit(projectId, comment.threadId, comment.id, body, mentionEntries(mentions));
    setEditing(false);
    onChanged();
  });
  const removal = useAction(async () => {
    await commentsApi.remove(projectId, comment.threadId, comment.id);
    onChanged();
  });
  const author = comment.author.name ?? comment.author.userId;
  return (
    <li class={comment.deleted ? 'comments-comment comments-deleted' : 'comments-comment'} id={`comment-${comment.id}`}>
      <div class="comments-comment-head">
        <span class="comments-author">{author}</span>
        <span class="muted">{whenText(comment.createdAt)}</span>
        {comment.editedAt && !comment.deleted ? <span class="muted">(edited {whenText(comment.editedAt)})</span> : null}
        {comment.deletedAt ? <span class="muted">(deleted {whenText(comment.deletedAt)})</span> : null}
      </div>
      {editing ? (
        <Form label={`Edit comment by ${author}`} onSubmit={() => void save.run()}>
          <TextAreaField label="Comment" field="body" error={save.error} value={body} onValue={setBody} rows={4} />
          <MentionsField value={mentions} onValue={setMentions} members={members} error={save.error} />
          <ErrorNotice error={save.error} />
          <div class="actions">
            <button type="submit" disabled={save.pending}>
              Save
            </button>
            <button type="button" class="secondary" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </Form>
      ) : (
        <CommentBody comment={comment} />
      )}
      {comment.mentions.length > 0 && !editing ? (
        <p class="comments-mentions">
          Mentions: {comment.mentions.map((p) => p.name ?? p.userId).join(', ')}
        </p>
      ) : null}
      {!comment.deleted && !editing && (canEdit || canDelete) ? (
        <div class="actions">
          {canEdit ? (
            <button type="button" class="secondary" onClick={() => setEditing(true)} aria-label={`Edit comment by ${author}`}>
              Edit
            </button>
          ) : null}
          {canDelete ? (
            <ConfirmButton label="Delete" subject={`comment by ${author}`} question="Delete this comment? A note that it was deleted stays in its place." confirmLabel="Yes, delete" cancelLabel="Keep it" pending={removal.pending} onConfirm={() => void removal.run()} />
          ) : null}
        </div>
      ) : null}
      <ErrorNotice error={removal.error} />
    </li>
  );
}
