import { useState } from 'preact/hooks';
import { Form, SelectField } from '../../components/form';
import { Empty, ErrorNotice, Loaded, Loading } from '../../components/status';
import { useLoad } from '../../components/use-load';
import { currentUrl, type RouteParams, setQueryParameters } from '../../router';
import { formatTime } from '../account/account-api';
import { FormProblem } from '../account/form-problem';
import { EstimateView } from './estimate-view';
import { LoadTestsFrame } from './load-tests-frame';
import { compareApi, figure, type LoadTestResult, type LoadTestTarget, playedScenario, resultsApi, targetsApi } from './load-tests-api';
import { RegressionView } from './regression-view';

const nothingChosen = { value: '', label: '— choose one —' };

function resultLabel(result: LoadTestResult, targets: readonly LoadTestTarget[]): string {
  const target = targets.find((t) => t.id === result.targetId)?.name ?? result.targetId;
  const { operations } = result.measurements;
  const p95 = operations.length === 1 ? `, p95 ${figure(operations[0]!.p95Ms)} ms` : '';
  return `${target}, ran ${formatTime(result.provenance.runAt)}${p95}`;
}

function ResultsAgainstEachOther({ projectId, results, targets }: { projectId: string; results: LoadTestResult[]; targets: LoadTestTarget[] }) {
  const query = currentUrl.value.searchParams;
  const chosenBaseline = query.get('baseline') ?? '';
  const chosenCandidate = query.get('candidate') ?? '';
  const [baseline, setBaseline] = useState(chosenBaseline);
  const [candidate, setCandidate] = useState(chosenCandidate);
  const regression = useLoad((signal) => (chosenBaseline && chosenCandidate ? compareApi.results(projectId, chosenBaseline, chosenCandidate, signal) : Promise.resolve(null)), [projectId, chosenBaseline, chosenCandidate]);
  const options = [nothingChosen, ...results.map((r) => ({ value: r.id, label: resultLabel(r, targets) }))];
  const name = (id: string) => {
    const result = results.find((r) => r.id === id);
    return result ? resultLabel(result, targets) : id;
  };
  return (
    <>
      <Form label="Compare two results" onSubmit={() => setQueryParameters({ baseline, candidate })} class="load-tests-compare-form wide-form">
        <FormProblem error={regression.error} fields={['baseline', 'candidate']} />
        <div class="field-row">
          <SelectField label="Baseline" field="baseline" error={regression.error} value={baseline} onValue={setBaseline} options={options} hint="The earlier, known result." />
          <SelectField label="Candidate" field="candidate" error={regression.error} value={candidate} onValue={setCandidate} options={options} hint="The result to judge against it." />
        </div>
        <div class="actions">
          <button type="submit" disabled={!baseline || !candidate}>
            Compare results
          </button>
        </div>
      </Form>
      {regression.loading && chosenBaseline && chosenCandidate ? <Loading label="Comparing…" /> : null}
      {regression.data ? <RegressionView regression={regression.data} resultName={name} /> : null}
    </>
  );
}

/** The scenario-check runs of one promise: the playback runs the service keeps under an ID. */
function RunField({ projectId, promiseId, value, onValue, error }: { projectId: string; promiseId: string; value: string; onValue: (v: string) => void; error: Parameters<typeof SelectField>[0]['error'] }) {
  const runs = useLoad((signal) => (promiseId ? compareApi.promiseRuns(projectId, promiseId, signal) : Promise.resolve({ items: [], nextCursor: null })), [projectId, promiseId]);
  if (runs.error) return <ErrorNotice error={runs.error} />;
  const played = (runs.data?.items ?? []).filter(playedScenario);
  const options = [nothingChosen, ...played.map((r) => ({ value: r.id, label: `${formatTime(r.at)}: ${r.result}` }))];
  if (value && !played.some((r) => r.id === value)) options.push({ value, label: `run ${value}` });
  return <SelectField label="Playback run" field="runId" error={error} value={value} onValue={onValue} options={options} hint={promiseId && runs.data && played.length === 0 ? 'This promise has no run that played a scenario.' : 'A run of a scenario-check obligation.'} />;
}

