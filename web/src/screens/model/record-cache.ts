/**
 * Records named by other records (a relationship's ends, a message's
 * producer…) are read once per screen visit and shared: a list of fifty
 * relationships between five elements asks for five elements. Any write
 * clears the cache, so a name changed a moment ago is not shown stale.
 */
import { useEffect, useState } from 'preact/hooks';
import type { ApiError } from '../../api/client';
import { getRecord, type AnyModelRecord, type Section, type StreamChoice } from './model-api';

const cache = new Map<string, Promise<AnyModelRecord>>();

function keyOf(projectId: string, section: Section, id: string, stream: StreamChoice): string {
  return [projectId, stream.branchId ?? '', stream.revisionId ?? '', section, id].join('|');
}

export function readRecordOnce(projectId: string, section: Section, id: string, stream: StreamChoice): Promise<AnyModelRecord> {
  const key = keyOf(projectId, section, id, stream);
  let found = cache.get(key);
  if (!found) {
    found = getRecord(projectId, section, id, stream);
    // A failed read is not kept: the next look asks again.
    found.catch(() => cache.delete(key));
    cache.set(key, found);
  }
  return found;
}

export function forgetRecords(): void {
  cache.clear();
}

export function useCachedRecord(projectId: string, section: Section, id: string | null, stream: StreamChoice): { record: AnyModelRecord | undefined; error: ApiError | undefined } {
  const [state, setState] = useState<{ record: AnyModelRecord | undefined; error: ApiError | undefined }>({ record: undefined, error: undefined });
  useEffect(() => {
    if (id === null) return;
    let live = true;
    setState({ record: undefined, error: undefined });
    readRecordOnce(projectId, section, id, stream).then(
      (record) => live && setState({ record, error: undefined }),
      (error: ApiError) => live && setState({ record: undefined, error }),
    );
    return () => {
      live = false;
    };
  }, [projectId, section, id, stream.branchId, stream.revisionId]);
  return state;
}
