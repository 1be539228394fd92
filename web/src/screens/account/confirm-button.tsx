import { useState } from 'preact/hooks';

/**
 * A button for an action that cannot be undone: the first press asks, in
 * the page and in words, and only "Yes" runs it (no browser dialog, so it
 * reads and works alike with a keyboard and a screen reader).
 */
export function ConfirmButton({ label, question, confirmLabel, onConfirm, pending = false }: { label: string; question: string; confirmLabel: string; onConfirm: () => void; pending?: boolean }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" class="secondary" onClick={() => setAsking(true)} disabled={pending}>
        {label}
      </button>
    );
  }
  return (
    <fieldset class="confirm">
      <legend>{question}</legend>
      <button
        type="button"
        class="danger"
        disabled={pending}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" class="secondary" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </fieldset>
  );
}
