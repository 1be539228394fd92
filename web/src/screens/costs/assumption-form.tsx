import { useEffect, useRef, useState } from 'preact/hooks';
import { Field, Form, SelectField, TextField } from '../../components/form';
import { truthLabels } from '../../components/truth-badges';
import { useAction } from '../../components/use-load';
import { FormProblem } from '../account/form-problem';
import { todayUtc } from '../prices/prices-api';
import { type AssumptionRequest, assumptionKinds, type CostAssumption, type CostResource, type CostSheet, costsApi } from './costs-api';
import type { ElementName } from './use-element-names';

type Values = Record<'name' | 'kind' | 'subjectId' | 'value' | 'unit' | 'label' | 'source' | 'effectiveDate', string>;

const fields = ['name', 'kind', 'subjectId', 'value', 'unit', 'label', 'source', 'effectiveDate'] as const;

function valuesOf(assumption: CostAssumption | null): Values {
  return {
    name: assumption?.name ?? '',
    kind: assumption?.kind ?? 'usage',
    subjectId: assumption?.subjectId ?? '',
    value: assumption?.value ?? '',
    unit: assumption?.unit ?? '',
    label: assumption?.label ?? 'declared',
    source: assumption?.source ?? '',
    effectiveDate: assumption?.effectiveDate ?? todayUtc(),
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** What an assumption is about: nothing, a resource of the sheet, or an element of the line. */
function SubjectField({ value, onValue, resources, elements, error }: { value: string; onValue: (value: string) => void; resources: readonly CostResource[]; elements: readonly ElementName[]; error: ReturnType<typeof useAction>['error'] }) {
  const known = value === '' || resources.some((r) => r.id === value) || elements.some((e) => e.id === value);
  return (
    <Field label="About (optional)" field="subjectId" error={error} hint="A resource of this sheet or an element of this line's model.">
      {(id, describedBy, invalid) => (
        <select id={id} name="subjectId" value={value} aria-describedby={describedBy} aria-invalid={invalid} onChange={(e) => onValue((e.currentTarget as HTMLSelectElement).value)}>
          <option value="">(nothing in particular)</option>
          {known ? null : <option value={value}>{value}</option>}
          {resources.length > 0 ? (
            <optgroup label="Resources">
              {resources.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </optgroup>
          ) : null}
          {elements.length > 0 ? (
            <optgroup label="Elements">
              {elements.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.name} ({e.kind})
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
      )}
    </Field>
  );
}

/**
 * Adds or replaces an assumption: a named value (or no value yet) that usage lines multiply
 * in, with its unit, truth label, source and the day it holds from.
 */
export function AssumptionForm({
  projectId,
  branchId,
  assumption,
  resources,
  elements,
  onSaved,
  onCancel,
}: {
  projectId: string;
  branchId: string | null;
  assumption: CostAssumption | null;
  resources: readonly CostResource[];
  elements: readonly ElementName[];
  onSaved: (sheet: CostSheet) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<Values>(() => valuesOf(assumption));
  const set = (field: keyof Values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const save = useAction(async () => {
    const body: AssumptionRequest = {
      id: assumption?.id ?? null,
      name: values.name,
      kind: values.kind as AssumptionRequest['kind'],
      subjectId: orNull(values.subjectId),
      value: orNull(values.value),
      unit: values.unit,
      label: values.label as AssumptionRequest['label'],
      source: orNull(values.source),
      effectiveDate: values.effectiveDate,
    };
    const sheet = assumption ? await costsApi.replaceAssumption(projectId, branchId, assumption.id, body) : await costsApi.addAssumption(projectId, branchId, body);
    onSaved(sheet);
  });
  const heading = useRef<HTMLHeadingElement>(null);
  // The button that opened the form is gone: the focus goes to the form's heading, not to the page's top.
  useEffect(() => heading.current?.focus(), []);
  const error = save.error;
  const title = assumption ? `Edit assumption “${assumption.name}”` : 'New assumption';
  return (
    <Form label={title} class="costs-form" onSubmit={() => void save.run()}>
      <h3 ref={heading} tabIndex={-1}>
        {title}
      </h3>
      <FormProblem error={error} fields={fields} />
      <div class="costs-field-grid">
        <TextField label="Name" field="name" error={error} value={values.name} onValue={set('name')} />
        <SelectField label="Kind" field="kind" error={error} value={values.kind} onValue={set('kind')} options={assumptionKinds.map((k) => ({ value: k, label: k }))} />
        <TextField label="Value (optional)" field="value" error={error} value={values.value} onValue={set('value')} hint="A decimal; empty: not known yet (resources using it stay unpriced)." spellcheck={false} />
        <TextField label="Unit" field="unit" error={error} value={values.unit} onValue={set('unit')} hint="e.g. hours, GB, requests." />
        <SelectField label="Truth label" field="label" error={error} value={values.label} onValue={set('label')} options={truthLabels.map((l) => ({ value: l, label: l }))} />
        <TextField label="Source (optional)" field="source" error={error} value={values.source} onValue={set('source')} hint="Where the value comes from; required unless declared or unknown." />
        <TextField label="Effective from" field="effectiveDate" type="date" error={error} value={values.effectiveDate} onValue={set('effectiveDate')} />
      </div>
      <SubjectField value={values.subjectId} onValue={set('subjectId')} resources={resources} elements={elements} error={error} />
      <div class="actions">
        <button type="submit" disabled={save.pending}>
          {save.pending ? 'Saving…' : assumption ? 'Save assumption' : 'Add assumption'}
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Form>
  );
}
