import { useState } from 'preact/hooks';
import type { ApiError } from '../../api/client';
import { Form, SelectField } from '../../components/form';
import { Empty, ErrorNotice } from '../../components/status';
import { useAction } from '../../components/use-load';
import { Link } from '../../router';
import { formatTime } from '../account/account-api';
import { FormProblem } from '../account/form-problem';
import { loadTestsPath } from './load-tests-frame';
import { type LoadTestScript, runsApi, type StressRun } from './load-tests-api';
import { actorLabel } from './load-tests-role';

/** The 429 `busy` answer: the API's words and the seconds its Retry-After gives. */
function BusyNotice({ error }: { error: ApiError }) {
  return (
    <div class="load-tests-busy">
      <ErrorNotice error={error} />
      {error.retryAfterSeconds !== null ? (
        <p class="notice warning" role="status">
          Retry after {error.retryAfterSeconds} {error.retryAfterSeconds === 1 ? 'second' : 'seconds'}: that is when the first running run expires, if none finishes before.
        </p>
      ) : null}
    </div>
  );
}

/**
 * Stress runs: started before a k6 run so that no more than the instance's
 * `policy.maxConcurrentStressRuns` happen at once (429 `busy` past it), and
 * finished by the result that ends them or by hand.
 */
export function RunsPanel({ workspaceId, projectId, runs, scripts, canEdit, onChanged }: { workspaceId: string; projectId: string; runs: StressRun[]; scripts: LoadTestScript[]; canEdit: boolean; onChanged: () => void }) {
  const [scriptId, setScriptId] = useState(scripts.at(-1)?.id ?? '');
  const start = useAction(async () => {
    await runsApi.start(projectId, scriptId);
    onChanged();
  });
  const finish = useAction(async (runId: string) => {
    await runsApi.finish(projectId, runId);
    onChanged();
  });
  const fileOf = (id: string) => scripts.find((s) => s.id === id)?.fileName ?? id;
  return (
    <>
      {runs.length === 0 ? (
        <Empty>No stress runs. Starting one is optional: it keeps the runs of this instance under its limit.</Empty>
      ) : (
        <div class="table-scroll">
          <table class="load-tests-table">
            <caption class="offscreen">Stress runs, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Script</th>
                <th scope="col">Status</th>
                <th scope="col">Started</th>
                <th scope="col">Expires</th>
                <th scope="col">Finished</th>
                <th scope="col">Result</th>
                {canEdit ? (
                  <th scope="col">
                    <span class="offscreen">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {runs.map((r) => (
                <tr key={r.id}>
                  <th scope="row">{fileOf(r.scriptId)}</th>
                  <td>
                    <span class={`badge load-tests-run-${r.status}`}>{r.status}</span>
                  </td>
                  <td>
                    {formatTime(r.startedAt)} by {actorLabel(r.startedBy)}
                  </td>
                  <td>{formatTime(r.expiresAt)}</td>
                  <td>{formatTime(r.finishedAt)}</td>
                  <td>{r.resultId ? <Link href={loadTestsPath(workspaceId, projectId, 'results', r.resultId)}>open</Link> : '—'}</td>
                  {canEdit ? (
                    <td class="row-actions">
                      {r.status === 'running' ? (
                        <button type="button" class="secondary" disabled={finish.pending} onClick={() => void finish.run(r.id)} aria-label={`Finish run of ${fileOf(r.scriptId)} started ${formatTime(r.startedAt)}`}>
                          Finish
                        </button>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ErrorNotice error={finish.error} />
      {canEdit && scripts.length > 0 ? (
        <Form label="Start a stress run" onSubmit={() => void start.run()} class="load-tests-run-form">
          {start.error?.status === 429 ? <BusyNotice error={start.error} /> : <FormProblem error={start.error} fields={['scriptId']} />}
          <SelectField label="Script to run" field="scriptId" error={start.error} value={scriptId} onValue={setScriptId} options={scripts.map((s) => ({ value: s.id, label: s.fileName }))} />
          <div class="actions">
            <button type="submit" disabled={start.pending}>
              {start.pending ? 'Starting…' : 'Start a run'}
            </button>
          </div>
        </Form>
      ) : null}
    </>
  );
}
