import { useState } from 'preact/hooks';
import { ConfirmButton } from '../../components/confirm-button';
import { Empty, ErrorNotice, Loaded } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import { Link, type RouteParams } from '../../router';
import { formatTime } from '../account/account-api';
import { LoadTestsFrame, loadTestsPath } from './load-tests-frame';
import { figure, type LoadTestResult, type LoadTestScript, type LoadTestTarget, resultsApi, runsApi, scriptsApi, targetsApi } from './load-tests-api';
import { loadTestRole } from './load-tests-role';
import { ResultBadges } from './result-figures';
import { ResultUploadForm } from './result-upload-form';
import { RunsPanel } from './runs-panel';

/** p95 of a result as a list shows it: the one operation's, or how many operations it measured. */
function p95Of(result: LoadTestResult): string {
  const { operations } = result.measurements;
  return operations.length === 1 ? figure(operations[0]!.p95Ms) : `${operations.length} operations`;
}

function ResultTable({ workspaceId, projectId, results, targets, scripts, canEdit, onDeleted }: { workspaceId: string; projectId: string; results: LoadTestResult[]; targets: LoadTestTarget[]; scripts: LoadTestScript[]; canEdit: boolean; onDeleted: () => void }) {
  const remove = useAction(async (resultId: string) => {
    await resultsApi.remove(projectId, resultId);
    onDeleted();
  });
  if (results.length === 0) return <Empty>No results yet.</Empty>;
  const targetName = (id: string) => targets.find((t) => t.id === id)?.name ?? id;
  const fileName = (id: string) => scripts.find((s) => s.id === id)?.fileName ?? id;
  return (
    <>
      <ErrorNotice error={remove.error} />
      <div class="table-scroll">
        <table class="load-tests-table">
          <caption class="offscreen">Measured results, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Ran at</th>
              <th scope="col">Target</th>
              <th scope="col">Script</th>
              <th scope="col">Environment</th>
              <th scope="col">Truth</th>
              <th scope="col" class="load-tests-number">
                p95 (ms)
              </th>
              {canEdit ? (
                <th scope="col">
                  <span class="offscreen">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {results.map((r) => (
              <tr key={r.id}>
                <th scope="row">
                  <Link href={loadTestsPath(workspaceId, projectId, 'results', r.id)} aria-label={`Open the result of ${formatTime(r.provenance.runAt)}`}>
                    {formatTime(r.provenance.runAt)}
                  </Link>
                </th>
                <td>{targetName(r.targetId)}</td>
                <td>{fileName(r.scriptId)}</td>
                <td>{r.provenance.environment ?? '—'}</td>
                <td>
                  <ResultBadges result={r} />
                </td>
                <td class="load-tests-number">{p95Of(r)}</td>
                {canEdit ? (
                  <td class="row-actions">
                    <ConfirmButton label="Delete" subject={`result of ${formatTime(r.provenance.runAt)}`} question="Delete this result?" confirmLabel="Yes, delete" pending={remove.pending} onConfirm={() => void remove.run(r.id)} />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** `/w/:ws/p/:p/load-tests/results`: stress runs, adding what k6 measured, and the measured results. */
export function ResultsScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const { canEdit } = loadTestRole(workspaceId);
  const [stored, setStored] = useState<LoadTestResult | null>(null);
  const data = useLoad(async (signal) => {
    const [targets, scripts, runs, results] = await Promise.all([targetsApi.list(projectId, signal), scriptsApi.list(projectId, signal), runsApi.list(projectId, signal), resultsApi.list(projectId, signal)]);
    return { targets: targets.items, scripts: scripts.items, runs: runs.items, results: results.items };
  }, [projectId]);
  return (
    <LoadTestsFrame workspaceId={workspaceId} projectId={projectId} tab="results">
      <Loaded state={data} label="Reading runs and results…">
        {({ targets, scripts, runs, results }) => (
          <>
            <h2>Stress runs</h2>
            <RunsPanel workspaceId={workspaceId} projectId={projectId} runs={runs} scripts={scripts} canEdit={canEdit} onChanged={data.reload} />
            {canEdit ? (
              <div class="panel">
                <h2>Add a result</h2>
                {stored ? (
                  <p class="notice success" role="status">
                    Result stored: <Link href={loadTestsPath(workspaceId, projectId, 'results', stored.id)}>open it</Link>
                    {stored.measurements.operations.length === 1 ? ` (p95 ${p95Of(stored)} ms)` : ''}.
                  </p>
                ) : null}
                {scripts.length === 0 ? (
                  <Empty>A result belongs to a script: write one under Scripts first.</Empty>
                ) : (
                  <ResultUploadForm
                    projectId={projectId}
                    scripts={scripts}
                    runs={runs}
                    onStored={(result) => {
                      setStored(result);
                      data.reload();
                    }}
                  />
                )}
              </div>
            ) : null}
            <h2>Results</h2>
            <ResultTable workspaceId={workspaceId} projectId={projectId} results={results} targets={targets} scripts={scripts} canEdit={canEdit} onDeleted={data.reload} />
          </>
        )}
      </Loaded>
    </LoadTestsFrame>
  );
}
