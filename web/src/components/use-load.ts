import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from '../api/client';

export interface LoadState<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload: () => void;
}

/**
 * Loads something for a screen and keeps loading and error states, so every
 * screen shows them the same way. A newer load wins over a slower older one.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]): LoadState<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<ApiError | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  const latest = useRef(0);
  useEffect(() => {
    const controller = new AbortController();
    const mine = ++latest.current;
    setLoading(true);
    setError(undefined);
    load(controller.signal).then(
      (value) => {
        if (mine !== latest.current) return;
        setData(value);
        setLoading(false);
      },
      (cause: unknown) => {
        if (mine !== latest.current || controller.signal.aborted) return;
        setError(cause instanceof ApiError ? cause : new ApiError({ type: 'client_error', title: 'Something went wrong', detail: String(cause), status: 0, errors: [] }));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [...deps, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { data, error, loading, reload };
}

/** Runs an action from a button or form, keeping its pending state and its error. */
export function useAction<A extends unknown[], R>(action: (...args: A) => Promise<R>) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError | undefined>(undefined);
  const run = useCallback(
    async (...args: A): Promise<R | undefined> => {
      setPending(true);
      setError(undefined);
      try {
        return await action(...args);
      } catch (cause) {
        setError(cause instanceof ApiError ? cause : new ApiError({ type: 'client_error', title: 'Something went wrong', detail: String(cause), status: 0, errors: [] }));
        return undefined;
      } finally {
        setPending(false);
      }
    },
    [action],
  );
  return { run, pending, error, clearError: () => setError(undefined) };
}
