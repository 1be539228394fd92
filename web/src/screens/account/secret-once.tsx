import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';
import { CopyButton } from '../../components/copy-button';

/**
 * A secret shown the one time it exists in the client (an agent token, an
 * invitation link), in a read-only box a person can select, with a copy button.
 */
export function SecretOnce({ label, value, copyLabel, children }: { label: string; value: string; copyLabel: string; children?: ComponentChildren }) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input id={id} class="secret" type="text" readOnly value={value} spellcheck={false} autoComplete="off" onFocus={(e) => (e.currentTarget as HTMLInputElement).select()} />
      <div class="actions">
        <CopyButton text={value} label={copyLabel} />
        {children}
      </div>
    </div>
  );
}
