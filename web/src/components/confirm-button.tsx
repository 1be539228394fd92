import { useEffect, useRef, useState } from 'preact/hooks';

/**
 * A button for an action that cannot be undone: the first press asks, in
 * the page and in words, and only the confirming button runs it (no browser
 * dialog, so it reads and works alike with a keyboard and a screen reader).
 * While it asks, the focus sits on the safe answer instead of being lost with
 * the first button. `subject` names what the buttons act on for screen
 * readers when a list holds many of them ("Delete" → "Delete view Landscape").
 */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  onConfirm,
  pending = false,
  cancelLabel = 'Cancel',
  subject,
}: {
  label: string;
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  cancelLabel?: string;
  subject?: string;
}) {
  const [asking, setAsking] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) cancel.current?.focus();
  }, [asking]);
  const named = (text: string) => (subject ? `${text} ${subject}` : undefined);
  if (!asking) {
    return (
      <button type="button" class="secondary" onClick={() => setAsking(true)} disabled={pending} aria-label={named(label)}>
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
        aria-label={named(confirmLabel)}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" class="secondary" ref={cancel} onClick={() => setAsking(false)}>
        {cancelLabel}
      </button>
    </fieldset>
  );
}
