import { useId, useState } from 'preact/hooks';
import type { ApiError } from '../../api/client';
import { Form, SelectField, TextAreaField, TextField } from '../../components/form';
import { ErrorNotice } from '../../components/status';
import { useAction } from '../../components/use-load';
import { FormProblem } from '../account/form-problem';
import { type LoadTestResult, type LoadTestScript, resultsApi, type StressRun } from './load-tests-api';

const queryFields = ['scriptId', 'stressRunId', 'environment', 'runAt', 'body'];

/** The 422 result-refused body: each missing or wrong value named by its path in the summary. */
function ResultRefusal({ error }: { error: ApiError }) {
  return (
    <div class="error-notice load-tests-refusal" role="alert">
      <strong>{error.problem.title}</strong>
      <p>{error.problem.detail ?? 'The summary is not one this service reads.'}</p>
      <ul>
        {error.problem.errors.map((e) => (
          <li key={`${e.field}:${e.message}`}>
            <code>{e.field}</code>: {e.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** `datetime-local` text (the person's time) as an ISO instant; other text is sent as it is for the API to name. */
function instantOf(local: string): string | null {
  if (local.trim() === '') return null;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? local : at.toISOString();
}

/**
 * Adds what k6 measured: the summary pasted or its file chosen, for a
 * script, optionally ending a stress run. The body is sent as it is (any
 * JSON up to 4 MiB): 413 past that, 422 naming what the summary misses.
 */
export function ResultUploadForm({ projectId, scripts, runs, onStored }: { projectId: string; scripts: LoadTestScript[]; runs: StressRun[]; onStored: (result: LoadTestResult) => void }) {
  const fileId = useId();
  const [scriptId, setScriptId] = useState(scripts.at(-1)?.id ?? '');
  const [stressRunId, setStressRunId] = useState('');
  const [environment, setEnvironment] = useState('');
  const [runAt, setRunAt] = useState('');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const upload = useAction(async () => {
    const stored = await resultsApi.upload(projectId, { scriptId, stressRunId: stressRunId || null, environment: environment || null, runAt: instantOf(runAt), body: file ?? text });
    setText('');
    setFile(null);
    setFileKey((k) => k + 1);
    setStressRunId('');
    onStored(stored);
  });
  // Runs of the chosen script that have no result yet; a finished one is refused with 409.
  const openRuns = runs.filter((r) => r.scriptId === scriptId && r.resultId === null && r.status !== 'finished');
  const refused = upload.error?.problem.type === 'result_refused';
  return (
    <Form label="Add a measured result" onSubmit={() => void upload.run()} class="load-tests-upload-form wide-form">
      {refused ? <ResultRefusal error={upload.error!} /> : upload.error?.status === 413 ? <ErrorNotice error={upload.error} /> : <FormProblem error={upload.error} fields={queryFields} />}
      <div class="field-row">
        <SelectField
          label="Script it ran"
          field="scriptId"
          error={upload.error}
          value={scriptId}
          onValue={(v) => {
            setScriptId(v);
            setStressRunId('');
          }}
          options={[{ value: '', label: '— choose one —' }, ...scripts.map((s) => ({ value: s.id, label: s.fileName }))]}
        />
        <SelectField
          label="Stress run it ends (optional)"
          field="stressRunId"
          error={upload.error}
          value={stressRunId}
          onValue={setStressRunId}
          options={[{ value: '', label: 'none' }, ...openRuns.map((r) => ({ value: r.id, label: `${r.status} run started ${new Date(r.startedAt).toLocaleString()}` }))]}
        />
        <TextField label="Environment (optional)" field="environment" error={upload.error} value={environment} onValue={setEnvironment} hint="Empty: the script's." />
        <TextField label="Ran at (optional)" field="runAt" type="datetime-local" error={upload.error} value={runAt} onValue={setRunAt} hint="Empty: the run's start, else now." />
      </div>
      <div class="field">
        <label for={fileId}>Summary file</label>
        <input
          key={fileKey}
          id={fileId}
          type="file"
          accept=".json,application/json"
          onChange={(e) => {
            const chosen = (e.currentTarget as HTMLInputElement).files?.[0] ?? null;
            setFile(chosen);
          }}
        />
        <small class="hint">k6 --summary-export, the data handleSummary receives, or the generic shape. A chosen file is sent instead of the text below.</small>
      </div>
      <TextAreaField label="Or paste the summary (JSON)" field="body" error={upload.error} value={text} onValue={setText} rows={8} spellcheck={false} class="code" />
      <div class="actions">
        <button type="submit" disabled={upload.pending}>
          {upload.pending ? 'Adding…' : file ? `Add ${file.name}` : 'Add result'}
        </button>
      </div>
    </Form>
  );
}