function ResultAgainstEstimate({ projectId, results, targets }: { projectId: string; results: LoadTestResult[]; targets: LoadTestTarget[] }) {
  const query = currentUrl.value.searchParams;
  const chosenResult = query.get('resultId') ?? '';
  const chosenRun = query.get('runId') ?? '';
  const [resultId, setResultId] = useState(chosenResult);
  const [promiseId, setPromiseId] = useState(query.get('promiseId') ?? '');
  const [runId, setRunId] = useState(chosenRun);
  const promises = useLoad((signal) => compareApi.promises(projectId, signal), [projectId]);
  const comparison = useLoad((signal) => (chosenResult && chosenRun ? compareApi.estimate(projectId, chosenResult, chosenRun, signal) : Promise.resolve(null)), [projectId, chosenResult, chosenRun]);
  const chosen = results.find((r) => r.id === chosenResult);
  return (
    <>
      <Form label="Compare a result with the estimate" onSubmit={() => setQueryParameters({ resultId, runId, promiseId })} class="load-tests-compare-form wide-form">
        <FormProblem error={comparison.error} fields={['resultId', 'runId']} />
        <div class="field-row">
          <SelectField label="Result" field="resultId" error={comparison.error} value={resultId} onValue={setResultId} options={[nothingChosen, ...results.map((r) => ({ value: r.id, label: resultLabel(r, targets) }))]} />
          <Loaded state={promises} label="Reading the promises…">
            {({ items }) => (
              <SelectField
                label="Promise"
                field="promiseId"
                value={promiseId}
                onValue={(v) => {
                  setPromiseId(v);
                  setRunId('');
                }}
                options={[nothingChosen, ...items.map((p) => ({ value: p.id, label: `${p.requirementId} ${p.title}` }))]}
              />
            )}
          </Loaded>
          <RunField projectId={projectId} promiseId={promiseId} value={runId} onValue={setRunId} error={comparison.error} />
        </div>
        <div class="actions">
          <button type="submit" disabled={!resultId || !runId}>
            Compare with the estimate
          </button>
        </div>
      </Form>
      {comparison.loading && chosenResult && chosenRun ? <Loading label="Playing the scenario again and comparing…" /> : null}
      {comparison.data ? <EstimateView comparison={comparison.data} resultName={chosen ? resultLabel(chosen, targets) : comparison.data.result.id} /> : null}
    </>
  );
}

/** `/w/:ws/p/:p/load-tests/compare?baseline=&candidate=&resultId=&runId=`: results against each other, and a result against the estimate. */
export function CompareScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const data = useLoad(async (signal) => {
    const [results, targets] = await Promise.all([resultsApi.list(projectId, signal), targetsApi.list(projectId, signal)]);
    return { results: results.items, targets: targets.items };
  }, [projectId]);
  return (
    <LoadTestsFrame workspaceId={workspaceId} projectId={projectId} tab="compare">
      <Loaded state={data} label="Reading the results…">
        {({ results, targets }) =>
          results.length === 0 ? (
            <Empty>No results to compare yet: add what k6 measured under Runs and results.</Empty>
          ) : (
            <>
              <h2>Results against each other</h2>
              <p class="hint">Per operation measured by both: the 95th percentile, the error rate and the throughput of the candidate against the baseline.</p>
              <ResultsAgainstEachOther projectId={projectId} results={results} targets={targets} />
              <h2>A result against the estimate</h2>
              <p class="hint">The operation's timeout and retry budget, the calls a playback run of a promise's scenario expects, and the cost sheet's usage assumptions, against what was measured.</p>
              <ResultAgainstEstimate projectId={projectId} results={results} targets={targets} />
            </>
          )
        }
      </Loaded>
    </LoadTestsFrame>
  );
}
