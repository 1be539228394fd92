import type { ApiError } from '../../api/client';
import { SelectField, TextField } from '../../components/form';
import type { CostAssumption, UsageLine } from './costs-api';

/** A usage line as the form holds it: its factor is a quantity typed here or an assumption of the sheet. */
export interface UsageLineValues {
  label: string;
  source: 'quantity' | 'assumption';
  quantity: string;
  assumptionId: string;
  unit: string;
}

export function usageLineValues(line: UsageLine): UsageLineValues {
  return { label: line.label, source: line.assumptionId === null ? 'quantity' : 'assumption', quantity: line.quantity ?? '', assumptionId: line.assumptionId ?? '', unit: line.unit ?? '' };
}

/** The request's usage line: exactly one of quantity and assumptionId, the other null (an empty choice goes as null, for the API to name). */
export function usageLineOf(values: UsageLineValues): UsageLine {
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    label: values.label,
    quantity: values.source === 'quantity' ? text(values.quantity) : null,
    assumptionId: values.source === 'assumption' ? text(values.assumptionId) : null,
    unit: text(values.unit),
  };
}

const blankLine = (): UsageLineValues => ({ label: '', source: 'quantity', quantity: '', assumptionId: '', unit: '' });

/** The most usage lines a resource holds (docs/costs.md "Limits"). */
const maxUsageLines = 20;

/**
 * The usage lines of a resource as a small list: each a label, a quantity or an assumption,
 * and a unit; the resource's monthly cost multiplies them all. Each field's message from the
 * API (`usage[2].quantity`) stands beside it.
 */
export function UsageLinesField({ lines, onLines, assumptions, error }: { lines: UsageLineValues[]; onLines: (lines: UsageLineValues[]) => void; assumptions: readonly CostAssumption[]; error: ApiError | undefined }) {
  const change = (index: number, values: Partial<UsageLineValues>) => onLines(lines.map((line, i) => (i === index ? { ...line, ...values } : line)));
  const assumptionOptions = [{ value: '', label: '(choose an assumption)' }, ...assumptions.map((a) => ({ value: a.id, label: `${a.name} = ${a.value ?? 'no value'} ${a.unit}` }))];
  const listMessage = error?.fieldMessage('usage');
  return (
    <fieldset class="costs-usage" data-field="usage">
      <legend>Usage lines</legend>
      <p class="hint">Monthly cost = unit price × quantity × each usage line (e.g. 730 hours a month). No lines: unit price × quantity.</p>
      {listMessage ? (
        <p class="field-error" role="alert">
          {listMessage}
        </p>
      ) : null}
      {lines.length === 0 ? null : (
        <ol class="costs-usage-lines">
          {lines.map((line, index) => {
            const at = `usage[${index}]`;
            return (
              // Usage lines have no identity of their own: their place is what the API's messages name, and every field is controlled.
              <li key={index} class="costs-usage-line">
                <TextField label={`Line ${index + 1} label`} field={`${at}.label`} error={error} value={line.label} onValue={(label) => change(index, { label })} />
                <SelectField
                  label={`Line ${index + 1} factor`}
                  field={`${at}.source`}
                  value={line.source}
                  onValue={(source) => change(index, { source: source === 'assumption' ? 'assumption' : 'quantity' })}
                  options={[
                    { value: 'quantity', label: 'a quantity' },
                    { value: 'assumption', label: 'an assumption' },
                  ]}
                />
                {line.source === 'quantity' ? (
                  <TextField label={`Line ${index + 1} quantity`} field={`${at}.quantity`} error={error} value={line.quantity} onValue={(quantity) => change(index, { quantity })} spellcheck={false} />
                ) : (
                  <SelectField label={`Line ${index + 1} assumption`} field={`${at}.assumptionId`} error={error} value={line.assumptionId} onValue={(assumptionId) => change(index, { assumptionId })} options={assumptionOptions} />
                )}
                <TextField label={`Line ${index + 1} unit`} field={`${at}.unit`} error={error} value={line.unit} onValue={(unit) => change(index, { unit })} />
                <button type="button" class="secondary" aria-label={`Remove usage line ${index + 1}`} onClick={() => onLines(lines.filter((_, i) => i !== index))}>
                  Remove
                </button>
              </li>
            );
          })}
        </ol>
      )}
      <button type="button" class="secondary" disabled={lines.length >= maxUsageLines} onClick={() => onLines([...lines, blankLine()])}>
        Add usage line
      </button>
    </fieldset>
  );
}
