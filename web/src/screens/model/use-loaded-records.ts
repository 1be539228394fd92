import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from '../../api/client';
import { listRecords, type AnyModelRecord, type Section, type StreamChoice } from './model-api';

export interface LoadedRecords {
  items: AnyModelRecord[];
  /** Records of the kind in the stream (the list's `total`), null before the first page. */
  total: number | null;
  hasMore: boolean;
  loading: boolean;
  error: ApiError | undefined;
  loadMore: () => void;
  loadAll: () => void;
  reload: () => void;
}

function asApiError(cause: unknown): ApiError {
  return cause instanceof ApiError ? cause : new ApiError({ type: 'client_error', title: 'Something went wrong', detail: String(cause), status: 0, errors: [] });
}

/**
 * The records of one kind read page by page with the API's cursors and kept
 * as they arrive: a large model shows its first page at once and people load
 * more (or all) when they want the rest. A new kind or branch starts over.
 */
export function useLoadedRecords(projectId: string, section: Section, stream: StreamChoice, pageSize = 200): LoadedRecords {
  const [items, setItems] = useState<AnyModelRecord[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<ApiError | undefined>(undefined);
  const [round, setRound] = useState(0);
  // Each start-over gets a new generation; answers of an older one are dropped.
  const generation = useRef(0);
  const controller = useRef<AbortController | null>(null);

  const fetchPages = useCallback(
    async (from: string | null, all: boolean, mine: number) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setLoading(true);
      setError(undefined);
      let next = from;
      try {
        do {
          const page = await listRecords(projectId, section, { ...stream, cursor: next, limit: pageSize }, abort.signal);
          if (mine !== generation.current) return;
          const first = next === null;
          setItems((list) => (first ? page.items : [...list, ...page.items]));
          setTotal(page.total);
          next = page.nextCursor;
          setCursor(next);
        } while (all && next !== null && !abort.signal.aborted);
      } catch (cause) {
        if (mine !== generation.current || abort.signal.aborted) return;
        setError(asApiError(cause));
      } finally {
        if (mine === generation.current) setLoading(false);
      }
    },
    [projectId, section, stream.branchId, stream.revisionId, pageSize],
  );

  useEffect(() => {
    const mine = ++generation.current;
    setItems([]);
    setTotal(null);
    setCursor(null);
    void fetchPages(null, false, mine);
    return () => controller.current?.abort();
  }, [fetchPages, round]);

  return {
    items,
    total,
    hasMore: cursor !== null,
    loading,
    error,
    loadMore: () => {
      if (cursor !== null && !loading) void fetchPages(cursor, false, generation.current);
    },
    loadAll: () => {
      if (cursor !== null && !loading) void fetchPages(cursor, true, generation.current);
    },
    reload: () => setRound((r) => r + 1),
  };
}
