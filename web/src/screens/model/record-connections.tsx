import type { ComponentChildren } from 'preact';
import { usePagedList, PagedList } from '../../components/pager';
import { Empty } from '../../components/status';
import { TruthBadges, type TruthFields } from '../../components/truth-badges';
import { Link } from '../../router';
import { hasFactFields, listRecords, type AnyModelRecord, type Section, type StreamChoice } from './model-api';
import { recordHref } from './model-address';
import { RecordEnds } from './record-ends';
import { recordTitle } from './record-title';

interface Context {
  workspaceId: string;
  projectId: string;
  stream: StreamChoice;
}

/**
 * One kind of record that names this one (`?refersTo=`), paged with the API
 * cursors: each with a link, what it connects, its role here and its badges.
 */
function ConnectionList({ context, title, section, targetId, role }: { context: Context; title: string; section: Section; targetId: string; role?: (record: AnyModelRecord) => ComponentChildren }) {
  const list = usePagedList((cursor, signal) => listRecords(context.projectId, section, { ...context.stream, cursor, limit: 50, refersTo: targetId }, signal), [context.projectId, section, targetId, context.stream.branchId]);
  const total = (list.state.data as { total?: number } | undefined)?.total;
  return (
    <section class="connections" aria-label={title}>
      <h3>
        {title}
        {typeof total === 'number' ? ` (${total})` : ''}
      </h3>
      <PagedList list={list} label={title}>
        {(items) =>
          items.length === 0 ? (
            <Empty>None.</Empty>
          ) : (
            <ul class="connection-list">
              {items.map((record) => (
                <li key={record.id}>
                  {role ? <span class="role">{role(record)}</span> : null}
                  <Link href={recordHref(context.workspaceId, context.projectId, context.stream.branchId, section, record.id)}>{recordTitle(section, record)}</Link>
                  <RecordEnds workspaceId={context.workspaceId} projectId={context.projectId} stream={context.stream} section={section} record={record} />
                  {hasFactFields(section) ? <TruthBadges record={record as TruthFields} /> : null}
                </li>
              ))}
            </ul>
          )
        }
      </PagedList>
    </section>
  );
}

/** Kinds whose page lists the records that name them; the others show their ends among their fields. */
export function hasConnections(section: Section): boolean {
  return section === 'elements' || section === 'schemas' || section === 'channels';
}

/** What connects to a record, by its kind: an element's children, relationships, messages, operations and the channels it subscribes to; a schema's users; a channel's subscriptions and bindings. */
export function RecordConnections({ context, section, record }: { context: Context; section: Section; record: AnyModelRecord }) {
  const id = record.id;
  switch (section) {
    case 'elements':
      return (
        <div class="connection-groups">
          <ConnectionList context={context} title="Contained elements" section="elements" targetId={id} />
          <ConnectionList context={context} title="Relationships" section="relationships" targetId={id} role={(r) => ((r as unknown as Record<string, unknown>).fromId === id ? 'out to' : 'in from')} />
          <ConnectionList context={context} title="Messages" section="messages" targetId={id} role={(m) => ((m as unknown as Record<string, unknown>).producerId === id ? 'produces' : 'consumes')} />
          <ConnectionList context={context} title="Operations" section="operations" targetId={id} role={() => 'owns'} />
          <ConnectionList context={context} title="Channels it subscribes to" section="subscriptions" targetId={id} role={() => 'subscribes'} />
        </div>
      );
    case 'schemas':
      return (
        <div class="connection-groups">
          <ConnectionList context={context} title="Messages with this schema" section="messages" targetId={id} />
          <ConnectionList context={context} title="Operations with this schema" section="operations" targetId={id} />
        </div>
      );
    case 'channels':
      return (
        <div class="connection-groups">
          <ConnectionList context={context} title="Subscriptions" section="subscriptions" targetId={id} role={(s) => ((s as unknown as Record<string, unknown>).channelId === id ? 'reads from here' : 'dead letters here')} />
          <ConnectionList context={context} title="Bindings" section="bindings" targetId={id} role={(b) => ((b as unknown as Record<string, unknown>).sourceChannelId === id ? 'outgoing' : 'incoming')} />
        </div>
      );
    default:
      // Relationships, messages, operations, subscriptions and bindings show their ends among their fields.
      return null;
  }
}
