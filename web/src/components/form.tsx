import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';
import type { ApiError } from '../api/client';

/**
 * A labelled control with the API's message for its field beside it. `field`
 * is the field name the API uses in `errors[].field`.
 */
export function Field({
  label,
  field,
  error,
  hint,
  children,
}: {
  label: string;
  field: string;
  error?: ApiError | undefined;
  hint?: ComponentChildren;
  children: (id: string, describedBy: string | undefined, invalid: boolean) => ComponentChildren;
}) {
  const id = useId();
  const message = error?.fieldMessage(field);
  const messageId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [message ? messageId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div class={`field${message ? ' field-invalid' : ''}`} data-field={field}>
      <label for={id}>{label}</label>
      {children(id, describedBy, Boolean(message))}
      {hint ? (
        <small id={hintId} class="hint">
          {hint}
        </small>
      ) : null}
      {message ? (
        <small id={messageId} class="field-error" role="alert">
          {message}
        </small>
      ) : null}
    </div>
  );
}

/** The input attributes the forms use (preact's full attribute types do not spread through a wrapper). */
interface InputAttributes {
  type?: 'text' | 'email' | 'password' | 'url' | 'number' | 'search' | 'date' | 'datetime-local';
  placeholder?: string;
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  autoFocus?: boolean;
  min?: number | string;
  max?: number | string;
  step?: number | string;
  spellcheck?: boolean;
  class?: string;
}

/** What every text control of a form takes: its label, the API's field name (for its error), and its value. */
interface BoundTextField {
  label: string;
  field: string;
  error?: ApiError | undefined;
  hint?: ComponentChildren;
  value: string;
  onValue: (value: string) => void;
}

type InputProps = InputAttributes & BoundTextField;

export function TextField({ label, field, error, hint, value, onValue, type = 'text', ...rest }: InputProps) {
  return (
    <Field label={label} field={field} error={error} hint={hint}>
      {(id, describedBy, invalid) => (
        <input
          // preact's input types are a union keyed on `type`; each value here is a valid text-like input.
          type={type as 'text'}
          id={id}
          name={field}
          value={value}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          onInput={(e) => onValue((e.currentTarget as HTMLInputElement).value)}
          {...rest}
        />
      )}
    </Field>
  );
}

interface TextAreaAttributes {
  rows?: number;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  spellcheck?: boolean;
  class?: string;
}

type TextAreaProps = TextAreaAttributes & BoundTextField;

export function TextAreaField({ label, field, error, hint, value, onValue, ...rest }: TextAreaProps) {
  return (
    <Field label={label} field={field} error={error} hint={hint}>
      {(id, describedBy, invalid) => (
        <textarea
          id={id}
          name={field}
          value={value}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          onInput={(e) => onValue((e.currentTarget as HTMLTextAreaElement).value)}
          {...rest}
        />
      )}
    </Field>
  );
}

export function SelectField({
  label,
  field,
  error,
  hint,
  value,
  onValue,
  options,
}: {
  label: string;
  field: string;
  error?: ApiError | undefined;
  hint?: ComponentChildren;
  value: string;
  onValue: (value: string) => void;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <Field label={label} field={field} error={error} hint={hint}>
      {(id, describedBy, invalid) => (
        <select id={id} name={field} value={value} aria-describedby={describedBy} aria-invalid={invalid} onChange={(e) => onValue((e.currentTarget as HTMLSelectElement).value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A form that never reloads the page; submit runs `onSubmit`. */
export function Form({ onSubmit, children, label, class: className }: { onSubmit: () => void; label: string; children: ComponentChildren; class?: string }) {
  return (
    <form
      aria-label={label}
      noValidate
      class={className}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
