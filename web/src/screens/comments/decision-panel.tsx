import { useState } from 'preact/hooks';
import { Form, TextAreaField, TextField } from '../../components/form';
import { Empty, ErrorNotice, Loaded } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import { commentsApi, type MemberChoice, type ThreadView } from './comments-api';
import { whenText } from './comments-role';

/**
 * The decisions on the thread's target (in its line), newest first: the one in force and
 * those it superseded, never rewritten. Editors record a new one from this thread.
 */
export function DecisionPanel({ projectId, thread, members, canDecide, round, onDecided }: { projectId: string; thread: ThreadView; members: readonly MemberChoice[]; canDecide: boolean; round: number; onDecided: () => void }) {
  const personOf = (actor: string) => members.find((m) => `user:${m.userId}` === actor)?.name ?? actor;
  const decisions = useLoad((signal) => commentsApi.decisions(projectId, thread.target.id, thread.draftId, signal), [projectId, thread.target.id, thread.draftId, round]);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const record = useAction(async () => {
    await commentsApi.raiseDecision(projectId, thread.id, title, text);
    setTitle('');
    setText('');
    onDecided();
  });
  return (
    <section class="comments-decisions" aria-labelledby="comments-decisions-heading">
      <h2 id="comments-decisions-heading">Decisions on this target</h2>
      <Loaded state={decisions}>
        {(page) =>
          page.items.length === 0 ? (
            <Empty>No decision recorded yet.</Empty>
          ) : (
            <ol class="comments-decision-list">
              {page.items.map((d) => (
                <li key={d.id} class={d.supersededBy ? 'comments-decision comments-superseded' : 'comments-decision'}>
                  <strong>{d.title}</strong> <span class={`badge ${d.supersededBy ? 'comments-status-resolved' : 'comments-in-force'}`}>{d.supersededBy ? 'superseded' : 'in force'}</span>
                  <div class="comments-text">{d.decision}</div>
                  <small class="muted">
                    {personOf(d.decidedBy)} · {whenText(d.decidedAt)}
                    {d.threadId === thread.id ? ' · from this thread' : ''}
                  </small>
                </li>
              ))}
            </ol>
          )
        }
      </Loaded>
      {canDecide ? (
        <Form label="Record a decision" onSubmit={() => void record.run()}>
          <TextField label="Decision title" field="title" error={record.error} value={title} onValue={setTitle} />
          <TextAreaField label="Decision" field="decision" error={record.error} value={text} onValue={setText} rows={3} hint="A later decision on the same target supersedes this one; none is ever changed." />
          <ErrorNotice error={record.error} hideFields />
          <div class="actions">
            <button type="submit" disabled={record.pending}>
              Record decision
            </button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}
