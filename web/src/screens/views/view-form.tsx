import { useState } from 'preact/hooks';
import { ApiError } from '../../api/client';
import { ErrorNotice } from '../../components/status';
import { Form, TextField } from '../../components/form';
import { useAction } from '../../components/use-load';
import { RootElementField } from './root-element-field';
import type { View, ViewInput } from './views-api';

/**
 * The fields of a view as the API takes them (`name`, `rootElementId`, and on
 * creation an optional `id`), with each field's refusal beside it.
 */
export function ViewForm({
  projectId,
  initial,
  submitLabel,
  formLabel,
  askForId,
  onSubmit,
  onCancel,
}: {
  projectId: string;
  initial?: Pick<View, 'name' | 'rootElementId'>;
  submitLabel: string;
  formLabel: string;
  askForId: boolean;
  onSubmit: (input: ViewInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(initial?.name ?? '');
  const [rootElementId, setRootElementId] = useState<string | null>(initial?.rootElementId ?? null);
  const [chosenId, setChosenId] = useState('');
  const [insideElement, setInsideElement] = useState(initial?.rootElementId != null);
  const save = useAction(async () => {
    if (insideElement && rootElementId === null) {
      // Said beside the picker in the API's words, rather than sending a landscape the person did not ask for.
      throw new ApiError({ type: 'validation_error', title: 'Choose an element', detail: null, status: 0, errors: [{ field: 'rootElementId', message: 'choose the element whose inside the view shows' }] });
    }
    const input: ViewInput = { name, rootElementId };
    if (askForId && chosenId.trim() !== '') input.id = chosenId.trim();
    return onSubmit(input);
  });
  // Messages the fields show are left out of the notice; the rest (a 403, a 409 without field) stay in it.
  const fieldsShown = ['name', 'rootElementId', ...(askForId ? ['id'] : [])];
  const otherErrors = save.error?.problem.errors.some((e) => !fieldsShown.includes(e.field)) ?? false;
  return (
    <Form label={formLabel} onSubmit={() => void save.run()} class="view-form">
      <TextField label="Name" field="name" value={name} onValue={setName} error={save.error} required autoComplete="off" />
      <RootElementField projectId={projectId} value={rootElementId} onValue={setRootElementId} onScope={setInsideElement} error={save.error} />
      {askForId ? (
        <details class="advanced" open={save.error?.fieldMessage('id') ? true : undefined}>
          <summary>Choose the view's ID</summary>
          <TextField label="View ID (optional)" field="id" value={chosenId} onValue={setChosenId} error={save.error} hint="A GUID. Left empty, the service makes one." autoComplete="off" spellcheck={false} />
        </details>
      ) : null}
      <ErrorNotice error={save.error} hideFields={!otherErrors} />
      <div class="actions">
        <button type="submit" disabled={save.pending}>
          {save.pending ? 'Saving…' : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" class="secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </Form>
  );
}
