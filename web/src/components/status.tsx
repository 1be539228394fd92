import type { ComponentChildren } from 'preact';
import type { ApiError } from '../api/client';
import type { LoadState } from './use-load';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p class="loading" role="status" aria-live="polite">
      {label}
    </p>
  );
}

/** The spec's error body as a person reads it: title, detail, and the field messages not shown beside a field. */
export function ErrorNotice({ error, hideFields = false }: { error: ApiError | undefined; hideFields?: boolean }) {
  if (!error) return null;
  const { problem } = error;
  return (
    <div class="error-notice" role="alert">
      <strong>{problem.title}</strong>
      {problem.detail ? <p>{problem.detail}</p> : null}
      {!hideFields && problem.errors.length > 0 ? (
        <ul>
          {problem.errors.map((e) => (
            <li key={`${e.field}:${e.message}`}>
              <code>{e.field}</code>: {e.message}
            </li>
          ))}
        </ul>
      ) : null}
      <small class="problem-type">
        {problem.status > 0 ? `${problem.status} ` : ''}
        {problem.type}
      </small>
    </div>
  );
}

/** Draws a load's three states: loading, its error, or the children made from the data. */
export function Loaded<T>({ state, children, label }: { state: LoadState<T>; children: (data: T) => ComponentChildren; label?: string }) {
  if (state.error) return <ErrorNotice error={state.error} />;
  if (state.data === undefined) return <Loading {...(label ? { label } : {})} />;
  return <>{children(state.data)}</>;
}

export function Empty({ children }: { children: ComponentChildren }) {
  return <p class="empty">{children}</p>;
}
