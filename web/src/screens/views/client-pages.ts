import type { Page } from '../../api/client';

/**
 * One page of a list the API answers whole (views, share links), in the
 * `{items, nextCursor}` shape of the paged endpoints, so the screens page
 * it with the same `usePagedList` and pager. The cursor is the offset.
 */
export function pageOf<T>(all: readonly T[], cursor: string | null, size: number): Page<T> {
  const start = cursor === null ? 0 : Math.max(0, Number.parseInt(cursor, 10) || 0);
  const end = start + size;
  return { items: all.slice(start, end), nextCursor: end < all.length ? String(end) : null };
}
