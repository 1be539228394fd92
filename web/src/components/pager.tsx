import { useState } from 'preact/hooks';
import type { Page } from '../api/client';
import { Loaded } from './status';
import { useLoad } from './use-load';
import type { ComponentChildren } from 'preact';

/**
 * A long list read page by page with the API's cursors: "Next" sends the last
 * `nextCursor`, "Previous" goes back through the cursors already seen.
 */
export function usePagedList<T>(loadPage: (cursor: string | null, signal: AbortSignal) => Promise<Page<T>>, deps: readonly unknown[]) {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const state = useLoad((signal) => loadPage(cursor, signal), [...deps, cursor]);
  const next = () => {
    const nextCursor = state.data?.nextCursor;
    if (nextCursor) setCursors((list) => [...list, nextCursor]);
  };
  const previous = () => setCursors((list) => (list.length > 1 ? list.slice(0, -1) : list));
  const restart = () => setCursors([null]);
  return { state, pageNumber: cursors.length, hasNext: Boolean(state.data?.nextCursor), hasPrevious: cursors.length > 1, next, previous, restart };
}

export function PagedList<T>({ list, children, label }: { list: ReturnType<typeof usePagedList<T>>; children: (items: T[]) => ComponentChildren; label: string }) {
  return (
    <div class="paged-list">
      <Loaded state={list.state}>{(page) => children(page.items)}</Loaded>
      {list.hasPrevious || list.hasNext ? (
        <nav class="pager" aria-label={`${label} pages`}>
          <button type="button" class="secondary" onClick={list.previous} disabled={!list.hasPrevious}>
            Previous
          </button>
          <span>Page {list.pageNumber}</span>
          <button type="button" class="secondary" onClick={list.next} disabled={!list.hasNext}>
            Next
          </button>
        </nav>
      ) : null}
    </div>
  );
}
