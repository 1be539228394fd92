import { useState } from 'preact/hooks';
import { ErrorNotice } from '../../components/status';
import { Form, SelectField, TextAreaField, TextField } from '../../components/form';
import { useAction } from '../../components/use-load';
import { navigate } from '../../router';
import { commentsPath } from './comments-address';
import { commentsApi, mentionEntries, targetKinds, type MemberChoice, type TargetKind } from './comments-api';
import { MentionsField } from './mentions-field';

/** Starts a thread on a target (prefilled by a record page's "Comment" link) and opens it. */
export function NewThreadForm({
  workspaceId,
  projectId,
  draftId,
  initialKind,
  initialTargetId,
  members,
}: {
  workspaceId: string;
  projectId: string;
  draftId: string | null;
  initialKind: TargetKind;
  initialTargetId: string;
  members: readonly MemberChoice[];
}) {
  const [kind, setKind] = useState<string>(initialKind);
  const [targetId, setTargetId] = useState(initialTargetId);
  const [body, setBody] = useState('');
  const [mentions, setMentions] = useState('');
  const create = useAction(async () => {
    const thread = await commentsApi.create(projectId, { target: { kind: kind as TargetKind, id: targetId.trim() }, body, draftId, mentions: mentionEntries(mentions) });
    navigate(commentsPath(workspaceId, projectId, thread.id));
  });
  return (
    <Form label="Start a thread" class="comments-new" onSubmit={() => void create.run()}>
      <h2>Start a thread</h2>
      {draftId ? <p class="muted">In draft {draftId}.</p> : null}
      <div class="comments-target-fields">
        <SelectField label="On a" field="target.kind" error={create.error} value={kind} onValue={setKind} options={targetKinds.map((k) => ({ value: k, label: k.replace('-', ' ') }))} />
        <TextField label="Target ID" field="target.id" error={create.error} value={targetId} onValue={setTargetId} spellcheck={false} />
      </div>
      <TextAreaField label="Comment" field="body" error={create.error} value={body} onValue={setBody} rows={5} hint="Plain text; Markdown is kept as written. Up to 10000 characters." />
      <MentionsField value={mentions} onValue={setMentions} members={members} error={create.error} />
      <ErrorNotice error={create.error} />
      <div class="actions">
        <button type="submit" disabled={create.pending}>
          Start thread
        </button>
      </div>
    </Form>
  );
}
