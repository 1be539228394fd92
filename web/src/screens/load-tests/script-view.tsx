import { useEffect, useId, useMemo } from 'preact/hooks';
import type { ApiError } from '../../api/client';
import { CopyButton } from '../../components/copy-button';
import { ErrorNotice } from '../../components/status';
import { formatTime } from '../account/account-api';
import type { LoadTestScript } from './load-tests-api';
import { actorLabel } from './load-tests-role';

/** An object URL of the text for a download link, let go when the text changes or the view goes. */
function useTextUrl(text: string, type: string): string {
  const url = useMemo(() => URL.createObjectURL(new Blob([text], { type })), [text, type]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return url;
}

/** A k6 script as written: what it was written from, its content hash, and its text to copy or download. */
export function ScriptView({ script, lineName, created }: { script: LoadTestScript & { content: string }; lineName: string; created?: boolean | undefined }) {
  const id = useId();
  const url = useTextUrl(script.content, 'text/javascript');
  return (
    <section class="load-tests-script" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{script.fileName}</h3>
      {created === undefined ? null : (
        <p class="notice success" role="status">
          {created ? 'A new script was written.' : 'This script was written before from the same target, profile and model: here it is as stored.'}
        </p>
      )}
      <dl class="facts load-tests-facts">
        <dt>Content hash (SHA-256)</dt>
        <dd>
          <code class="load-tests-hash">{script.contentHash}</code>
        </dd>
        <dt>Model</dt>
        <dd>
          {lineName}, version {script.modelVersion}
        </dd>
        <dt>Sends load to</dt>
        <dd>
          <code>{script.baseUrl}</code>
          {script.environment ? ` (${script.environment})` : ''}
        </dd>
        <dt>Written</dt>
        <dd>
          by {actorLabel(script.createdBy)} at {formatTime(script.createdAt)}
        </dd>
      </dl>
      <div class="actions">
        <CopyButton text={script.content} label="Copy script" />
        <a class="button secondary" href={url} download={script.fileName}>
          Download {script.fileName}
        </a>
      </div>
      <label for={id}>k6 script</label>
      <textarea id={id} class="code load-tests-script-text" readOnly rows={20} spellcheck={false} value={script.content} />
      <p class="hint">
        Run it with <code>k6 run --summary-export=summary.json {script.fileName}</code>, then add <code>summary.json</code> under Runs and results.
      </p>
    </section>
  );
}

/** The 422 script-refused body: nothing was written, for each reason the API gives. */
export function ScriptRefusal({ error }: { error: ApiError | undefined }) {
  if (!error) return null;
  if (error.problem.type !== 'script_refused') return <ErrorNotice error={error} />;
  return (
    <div class="error-notice load-tests-refusal" role="alert">
      <strong>{error.problem.title}</strong>
      <p>No script was written, for {error.problem.errors.length === 1 ? 'this reason' : `these ${error.problem.errors.length} reasons`}:</p>
      <ul>
        {error.problem.errors.map((e) => (
          <li key={`${e.field}:${e.message}`}>
            {e.message} <small class="problem-type">({e.field})</small>
          </li>
        ))}
      </ul>
    </div>
  );
}
