import type { ComponentChildren } from 'preact';
import { truthLabelOf, type TruthFields } from '../../components/truth-badges';
import { hasFactFields, type AnyModelRecord, type Section, type StreamChoice } from './model-api';
import { RecordLink } from './record-link';

interface FieldsProps {
  workspaceId: string;
  projectId: string;
  stream: StreamChoice;
  section: Section;
  record: AnyModelRecord;
}

type Row = [label: string, value: ComponentChildren];

const none = <span class="muted">none</span>;

function text(value: unknown): ComponentChildren {
  if (value === null || value === undefined || value === '') return none;
  return <span class="pre-line">{String(value)}</span>;
}

function retryText(value: unknown): ComponentChildren {
  if (!value || typeof value !== 'object') return 'no retry';
  const retry = value as { maxAttempts: number; backoffMs: number };
  return `${retry.maxAttempts} attempt${retry.maxAttempts === 1 ? '' : 's'}, ${retry.backoffMs} ms apart`;
}

/** Every field of a record of part 1 "Resources and their fields", references as links to their records. */
export function RecordFields({ workspaceId, projectId, stream, section, record }: FieldsProps) {
  const r = record as unknown as Record<string, unknown>;
  const link = (target: Section, id: unknown): ComponentChildren =>
    typeof id === 'string' ? <RecordLink workspaceId={workspaceId} projectId={projectId} stream={stream} section={target} id={id} /> : none;
  const links = (target: Section, ids: unknown): ComponentChildren =>
    Array.isArray(ids) && ids.length > 0 ? (
      <ul class="inline-list">
        {ids.map((id) => (
          <li key={String(id)}>{link(target, id)}</li>
        ))}
      </ul>
    ) : (
      none
    );
  const tags = (value: unknown) => (Array.isArray(value) && value.length > 0 ? <span class="badges">{value.map((t) => <span key={String(t)} class="badge">{String(t)}</span>)}</span> : none);

  const rows: Row[] = [];
  switch (section) {
    case 'elements':
      rows.push(['Kind', r.kind as string], ['Status', r.status as string], ['Parent', r.parentId ? link('elements', r.parentId) : 'none (top level)'], ['Technology', text(r.technology)], ['Description', text(r.description)], ['Tags', tags(r.tags)], ['Icon', text(r.icon)]);
      break;
    case 'relationships':
      rows.push(['From', link('elements', r.fromId)], ['To', link('elements', r.toId)], ['Kind', r.kind as string], ['Label', text(r.label)], ['Technology', text(r.technology)], ['Line shape', text(r.lineShape)]);
      break;
    case 'messages':
      rows.push(['Producer', link('elements', r.producerId)], ['Consumers', links('elements', r.consumerIds)], ['Schema', link('schemas', r.schemaId)], ['Description', text(r.description)], ['Tags', tags(r.tags)]);
      break;
    case 'schemas':
      rows.push(['Version', String(r.version)], ['Description', text(r.description)], ['Content', <pre key="content">{String(r.content)}</pre>]);
      break;
    case 'operations':
      rows.push(
        ['Owner', link('elements', r.ownerId)],
        ['Transport', r.transport as string],
        ['Request schema', link('schemas', r.requestSchemaId)],
        ['Response schema', link('schemas', r.responseSchemaId)],
        ['Timeout', typeof r.timeoutMs === 'number' ? `${r.timeoutMs} ms` : 'no timeout'],
        ['Retry', retryText(r.retry)],
      );
      break;
    case 'channels':
      rows.push(['Kind', r.kind as string]);
      break;
    case 'subscriptions':
      rows.push(['Channel', link('channels', r.channelId)], ['Consumer', link('elements', r.consumerId)], ['Dead-letter channel', link('channels', r.deadLetterChannelId)], ['Retry', retryText(r.retry)]);
      break;
    case 'bindings':
      rows.push(['Source channel', link('channels', r.sourceChannelId)], ['Target channel', link('channels', r.targetChannelId)], ['Routing key', r.routingKey === null ? 'none (any key)' : text(r.routingKey)]);
      break;
  }
  if (hasFactFields(section)) {
    const fact = record as TruthFields;
    const provenance = fact.provenance;
    rows.push(['Truth label', truthLabelOf(fact)]);
    rows.push(['Provenance source', text(provenance?.source)], ['Provenance revision', text(provenance?.revision)], ['Confidence', typeof provenance?.confidence === 'number' ? String(provenance.confidence) : none]);
    if (provenance?.acceptedAt || provenance?.acceptedBy) rows.push(['Accepted', `${provenance.acceptedAt ?? 'at an unknown time'} by account ${provenance.acceptedBy ?? 'unknown'}`]);
    rows.push(['Stale mark', fact.stale ? `since ${fact.stale.sinceRevision} (${fact.stale.reason})` : none]);
  }
  rows.push(['ID', <code key="id">{record.id}</code>]);
  return (
    <dl class="record-fields">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
