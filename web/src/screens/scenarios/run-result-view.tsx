import { CopyButton } from '../../components/copy-button';
import type { AssertionResult, RunResult, StepOutcome } from './scenario-api';
import { SequenceDiagramPanel } from './sequence-diagram-panel';
import { TraceTimeline, withNames } from './trace-timeline';

function AssertionResults({ assertions, labels }: { assertions: readonly AssertionResult[]; labels: Record<string, string> }) {
  if (assertions.length === 0) return <p class="empty">The scenario has no assertions.</p>;
  const passed = assertions.filter((a) => a.passed).length;
  return (
    <>
      <p class="assertion-summary">
        {passed} of {assertions.length} assertions passed.
      </p>
      <ul class="assertion-results">
        {assertions.map((assertion) => (
          <li key={assertion.id} class={assertion.passed ? 'assertion passed' : 'assertion failed'}>
            <span class={`badge assertion-badge ${assertion.passed ? 'assertion-passed' : 'assertion-failed'}`}>
              <span aria-hidden="true">{assertion.passed ? '✓ ' : '✗ '}</span>
              {assertion.passed ? 'passed' : 'failed'}
            </span>{' '}
            <code>{assertion.id}</code>
            {assertion.detail ? <span class="assertion-detail">: {withNames(assertion.detail, labels)}</span> : null}
          </li>
        ))}
      </ul>
    </>
  );
}

function StepOutcomes({ outcomes }: { outcomes: readonly StepOutcome[] }) {
  if (outcomes.length === 0) return null;
  return (
    <details class="step-outcomes">
      <summary>Step outcomes ({outcomes.length})</summary>
      <div class="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {outcomes.map((entry) => (
              <tr key={entry.stepId}>
                <td>
                  <code>{entry.stepId}</code>
                </td>
                <td>
                  <span class={`badge outcome outcome-${entry.outcome.toLowerCase()}`}>{entry.outcome}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/**
 * A run's answer: the trace hash (copyable), the versions played, the
 * validation issues of a scenario that cannot play, the assertion results,
 * the step outcomes, and the trace timeline with the run's sequence diagram
 * text beside it.
 */
export function RunResultView({ result, playedOver, loadSequence }: { result: RunResult; playedOver: string; loadSequence: (signal: AbortSignal) => Promise<string> }) {
  const playable = result.issues.length === 0;
  return (
    <section class="run-result" aria-labelledby="run-result-title">
      <h2 id="run-result-title">Run result</h2>
      <dl class="run-facts">
        <div>
          <dt>Trace hash</dt>
          <dd class="hash-line">
            <code class="trace-hash">{result.hash}</code> <CopyButton text={result.hash} label="Copy hash" />
          </dd>
        </div>
        <div>
          <dt>Played over</dt>
          <dd>
            {playedOver}, model version {result.modelVersion}
          </dd>
        </div>
        <div>
          <dt>Events</dt>
          <dd>{result.events.length}</dd>
        </div>
        <div>
          <dt>Engine version</dt>
          <dd>{result.engineVersion}</dd>
        </div>
      </dl>
      {playable ? null : (
        <div class="notice run-issues" role="alert">
          <strong>The scenario cannot be played: {result.issues.length === 1 ? 'one issue' : `${result.issues.length} issues`}.</strong> Each is listed under Problems beside the editor, at its line.
        </div>
      )}
      <h3>Assertions</h3>
      {playable ? <AssertionResults assertions={result.assertions} labels={result.labels} /> : <p class="empty">Not checked: the scenario did not play.</p>}
      <StepOutcomes outcomes={result.outcomes} />
      <div class="trace-and-sequence">
        <div>
          <h3>Trace</h3>
          <TraceTimeline key={result.hash} events={result.events} labels={result.labels} />
        </div>
        {playable ? <SequenceDiagramPanel key={`${result.hash}:${result.modelVersion}`} hash={result.hash} load={loadSequence} /> : null}
      </div>
    </section>
  );
}
