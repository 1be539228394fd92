import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema';
import { NotFoundError } from '../../../platform/errors/service-error';
import type { ElementRecord } from '../../../core/model/model-records';
import { readElementLinks, type LinkSelection } from '../../../core/model/model-queries';

/** At most this many items per list in get_element, get_dependencies, get_dependents (part 1 "Limits"). */
export const linksPerList = 200;

/** An element of the stream and its link lists, each capped at 200; `cut` names the lists that hold more. 404 when there is no such element. */
export async function elementWithLinks(db: Kysely<Database>, streamId: string, elementId: string, which: LinkSelection) {
  const read = await readElementLinks(db, streamId, elementId.toLowerCase(), which, linksPerList + 1);
  if (!read.element) throw new NotFoundError('Element not found', `No element ${elementId} in the main model.`);
  const cut: string[] = [];
  const capped = <T>(name: string, list: T[]) => {
    if (list.length > linksPerList) cut.push(name);
    return list.slice(0, linksPerList);
  };
  return {
    element: read.element as ElementRecord,
    outboundRelationships: capped('outboundRelationships', read.outbound),
    inboundRelationships: capped('inboundRelationships', read.inbound),
    producedMessages: capped('producedMessages', read.produced),
    consumedMessages: capped('consumedMessages', read.consumed),
    cut,
  };
}

/** The notice for lists capped at 200. */
export function capNotice(cut: readonly string[]): string | undefined {
  return cut.length === 0
    ? undefined
    : `${cut.join(', ')} hold more than ${linksPerList} items; the first ${linksPerList} by ID are shown. The whole model, with every relationship and message, is in GET /api/projects/{projectId}/export.`;
}
