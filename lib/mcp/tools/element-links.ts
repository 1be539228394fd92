import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpProblem } from '../../http/problem';
import type { ElementRecord } from '../../model/model-records';
import { messagesOf, relationshipsOf } from '../../model/model-queries';
import { readModelRecord } from '../../model/model-store';

/** At most this many items per list in get_element, get_dependencies, get_dependents (part 1 "Limits"). */
export const linksPerList = 200;

export async function elementOrNotFound(db: Kysely<Database>, streamId: string, elementId: string): Promise<ElementRecord> {
  const element = await readModelRecord(db, streamId, 'element', elementId.toLowerCase());
  if (!element) throw HttpProblem.notFound('Element not found', `No element ${elementId} in the main model.`);
  return element;
}

/** The four link lists of an element, each capped; `cut` names the lists that hold more. */
export async function elementLinks(db: Kysely<Database>, streamId: string, elementId: string, which: { outbound?: boolean; inbound?: boolean; produced?: boolean; consumed?: boolean }) {
  const take = linksPerList + 1;
  const [outbound, inbound, produced, consumed] = await Promise.all([
    which.outbound ? relationshipsOf(db, streamId, elementId, 'fromId', take) : [],
    which.inbound ? relationshipsOf(db, streamId, elementId, 'toId', take) : [],
    which.produced ? messagesOf(db, streamId, elementId, 'producer', take) : [],
    which.consumed ? messagesOf(db, streamId, elementId, 'consumer', take) : [],
  ]);
  const cut: string[] = [];
  const capped = <T>(name: string, list: T[]) => {
    if (list.length > linksPerList) cut.push(name);
    return list.slice(0, linksPerList);
  };
  return {
    outboundRelationships: capped('outboundRelationships', outbound),
    inboundRelationships: capped('inboundRelationships', inbound),
    producedMessages: capped('producedMessages', produced),
    consumedMessages: capped('consumedMessages', consumed),
    cut,
  };
}

/** The notice for lists capped at 200. */
export function capNotice(cut: readonly string[]): string | undefined {
  return cut.length === 0 ? undefined : `${cut.join(', ')} hold more than ${linksPerList} items; the first ${linksPerList} by ID are shown. Use get_contracts with elementId, or the HTTP lists, for the rest.`;
}
