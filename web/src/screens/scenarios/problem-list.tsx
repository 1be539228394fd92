import { problemSourceLabels, type EditorProblem } from './editor-problems';

/**
 * The problems of the editor's text beside it, one entry per problem, read as
 * "line 12: steps[2].then: must be a list of steps". The line is a button
 * that puts the caret on that line.
 */
export function ProblemList({ id, problems, onGoToLine }: { id: string; problems: readonly EditorProblem[]; onGoToLine: (line: number) => void }) {
  return (
    <section class="problem-list" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Problems</h2>
      {problems.length === 0 ? (
        <p id={id} class="empty">
          None found. A save checks the document; a run checks it against the model.
        </p>
      ) : (
        <ul id={id} aria-live="polite">
          {problems.map((problem) => (
            <li key={problem.key} class={`problem problem-${problem.source}`}>
              <span class={`badge problem-badge problem-badge-${problem.source}`}>{problemSourceLabels[problem.source]}</span>
              {problem.code && problem.source === 'run' ? <code class="problem-code">{problem.code}</code> : null}{' '}
              {problem.place ? (
                <button type="button" class="link-button" onClick={() => onGoToLine(problem.place!.line)} title={problem.exact ? 'Go to this line' : 'The text has no such member: go to the nearest line around it'}>
                  line {problem.place.line}
                  {problem.exact ? '' : ' (near)'}
                </button>
              ) : (
                <span class="problem-line">no line</span>
              )}
              {': '}
              {problem.field && !problem.message.startsWith(problem.field) ? (
                <>
                  <code>{problem.field}</code>
                  {': '}
                </>
              ) : null}
              <span class="problem-message">{problem.message}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
