import type { ComponentChildren } from 'preact';
import type { AnyModelRecord, Section, StreamChoice } from './model-api';
import { RecordLink } from './record-link';

interface EndsProps {
  workspaceId: string;
  projectId: string;
  stream: StreamChoice;
  section: Section;
  record: AnyModelRecord;
}

/**
 * What a record connects, in a line: a relationship's ends, a message's
 * producer, an operation's owner, a subscription's channel and consumer, a
 * binding's source and target. Records without such references show nothing.
 */
export function RecordEnds({ workspaceId, projectId, stream, section, record }: EndsProps) {
  const r = record as unknown as Record<string, unknown>;
  const link = (target: Section, id: unknown): ComponentChildren =>
    typeof id === 'string' ? <RecordLink workspaceId={workspaceId} projectId={projectId} stream={stream} section={target} id={id} /> : <span class="muted">none</span>;
  switch (section) {
    case 'relationships':
      return (
        <span class="ends">
          {link('elements', r.fromId)} → {link('elements', r.toId)}
        </span>
      );
    case 'messages':
      return <span class="ends">from {link('elements', r.producerId)}{Array.isArray(r.consumerIds) ? `, ${r.consumerIds.length} consumer${r.consumerIds.length === 1 ? '' : 's'}` : ''}</span>;
    case 'operations':
      return <span class="ends">owned by {link('elements', r.ownerId)}</span>;
    case 'subscriptions':
      return (
        <span class="ends">
          {link('elements', r.consumerId)} on {link('channels', r.channelId)}
        </span>
      );
    case 'bindings':
      return (
        <span class="ends">
          {link('channels', r.sourceChannelId)} → {link('channels', r.targetChannelId)}
        </span>
      );
    default:
      return null;
  }
}
