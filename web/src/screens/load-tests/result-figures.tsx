import { TruthBadges } from '../../components/truth-badges';
import { figure, type LoadTestResult, type OperationFigures, type ResultHead } from './load-tests-api';

/** A result's truth label and where it came from, with the badges the model screens use. */
export function ResultBadges({ result }: { result: ResultHead | LoadTestResult }) {
  return <TruthBadges record={{ factStatus: result.truth, provenance: { source: result.provenance.source, revision: null } }} />;
}

const columns: readonly { key: keyof OperationFigures; label: string }[] = [
  { key: 'count', label: 'Requests' },
  { key: 'failures', label: 'Failures' },
  { key: 'errorRate', label: 'Error rate' },
  { key: 'p50Ms', label: 'p50 (ms)' },
  { key: 'p90Ms', label: 'p90 (ms)' },
  { key: 'p95Ms', label: 'p95 (ms)' },
  { key: 'p99Ms', label: 'p99 (ms)' },
  { key: 'avgMs', label: 'Average (ms)' },
  { key: 'minMs', label: 'Min (ms)' },
  { key: 'maxMs', label: 'Max (ms)' },
  { key: 'throughputPerSecond', label: 'Throughput (/s)' },
];

/** The figures per operation, each exactly as the API gives it. */
export function FiguresTable({ operations }: { operations: OperationFigures[] }) {
  return (
    <div class="table-scroll">
      <table class="load-tests-table load-tests-figures">
        <caption>Figures per operation</caption>
        <thead>
          <tr>
            <th scope="col">Operation</th>
            {columns.map((c) => (
              <th key={c.key} scope="col" class="load-tests-number">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {operations.map((o) => (
            <tr key={o.operationId}>
              <th scope="row">{o.name ?? o.operationId}</th>
              {columns.map((c) => (
                <td key={c.key} class="load-tests-number" data-figure={c.key}>
                  {figure(o[c.key] as number | null)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
