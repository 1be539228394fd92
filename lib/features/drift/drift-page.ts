import { createHash } from 'node:crypto';
import type { DriftItem, DriftStatus } from '../../../contracts/drift';

/** Where a page ended: the last item's place and a digest of its key (fact keys can be long; a cursor stays short). */
export interface DriftPosition {
  index: number;
  digest: string;
}

const digestOf = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 22);

/**
 * One page of a drift report's items, of one status or all. The report is
 * computed on each request: a page continues after the item the last one
 * ended on, found by its key; should that item be gone (the model or a scan
 * changed meanwhile), at the same place.
 */
export function driftPage(items: readonly DriftItem[], options: { status: DriftStatus | null; after: DriftPosition | null; limit: number }) {
  const list = options.status === null ? items : items.filter((item) => item.status === options.status);
  let start = 0;
  if (options.after) {
    const { index, digest } = options.after;
    if (list[index] && digestOf(list[index].key) === digest) start = index + 1;
    else {
      const found = list.findIndex((item) => digestOf(item.key) === digest);
      start = found >= 0 ? found + 1 : Math.min(index + 1, list.length);
    }
  }
  const page = list.slice(start, start + options.limit);
  const hasMore = start + options.limit < list.length;
  const last = page.at(-1);
  return { items: page, next: hasMore && last ? ({ index: start + page.length - 1, digest: digestOf(last.key) } satisfies DriftPosition) : null };
}
