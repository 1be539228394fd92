import type { RefObject } from 'preact';
import { useId, useMemo, useRef } from 'preact/hooks';
import type { EditorProblem } from './editor-problems';

/**
 * The scenario document as JSON in a monospace textarea, with a gutter of
 * line numbers that marks each line a problem names. Lines do not wrap, so a
 * gutter row is a text line. Tab stays the browser's move to the next
 * control (the hint says so); Ctrl+S or ⌘S saves.
 */
export function ScenarioJsonEditor({
  text,
  onText,
  onSave,
  problems,
  textareaRef,
  describedBy,
}: {
  text: string;
  onText: (text: string) => void;
  onSave: () => void;
  problems: readonly EditorProblem[];
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  describedBy?: string | undefined;
}) {
  const id = useId();
  const gutter = useRef<HTMLDivElement>(null);
  const lineCount = useMemo(() => text.split('\n').length, [text]);
  const marked = useMemo(() => {
    const lines = new Map<number, EditorProblem['source']>();
    for (const problem of problems) if (problem.place && !lines.has(problem.place.line)) lines.set(problem.place.line, problem.source);
    return lines;
  }, [problems]);

  const followScroll = () => {
    if (gutter.current && textareaRef.current) gutter.current.scrollTop = textareaRef.current.scrollTop;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
      event.preventDefault();
      onSave();
    }
  };

  return (
    <div class="json-editor">
      <label for={id}>Scenario document (JSON)</label>
      <small id={`${id}-hint`} class="hint">
        Tab moves to the next control, as everywhere on the page: indent with spaces. Ctrl+S (⌘S) saves. Lines marked in the margin have a problem listed beside the editor.
      </small>
      <div class="json-editor-frame">
        <div class="json-gutter" ref={gutter} aria-hidden="true">
          {Array.from({ length: lineCount }, (_, index) => {
            const source = marked.get(index + 1);
            return (
              <div key={index} class={source ? `gutter-line gutter-marked gutter-${source}` : 'gutter-line'}>
                {source ? '▶ ' : ''}
                {index + 1}
              </div>
            );
          })}
        </div>
        <textarea
          id={id}
          ref={textareaRef}
          class="code json-text"
          value={text}
          wrap="off"
          spellcheck={false}
          autoComplete="off"
          autoCapitalize="off"
          aria-describedby={[`${id}-hint`, describedBy].filter(Boolean).join(' ')}
          aria-invalid={problems.some((p) => p.source === 'syntax' || p.source === 'save')}
          onInput={(event) => onText((event.currentTarget as HTMLTextAreaElement).value)}
          onScroll={followScroll}
          onKeyDown={onKeyDown}
        />
      </div>
    </div>
  );
}

/** Puts the caret on a line of the textarea, selects it and scrolls it into view (from a problem's "line N" button). */
export function goToLine(textarea: HTMLTextAreaElement | null, line: number): void {
  if (!textarea) return;
  const lines = textarea.value.split('\n');
  const target = Math.min(Math.max(line, 1), lines.length);
  let start = 0;
  for (let i = 0; i < target - 1; i++) start += lines[i]!.length + 1;
  const end = start + lines[target - 1]!.length;
  textarea.focus();
  textarea.setSelectionRange(start, end);
  const lineHeight = Number.parseFloat(getComputedStyle(textarea).lineHeight) || 18;
  textarea.scrollTop = Math.max(0, (target - 3) * lineHeight);
  textarea.dispatchEvent(new Event('scroll'));
}
