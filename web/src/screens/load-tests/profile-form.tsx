import { useState } from 'preact/hooks';
import { Form, SelectField, TextField } from '../../components/form';
import { useAction } from '../../components/use-load';
import { FormProblem } from '../account/form-problem';
import { profileShapes, type ProfileRequest, type ProfileValues, profilesApi, type StressProfile } from './load-tests-api';

const numberFields = [
  { field: 'seed', label: 'Seed', hint: '0 to 2147483647: picks the request bodies made from a schema.' },
  { field: 'durationSeconds', label: 'Duration (seconds)', hint: '1 to 3600: the whole run.' },
  { field: 'warmUpSeconds', label: 'Warm-up (seconds)', hint: 'From 0 to under the duration.' },
  { field: 'arrivalRatePerSecond', label: 'Arrival rate (per second)', hint: 'Above 0, at most 100000.' },
  { field: 'peakRatePerSecond', label: 'Peak rate (per second)', hint: 'Top of a ramp or spike; the arrival rate for steady and soak.' },
  { field: 'virtualUsers', label: 'Virtual users', hint: '1 to 10000 (k6 preAllocatedVUs and maxVUs).' },
] as const;

type NumberField = (typeof numberFields)[number]['field'];
type Values = Record<'name' | NumberField, string>;

const empty: Values = { name: '', seed: '', durationSeconds: '', warmUpSeconds: '', arrivalRatePerSecond: '', peakRatePerSecond: '', virtualUsers: '' };

/** A number typed as a number is sent as one; other text as it is, so the API's message names the field. */
function typedValue(text: string): number | string {
  const trimmed = text.trim();
  return /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(trimmed) ? Number(trimmed) : text;
}

export function profileRequestOf(shape: string, values: Values): ProfileRequest {
  const body: ProfileRequest = { shape };
  if (values.name !== '') body.name = values.name;
  for (const { field } of numberFields) if (values[field].trim() !== '') body[field] = typedValue(values[field]);
  return body;
}

/**
 * Makes a stress profile: the shape, and any value left empty taken from the
 * starting values of that shape (the workspace's simulation settings). The
 * API's 400 for a value out of its range, or a rule between values, appears
 * beside the field it names.
 */
export function ProfileForm({ projectId, start, onCreated }: { projectId: string; start: ProfileValues | null; onCreated: (p: StressProfile) => void }) {
  const [shape, setShape] = useState<string>(start?.shape ?? 'steady');
  const [values, setValues] = useState<Values>(
    start
      ? {
          name: start.name,
          seed: String(start.seed),
          durationSeconds: String(start.durationSeconds),
          warmUpSeconds: String(start.warmUpSeconds),
          arrivalRatePerSecond: String(start.arrivalRatePerSecond),
          peakRatePerSecond: String(start.peakRatePerSecond),
          virtualUsers: String(start.virtualUsers),
        }
      : empty,
  );
  const set = (field: keyof Values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const create = useAction(async () => {
    const created = await profilesApi.create(projectId, profileRequestOf(shape, values));
    setValues(empty);
    onCreated(created);
  });
  return (
    <Form label="Make a stress profile" onSubmit={() => void create.run()} class="load-tests-profile-form wide-form">
      <FormProblem error={create.error} fields={['shape', 'name', ...numberFields.map((f) => f.field)]} />
      <div class="field-row">
        <SelectField label="Shape" field="shape" error={create.error} value={shape} onValue={setShape} options={profileShapes.map((s) => ({ value: s, label: s }))} />
        <TextField label="Name" field="name" error={create.error} value={values.name} onValue={set('name')} hint="Empty: “<Shape> <rate>/s”." />
      </div>
      <div class="field-row">
        {numberFields.map((f) => (
          <TextField key={f.field} label={f.label} field={f.field} error={create.error} value={values[f.field]} onValue={set(f.field)} hint={f.hint} />
        ))}
      </div>
      <p class="hint">An empty value is taken from the starting values of the shape.</p>
      <div class="actions">
        <button type="submit" disabled={create.pending}>
          {create.pending ? 'Making…' : 'Make profile'}
        </button>
      </div>
    </Form>
  );
}
