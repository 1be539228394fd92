import { ConfirmButton } from '../../components/confirm-button';
import { ErrorNotice, Loaded } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import { Link, navigate, type RouteParams } from '../../router';
import { formatTime } from '../account/account-api';
import { LoadTestsFrame, loadTestsPath } from './load-tests-frame';
import { figure, resultsApi, scriptsApi, targetsApi } from './load-tests-api';
import { actorLabel, loadTestRole } from './load-tests-role';
import { FiguresTable, ResultBadges } from './result-figures';

/** `/w/:ws/p/:p/load-tests/results/:resultId`: one measured result, its provenance, figures per operation and the body as sent. */
export function ResultScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const resultId = params.resultId!;
  const { canEdit } = loadTestRole(workspaceId);
  const data = useLoad(async (signal) => {
    const result = await resultsApi.get(projectId, resultId, signal);
    const [targets, script] = await Promise.all([targetsApi.list(projectId, signal), scriptsApi.get(projectId, result.scriptId, signal).catch(() => null)]);
    return { result, target: targets.items.find((t) => t.id === result.targetId) ?? null, script };
  }, [projectId, resultId]);
  const remove = useAction(async () => {
    await resultsApi.remove(projectId, resultId);
    navigate(loadTestsPath(workspaceId, projectId, 'results'));
  });
  return (
    <LoadTestsFrame workspaceId={workspaceId} projectId={projectId} tab="results">
      <p class="breadcrumb">
        <Link href={loadTestsPath(workspaceId, projectId, 'results')}>Runs and results</Link> / result
      </p>
      <Loaded state={data} label="Reading the result…">
        {({ result, target, script }) => {
          const { provenance, measurements } = result;
          return (
            <>
              <h2>
                Result of {target?.name ?? result.targetId} <ResultBadges result={result} />
              </h2>
              <dl class="facts load-tests-facts">
                <dt>Truth</dt>
                <dd>{result.truth}: figures a load tool took of a running system</dd>
                <dt>Tool</dt>
                <dd>
                  {provenance.tool} ({result.format})
                </dd>
                <dt>Source</dt>
                <dd>
                  <code>{provenance.source}</code>
                </dd>
                <dt>Ran at</dt>
                <dd>{formatTime(provenance.runAt)}</dd>
                <dt>Environment</dt>
                <dd>{provenance.environment ?? '—'}</dd>
                <dt>Script</dt>
                <dd>{script ? `${script.fileName} (model version ${script.modelVersion}, ${script.contentHash.slice(0, 12)}…)` : result.scriptId}</dd>
                <dt>Uploaded</dt>
                <dd>
                  by {actorLabel(provenance.uploadedBy)} at {formatTime(provenance.uploadedAt)}
                </dd>
                <dt>Iterations</dt>
                <dd>{figure(measurements.iterations)}</dd>
                <dt>Checks</dt>
                <dd>{measurements.checks ? `${measurements.checks.passes} passed, ${measurements.checks.fails} failed` : '—'}</dd>
                <dt>Duration (s)</dt>
                <dd>{figure(measurements.durationSeconds)}</dd>
              </dl>
              <FiguresTable operations={measurements.operations} />
              <div class="actions">
                <Link class="button secondary" href={`${loadTestsPath(workspaceId, projectId, 'compare')}?candidate=${encodeURIComponent(result.id)}&resultId=${encodeURIComponent(result.id)}`}>
                  Compare this result
                </Link>
                {canEdit ? <ConfirmButton label="Delete result" question="Delete this result for good?" confirmLabel="Yes, delete" pending={remove.pending} onConfirm={() => void remove.run()} /> : null}
              </div>
              <ErrorNotice error={remove.error} />
              <details class="load-tests-raw">
                <summary>The summary as it was sent</summary>
                <pre>{JSON.stringify(result.raw, null, 2)}</pre>
              </details>
            </>
          );
        }}
      </Loaded>
    </LoadTestsFrame>
  );
}
