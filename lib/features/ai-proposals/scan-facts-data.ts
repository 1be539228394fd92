/**
 * A scan's facts as a provider reads them when it groups them into services
 * (docs/ai-proposals.md "Architecture from a scan"): kinds, names, technologies,
 * the files each element was read from, and the references between facts.
 * Never a file's content, an evidence window, a description or a schema's
 * text: those are repository text (docs/decisions.md "Architecture from a scan").
 */
import type { AiDataPart } from '../ai/ai-task';
import type { ModelSnapshot } from '../../core/model/model-records';
import type { FactWithRecord } from '../scans/scan-fact-records';
import { fitListsToBytes } from './model-data';

/** Most bytes of fact text one request carries, besides the model's. */
export const maxScanFactsBytes = 200_000;
/** Most file paths listed per element: enough to tell the folder (module) it lives in. */
const maxPathsPerElement = 5;

/** The fields of each kind that are sent: names and kinds only, never free text. */
const sentFields: Readonly<Record<string, readonly string[]>> = {
  element: ['kind', 'name', 'technology'],
  relationship: ['kind', 'technology'],
  message: ['name'],
  operation: ['name', 'transport'],
  channel: ['name', 'kind'],
  subscription: [],
  binding: ['routingKey'],
};

/** References to schemas are left out with the schemas themselves. */
const schemaReferences = new Set(['schemaId', 'requestSchemaId', 'responseSchemaId']);

const listOfKind: Readonly<Record<string, string>> = {
  element: 'elements',
  relationship: 'relationships',
  message: 'messages',
  operation: 'operations',
  channel: 'channels',
  subscription: 'subscriptions',
  binding: 'bindings',
};

function pick(source: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(names.filter((name) => name in source).map((name) => [name, source[name]]));
}

/**
 * The facts as one data part. Each element carries `id`, the GUID of its record, and `inModel`:
 * true when main holds that record now, false when it is the ID accepting the scan's addition
 * will give it. Other facts name what they refer to by fact key. Cut to `maxBytes`, elements last.
 */
export function scanFactsDataPart(scanId: string, facts: readonly FactWithRecord[], model: ModelSnapshot, maxBytes = maxScanFactsBytes): AiDataPart {
  const lists: Record<string, unknown[]> = { elements: [], relationships: [], operations: [], channels: [], messages: [], subscriptions: [], bindings: [] };
  for (const { fact, recordId } of facts) {
    const list = listOfKind[fact.kind];
    if (list === undefined) continue;
    const refs = Object.fromEntries(Object.entries(fact.refs).filter(([field]) => !schemaReferences.has(field)));
    const entry: Record<string, unknown> = { key: fact.key, ...pick(fact.fields, sentFields[fact.kind]!), ...refs };
    if (fact.kind === 'element') {
      entry.id = recordId;
      entry.inModel = model.element.has(recordId);
      entry.paths = [...new Set(fact.evidence.map((e) => e.path))].slice(0, maxPathsPerElement);
    }
    lists[list]!.push(entry);
  }
  const { text, cut } = fitListsToBytes(lists, ['bindings', 'subscriptions', 'messages', 'channels', 'operations', 'relationships', 'elements'], maxBytes, { scanId });
  return { label: cut.length === 0 ? 'scan facts' : `scan facts (cut to fit: ${cut.join(', ')})`, text, fromPrivateRepository: false };
}
