/**
 * The edit form of each record kind, field by field, from part 1 "Resources
 * and their fields". `path` is the field as the API names it in
 * `errors[].field` (nested with dots), so each message lands beside its field.
 */
import { channelKinds, elementKinds, elementStatuses, factStatuses, relationshipKinds, transports, type Section } from './model-api';

export type FieldSpec =
  | { type: 'text'; path: string; label: string; required?: boolean; multiline?: boolean; code?: boolean; hint?: string }
  | { type: 'choice'; path: string; label: string; options: readonly string[]; fixedOnEdit?: boolean }
  | { type: 'reference'; path: string; label: string; section: Section; nullable: boolean; fixedOnEdit?: boolean }
  | { type: 'references'; path: string; label: string; section: Section }
  | { type: 'words'; path: string; label: string }
  | { type: 'number'; path: string; label: string; hint?: string };

const retry: FieldSpec[] = [
  { type: 'number', path: 'retry.maxAttempts', label: 'Retry: attempts', hint: '1 to 10; leave both retry fields empty for no retry' },
  { type: 'number', path: 'retry.backoffMs', label: 'Retry: backoff (ms)', hint: '0 to 3600000' },
];

export const formFields: Record<Section, FieldSpec[]> = {
  elements: [
    { type: 'choice', path: 'kind', label: 'Kind', options: elementKinds, fixedOnEdit: true },
    { type: 'text', path: 'name', label: 'Name', required: true },
    { type: 'choice', path: 'status', label: 'Status', options: elementStatuses },
    { type: 'reference', path: 'parentId', label: 'Parent', section: 'elements', nullable: true },
    { type: 'text', path: 'technology', label: 'Technology' },
    { type: 'text', path: 'description', label: 'Description', multiline: true },
    { type: 'words', path: 'tags', label: 'Tags' },
    { type: 'text', path: 'icon', label: 'Icon' },
  ],
  relationships: [
    { type: 'reference', path: 'fromId', label: 'From', section: 'elements', nullable: false, fixedOnEdit: true },
    { type: 'reference', path: 'toId', label: 'To', section: 'elements', nullable: false, fixedOnEdit: true },
    { type: 'choice', path: 'kind', label: 'Kind', options: relationshipKinds },
    { type: 'text', path: 'label', label: 'Label' },
    { type: 'text', path: 'technology', label: 'Technology' },
    { type: 'text', path: 'lineShape', label: 'Line shape', hint: 'A drawing hint, 100 characters at most' },
  ],
  messages: [
    { type: 'text', path: 'name', label: 'Name', required: true },
    { type: 'reference', path: 'producerId', label: 'Producer', section: 'elements', nullable: false },
    { type: 'references', path: 'consumerIds', label: 'Consumers', section: 'elements' },
    { type: 'reference', path: 'schemaId', label: 'Schema', section: 'schemas', nullable: true },
    { type: 'text', path: 'description', label: 'Description', multiline: true },
    { type: 'words', path: 'tags', label: 'Tags' },
  ],
  schemas: [
    { type: 'text', path: 'name', label: 'Name', required: true },
    { type: 'text', path: 'description', label: 'Description', multiline: true },
    { type: 'text', path: 'content', label: 'Content', multiline: true, code: true, required: true },
  ],
  operations: [
    { type: 'text', path: 'name', label: 'Name', required: true },
    { type: 'reference', path: 'ownerId', label: 'Owner', section: 'elements', nullable: false },
    { type: 'choice', path: 'transport', label: 'Transport', options: transports },
    { type: 'reference', path: 'requestSchemaId', label: 'Request schema', section: 'schemas', nullable: true },
    { type: 'reference', path: 'responseSchemaId', label: 'Response schema', section: 'schemas', nullable: true },
    { type: 'number', path: 'timeoutMs', label: 'Timeout (ms)', hint: '0 to 3600000; empty for no timeout' },
    ...retry,
  ],
  channels: [
    { type: 'text', path: 'name', label: 'Name', required: true },
    { type: 'choice', path: 'kind', label: 'Kind', options: channelKinds },
  ],
  subscriptions: [
    { type: 'reference', path: 'channelId', label: 'Channel', section: 'channels', nullable: false },
    { type: 'reference', path: 'consumerId', label: 'Consumer', section: 'elements', nullable: false },
    { type: 'reference', path: 'deadLetterChannelId', label: 'Dead-letter channel', section: 'channels', nullable: true },
    ...retry,
  ],
  bindings: [
    { type: 'reference', path: 'sourceChannelId', label: 'Source channel', section: 'channels', nullable: false },
    { type: 'reference', path: 'targetChannelId', label: 'Target channel', section: 'channels', nullable: false },
    { type: 'text', path: 'routingKey', label: 'Routing key', hint: 'Empty matches any key' },
  ],
};

/** The fact fields every kind but schema has (part 1 "Fact fields"); the stale mark is set by scans, not here. */
export const factFormFields: FieldSpec[] = [
  { type: 'choice', path: 'factStatus', label: 'Truth label', options: factStatuses },
  { type: 'text', path: 'provenance.source', label: 'Provenance source', hint: 'Required for observed-in-source, inferred and measured' },
  { type: 'text', path: 'provenance.revision', label: 'Provenance revision' },
  { type: 'number', path: 'provenance.confidence', label: 'Confidence', hint: '0 to 1; required for inferred' },
];

/** A new record's starting values: the first choice of each closed set. */
export function blankRecord(section: Section): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const spec of formFields[section]) {
    if (spec.type === 'choice') record[spec.path] = spec.options[0];
    if (spec.type === 'references' || spec.type === 'words') record[spec.path] = [];
  }
  if (section === 'elements') record.status = 'current';
  if (section !== 'schemas') record.factStatus = 'declared';
  return record;
}
