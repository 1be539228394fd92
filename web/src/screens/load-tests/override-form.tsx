import { useState } from 'preact/hooks';
import { Form, TextAreaField, TextField } from '../../components/form';
import { useAction } from '../../components/use-load';
import { CheckboxField } from '../account/choice-fields';
import { FormProblem } from '../account/form-problem';
import { type LoadTestTarget, targetsApi } from './load-tests-api';

/**
 * An owner lifts the safe defaults of a target: non-idempotent calls and
 * failure injection, with a reason and the target's name typed again. The
 * API's 400s for `reason` and `confirmName` appear beside those fields. Both
 * boxes cleared takes the override away.
 */
export function OverrideForm({ projectId, target, onSaved, onCancel }: { projectId: string; target: LoadTestTarget; onSaved: (t: LoadTestTarget) => void; onCancel: () => void }) {
  const [allowNonIdempotent, setAllowNonIdempotent] = useState(target.override?.allowNonIdempotent ?? false);
  const [allowFailureInjection, setAllowFailureInjection] = useState(target.override?.allowFailureInjection ?? false);
  const [reason, setReason] = useState(target.override?.reason ?? '');
  const [confirmName, setConfirmName] = useState('');
  const save = useAction(async () => {
    onSaved(await targetsApi.override(projectId, target.id, { allowNonIdempotent, allowFailureInjection, reason: reason === '' ? null : reason, confirmName: confirmName === '' ? null : confirmName }));
  });
  const allowsSomething = allowNonIdempotent || allowFailureInjection;
  return (
    <Form label={`Override the safe defaults of ${target.name}`} onSubmit={() => void save.run()} class="load-tests-override-form">
      <FormProblem error={save.error} fields={['allowNonIdempotent', 'allowFailureInjection', 'reason', 'confirmName']} />
      <CheckboxField label="Allow calls that are not idempotent" field="allowNonIdempotent" error={save.error} checked={allowNonIdempotent} onChecked={setAllowNonIdempotent} hint="A POST or PATCH without an idempotency key is sent again and again: each may create something." />
      <CheckboxField label="Allow failure injection" field="allowFailureInjection" error={save.error} checked={allowFailureInjection} onChecked={setAllowFailureInjection} hint="The scenario's faults are sent as Envoy fault headers to the real system." />
      <TextAreaField label="Reason" field="reason" error={save.error} value={reason} onValue={setReason} rows={3} hint="Why this is safe here; kept with the target and written into its scripts." />
      <TextField label="Target name, typed again" field="confirmName" error={save.error} value={confirmName} onValue={setConfirmName} autoComplete="off" spellcheck={false} hint={<>Type “{target.name}” exactly.</>} />
      <div class="actions">
        <button type="submit" class={allowsSomething ? 'danger' : undefined} disabled={save.pending}>
          {save.pending ? 'Saving…' : allowsSomething ? 'Save the override' : 'Allow nothing (clear the override)'}
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Form>
  );
}
