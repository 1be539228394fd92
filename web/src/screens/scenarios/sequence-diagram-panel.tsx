import { CopyButton } from '../../components/copy-button';
import { ErrorNotice, Loading } from '../../components/status';
import { useLoad } from '../../components/use-load';

/**
 * The run as Mermaid sequence diagram text (POST …/run?format=sequence,
 * docs/sequence-diagrams.md), beside the timeline, with a copy button. The
 * text is shown, not drawn: mermaid is about 1 MB gzip and writes inline
 * styles the client's Content-Security-Policy refuses (docs/web-client.md).
 * The diagram is played again on the server, so it says when the model moved
 * in between (its hash comment is not the run's).
 */
export function SequenceDiagramPanel({ hash, load }: { hash: string; load: (signal: AbortSignal) => Promise<string> }) {
  const sequence = useLoad(load, [hash]);
  const text = sequence.data;
  const sameRun = text === undefined || text.includes(`Run hash ${hash};`);
  return (
    <section class="sequence-panel" aria-labelledby="sequence-title">
      <h3 id="sequence-title">Sequence diagram</h3>
      <p class="hint">Mermaid text of this trace: paste it into any Mermaid viewer or a Markdown file with a <code>mermaid</code> block.</p>
      {sequence.loading && text === undefined ? <Loading label="Drawing the sequence diagram…" /> : null}
      <ErrorNotice error={sequence.error} />
      {text !== undefined ? (
        <>
          {sameRun ? null : <p class="notice">The model or the scenario changed since this run: the diagram shows a newer run. Run again to see both of the same run.</p>}
          <div class="actions">
            <CopyButton text={text} label="Copy Mermaid text" />
          </div>
          {/* Read-only text: focusable and scrollable by keyboard, selectable, never sent anywhere. */}
          <textarea class="sequence-text" readOnly value={text} aria-label="Mermaid sequence diagram text" rows={24} spellcheck={false} wrap="off" />
        </>
      ) : null}
    </section>
  );
}
