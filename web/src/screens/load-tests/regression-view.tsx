import { figure, type MetricChange, type Regression, type Verdict } from './load-tests-api';
import { ResultBadges } from './result-figures';

export function VerdictBadge({ verdict }: { verdict: Verdict }) {
  return <span class={`badge load-tests-verdict load-tests-verdict-${verdict}`}>{verdict}</span>;
}

function signed(change: number | null, unit: string): string {
  if (change === null) return '— (baseline 0)';
  return `${change > 0 ? '+' : ''}${change} ${unit}`;
}

const measures = [
  { key: 'p95Ms', label: 'p95 (ms)', unit: '%' },
  { key: 'errorRate', label: 'Error rate', unit: 'points' },
  { key: 'throughputPerSecond', label: 'Throughput (/s)', unit: '%' },
] as const;

/** The regression of a candidate against a baseline: the verdict, the thresholds, and per operation each measure's figures, change and verdict. */
export function RegressionView({ regression, resultName }: { regression: Regression; resultName: (id: string) => string }) {
  const { thresholds } = regression;
  return (
    <section class="load-tests-regression" aria-labelledby="regression-title">
      <h3 id="regression-title">
        Verdict: <VerdictBadge verdict={regression.verdict} />
      </h3>
      <dl class="facts load-tests-facts">
        <dt>Baseline</dt>
        <dd>
          {resultName(regression.baseline.id)} <ResultBadges result={regression.baseline} />
        </dd>
        <dt>Candidate</dt>
        <dd>
          {resultName(regression.candidate.id)} <ResultBadges result={regression.candidate} />
        </dd>
        <dt>Thresholds</dt>
        <dd>
          p95 regresses above +{thresholds.p95ChangePercent} % and improves below −{thresholds.p95ChangePercent} %; the error rate regresses above +{thresholds.errorRateChangePoints} point and improves below −
          {thresholds.errorRateChangePoints}; throughput regresses below −{thresholds.throughputChangePercent} % and improves above +{thresholds.throughputChangePercent} %. A change exactly at a
          threshold is the same.
        </dd>
      </dl>
      {regression.operations.length === 0 ? (
        <p class="empty">No operation was measured by both results.</p>
      ) : (
        <div class="table-scroll">
          <table class="load-tests-table load-tests-regression-table">
            <caption>Per operation</caption>
            <thead>
              <tr>
                <th scope="col">Operation</th>
                <th scope="col">Measure</th>
                <th scope="col" class="load-tests-number">
                  Baseline
                </th>
                <th scope="col" class="load-tests-number">
                  Candidate
                </th>
                <th scope="col" class="load-tests-number">
                  Change
                </th>
                <th scope="col">Verdict</th>
              </tr>
            </thead>
            {regression.operations.map((o) => (
              <tbody key={o.operationId}>
                {measures.map((m, i) => {
                  const change: MetricChange = o[m.key];
                  return (
                    <tr key={m.key} data-measure={m.key}>
                      {i === 0 ? (
                        <th scope="rowgroup" rowSpan={measures.length + 1}>
                          {o.name ?? o.operationId}
                        </th>
                      ) : null}
                      <th scope="row">{m.label}</th>
                      <td class="load-tests-number">{figure(change.baseline)}</td>
                      <td class="load-tests-number">{figure(change.candidate)}</td>
                      <td class="load-tests-number">{signed(change.change, m.unit)}</td>
                      <td>
                        <VerdictBadge verdict={change.verdict} />
                      </td>
                    </tr>
                  );
                })}
                <tr class="load-tests-operation-verdict" data-measure="operation">
                  <th scope="row" colSpan={4}>
                    The operation
                  </th>
                  <td>
                    <VerdictBadge verdict={o.verdict} />
                  </td>
                </tr>
              </tbody>
            ))}
          </table>
        </div>
      )}
      {regression.onlyInBaseline.length > 0 ? <p>Measured by the baseline only (no verdict): {regression.onlyInBaseline.join(', ')}</p> : null}
      {regression.onlyInCandidate.length > 0 ? <p>Measured by the candidate only (no verdict): {regression.onlyInCandidate.join(', ')}</p> : null}
    </section>
  );
}
