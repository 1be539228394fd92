import { useId } from 'preact/hooks';
import type { ApiError } from '../../api/client';

/**
 * Several boxes under one question (a fieldset with its legend), with the
 * API's message for the field beside them: e.g. an agent token's scopes.
 */
export function CheckboxGroup<T extends string>({
  legend,
  field,
  error,
  options,
  values,
  onValues,
}: {
  legend: string;
  field: string;
  error?: ApiError | undefined;
  options: readonly { value: T; label: string }[];
  values: readonly T[];
  onValues: (values: T[]) => void;
}) {
  const id = useId();
  const message = error?.fieldMessage(field);
  return (
    <fieldset class={`field choices${message ? ' field-invalid' : ''}`} data-field={field} aria-describedby={message ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} class="choice">
          <input
            type="checkbox"
            name={field}
            value={option.value}
            checked={values.includes(option.value)}
            onChange={(e) => {
              const on = (e.currentTarget as HTMLInputElement).checked;
              onValues(on ? [...values.filter((v) => v !== option.value), option.value] : values.filter((v) => v !== option.value));
            }}
          />{' '}
          {option.label}
        </label>
      ))}
      {message ? (
        <small id={`${id}-error`} class="field-error" role="alert">
          {message}
        </small>
      ) : null}
    </fieldset>
  );
}

/** One yes/no setting as a labelled checkbox, with its field's message beside it. */
export function CheckboxField({ label, field, error, hint, checked, onChecked }: { label: string; field: string; error?: ApiError | undefined; hint?: string; checked: boolean; onChecked: (checked: boolean) => void }) {
  const id = useId();
  const message = error?.fieldMessage(field);
  const describedBy = [message ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div class={`field checkbox-field${message ? ' field-invalid' : ''}`} data-field={field}>
      <label class="choice">
        <input type="checkbox" name={field} checked={checked} aria-describedby={describedBy} aria-invalid={Boolean(message)} onChange={(e) => onChecked((e.currentTarget as HTMLInputElement).checked)} /> {label}
      </label>
      {hint ? (
        <small id={`${id}-hint`} class="hint">
          {hint}
        </small>
      ) : null}
      {message ? (
        <small id={`${id}-error`} class="field-error" role="alert">
          {message}
        </small>
      ) : null}
    </div>
  );
}
