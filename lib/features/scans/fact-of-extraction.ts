import type { ExtractedFact } from '../../core/extract/extracted-fact';
import type { ScanFact } from './scan-fact';

/** Extraction writes references as `<field>Key(s)`; the model as `<field>Id(s)`. */
const referenceOfKeyField: Readonly<Record<string, string>> = Object.freeze({
  fromKey: 'fromId',
  toKey: 'toId',
  producerKey: 'producerId',
  consumerKeys: 'consumerIds',
  schemaKey: 'schemaId',
  ownerKey: 'ownerId',
  requestSchemaKey: 'requestSchemaId',
  responseSchemaKey: 'responseSchemaId',
  channelKey: 'channelId',
  consumerKey: 'consumerId',
  sourceChannelKey: 'sourceChannelId',
  targetChannelKey: 'targetChannelId',
});

const factMembers = new Set(['entityKind', 'key', 'factStatus', 'confidence', 'evidence']);

/** An extracted fact (the extraction wire format) as a scan compares and proposes it: model fields, references by fact key. */
export function scanFactOf(fact: ExtractedFact): ScanFact {
  const fields: Record<string, unknown> = {};
  const refs: Record<string, string | string[] | null> = {};
  for (const [member, value] of Object.entries(fact)) {
    if (factMembers.has(member)) continue;
    const reference = referenceOfKeyField[member];
    if (reference !== undefined) refs[reference] = value as string | string[] | null;
    else fields[member] = value;
  }
  return { key: fact.key, kind: fact.entityKind, factStatus: fact.factStatus, confidence: fact.confidence, evidence: fact.evidence, fields, refs };
}
