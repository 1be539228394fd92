import { TruthBadges } from '../../components/truth-badges';
import { formatTime } from '../account/account-api';
import { type EstimateComparison, figure } from './load-tests-api';
import { ResultBadges } from './result-figures';

/** The checks the service makes (any other is shown by its name). */
const checkLabels: Record<string, string> = {
  'timeout-p95': 'p95 under the timeout',
  'timeout-p99': 'p99 under the timeout',
  'retry-budget': 'requests per call within the retry budget',
  'expected-calls': 'requests per iteration within the calls the playback expects',
  usage: 'throughput reached the usage the estimate assumes',
};

/** A measured result next to what the model declares: one line per check, within, outside or not comparable. */
export function EstimateView({ comparison, resultName }: { comparison: EstimateComparison; resultName: string }) {
  const { run } = comparison;
  return (
    <section class="load-tests-estimate" aria-labelledby="estimate-title">
      <h3 id="estimate-title">Against the estimate</h3>
      <dl class="facts load-tests-facts">
        <dt>Measured</dt>
        <dd>
          {resultName} <ResultBadges result={comparison.result} />
        </dd>
        <dt>Playback run</dt>
        <dd>
          {formatTime(run.at)}, main version {run.modelVersion ?? '—'} <TruthBadges record={{ factStatus: run.truth }} />
        </dd>
        <dt>Played again</dt>
        <dd>
          {run.reproduced
            ? `at main version ${run.replayedAtModelVersion ?? '—'}: the very trace the run recorded`
            : `at main version ${run.replayedAtModelVersion ?? '—'}: not the trace the run recorded (the model or scenario changed), so the expected figures are today's`}
        </dd>
      </dl>
      {comparison.lines.length === 0 ? (
        <p class="empty">The result measured no operation.</p>
      ) : (
        <div class="table-scroll">
          <table class="load-tests-table">
            <caption>Per operation and check</caption>
            <thead>
              <tr>
                <th scope="col">Operation</th>
                <th scope="col">Check</th>
                <th scope="col" class="load-tests-number">
                  Declared
                </th>
                <th scope="col" class="load-tests-number">
                  Measured
                </th>
                <th scope="col">Unit</th>
                <th scope="col">Status</th>
                <th scope="col">Detail</th>
              </tr>
            </thead>
            <tbody>
              {comparison.lines.map((l, i) => (
                <tr key={`${l.operationId}:${l.check}:${l.assumptionId ?? i}`}>
                  <th scope="row">{l.operationName ?? l.operationId}</th>
                  <td title={l.check}>{checkLabels[l.check] ?? l.check}</td>
                  <td class="load-tests-number">{figure(l.declared)}</td>
                  <td class="load-tests-number">{figure(l.measured)}</td>
                  <td>{l.unit}</td>
                  <td>
                    <span class={`badge load-tests-line-${l.status}`}>{l.status}</span>
                  </td>
                  <td>{l.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
