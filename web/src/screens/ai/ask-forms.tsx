import { useState } from 'preact/hooks';
import { ApiError } from '../../api/client';
import { Form, SelectField, TextAreaField, TextField } from '../../components/form';
import { ErrorNotice } from '../../components/status';
import { useAction } from '../../components/use-load';
import { navigate } from '../../router';
import type { Branch } from '../model/model-api';
import { type AiUnavailable, isUnavailable, type ProposalKind, proposalsApi } from './ai-api';
import { aiPath } from './ai-frame';

/** The 200 "AI unavailable" answer, said plainly: nothing was proposed, and why (its reason code for support). */
export function UnavailableNotice({ answer }: { answer: AiUnavailable | null }) {
  if (!answer) return null;
  return (
    <div class="ai-unavailable" role="status">
      <strong>AI is unavailable: nothing was proposed.</strong>
      <p>{answer.detail}</p>
      <small>
        Reason <code>{answer.reason}</code> for the task <code>{answer.task}</code>
        {answer.callId ? (
          <>
            {' '}
            (call <code>{answer.callId}</code>)
          </>
        ) : null}
        . An owner sets up AI providers and their routing in the workspace settings; you can also submit a ready proposal below without AI.
      </small>
    </div>
  );
}

function lineOptions(branches: readonly Branch[]) {
  return [{ value: '', label: 'main' }, ...branches.map((b) => ({ value: b.id, label: `${b.kind} “${b.name}”` }))];
}

/** Ask the AI for a flow or for architecture changes, from a written request (and, for architecture, optionally a document of a Source). */
export function AskForm({ workspaceId, projectId, kind, branches }: { workspaceId: string; projectId: string; kind: ProposalKind; branches: Branch[] }) {
  const [text, setText] = useState('');
  const [branchId, setBranchId] = useState('');
  const [sourceId, setSourceId] = useState('');
  const [path, setPath] = useState('');
  const [unavailable, setUnavailable] = useState<AiUnavailable | null>(null);
  const ask = useAction(async () => {
    setUnavailable(null);
    const requestText = text.trim() === '' ? null : text;
    const fromDocument = sourceId.trim() !== '' || path.trim() !== '';
    const answer =
      kind === 'flow'
        ? await proposalsApi.askFlow(projectId, { request: requestText, branchId: branchId || null, reviseScenarioId: null, ...(fromDocument ? { documentSourceId: sourceId.trim() || null, documentPath: path.trim() || null } : {}) })
        : fromDocument
          ? await proposalsApi.askArchitectureFromDocument(projectId, { sourceId: sourceId.trim() || null, path: path.trim() || null, request: requestText })
          : await proposalsApi.askArchitecture(projectId, { request: requestText, branchId: branchId || null });
    if (isUnavailable(answer)) setUnavailable(answer);
    else navigate(aiPath(workspaceId, projectId, kind, answer.id));
  });
  return (
    <Form label={kind === 'flow' ? 'Ask for a flow proposal' : 'Ask for an architecture proposal'} onSubmit={() => void ask.run()} class="ai-ask-form">
      <TextAreaField
        label={kind === 'flow' ? 'What should the flow do?' : 'What should the AI look at?'}
        field="request"
        error={ask.error}
        value={text}
        onValue={setText}
        rows={3}
        hint={kind === 'flow' ? 'For example: a customer pays for an order and gets a receipt.' : 'For example: group these apps into services. Leave empty to look at the whole model.'}
      />
      <div class="field-row">
        <SelectField label="Model line" field="branchId" error={ask.error} value={branchId} onValue={setBranchId} options={lineOptions(branches)} />
        <TextField label="Document: Source ID" field={kind === 'flow' ? 'documentSourceId' : 'sourceId'} error={ask.error} value={sourceId} onValue={setSourceId} hint="Optional: a design document of a Source." />
        <TextField label="Document: path" field={kind === 'flow' ? 'documentPath' : 'path'} error={ask.error} value={path} onValue={setPath} />
      </div>
      <UnavailableNotice answer={unavailable} />
      <ErrorNotice error={ask.error} hideFields={ask.error?.problem.errors.every((e) => ['request', 'branchId', 'sourceId', 'path', 'documentSourceId', 'documentPath'].includes(e.field))} />
      <div class="actions">
        <button type="submit" disabled={ask.pending}>
          {ask.pending ? 'Asking…' : 'Ask the AI'}
        </button>
      </div>
    </Form>
  );
}

/** Submit a ready proposal (flow output or architecture output, as JSON) without AI: the same checks as an AI's answer. */
export function SubmitForm({ workspaceId, projectId, kind }: { workspaceId: string; projectId: string; kind: ProposalKind }) {
  const [text, setText] = useState('');
  const [json, setJson] = useState('');
  const submit = useAction(async () => {
    let output: unknown;
    try {
      output = JSON.parse(json);
    } catch (cause) {
      const field = kind === 'flow' ? 'flow' : 'proposal';
      throw new ApiError({ type: 'client_error', title: 'Not JSON', detail: `The ${field} is not valid JSON: ${(cause as Error).message}`, status: 0, errors: [{ field, message: 'is not valid JSON' }] });
    }
    const made = await proposalsApi.submit(projectId, kind, text.trim() === '' ? null : text, output);
    navigate(aiPath(workspaceId, projectId, kind, made.id));
  });
  const field = kind === 'flow' ? 'flow' : 'proposal';
  return (
    <Form label={kind === 'flow' ? 'Submit a flow without AI' : 'Submit architecture changes without AI'} onSubmit={() => void submit.run()} class="ai-submit-form">
      <TextField label="Request (a label)" field="request" error={submit.error} value={text} onValue={setText} />
      <TextAreaField
        label={kind === 'flow' ? 'Flow (JSON: scenario, missing, notes)' : 'Changes (JSON: items, notes)'}
        field={field}
        error={submit.error}
        value={json}
        onValue={setJson}
        rows={10}
        spellcheck={false}
        class="ai-json"
        hint="The format is in docs/ai-proposals.md."
      />
      <ErrorNotice error={submit.error} />
      <div class="actions">
        <button type="submit" disabled={submit.pending}>
          {submit.pending ? 'Submitting…' : 'Submit'}
        </button>
      </div>
    </Form>
  );
}
