import { useLoad } from '../../components/use-load';
import { listRecords } from '../model/model-api';
import { recordTitle } from '../model/record-title';

/** Elements read for names: the first page of the largest size the model list gives. */
const elementLimit = 200;

export interface ElementName {
  id: string;
  name: string;
  kind: string;
}

/**
 * The elements of a line by ID, to name a resource's element and an assumption's subject.
 * An element beyond the first 200, or gone from the line, is shown by its ID.
 */
export function useElementNames(projectId: string, branchId: string | null) {
  const state = useLoad(async (signal) => {
    const page = await listRecords(projectId, 'elements', { branchId, limit: elementLimit }, signal);
    return page.items.map((record) => ({ id: record.id, name: recordTitle('elements', record), kind: String((record as unknown as { kind?: unknown }).kind ?? '') }));
  }, [projectId, branchId]);
  const elements: ElementName[] = state.data ?? [];
  const nameOf = (id: string) => elements.find((e) => e.id === id)?.name ?? id;
  return { state, elements, nameOf };
}
