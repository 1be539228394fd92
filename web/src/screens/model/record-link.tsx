import { Link } from '../../router';
import type { Section, StreamChoice } from './model-api';
import { recordHref } from './model-address';
import { useCachedRecord } from './record-cache';
import { recordTitle } from './record-title';

/**
 * A link to a record named only by its ID: its name is read (once, cached)
 * and shown; a record that is not there says so instead of a broken link.
 */
export function RecordLink({ workspaceId, projectId, stream, section, id }: { workspaceId: string; projectId: string; stream: StreamChoice; section: Section; id: string }) {
  const { record, error } = useCachedRecord(projectId, section, id, stream);
  const text = record ? recordTitle(section, record) : error ? `${id} (${error.status === 404 ? 'not found' : 'could not be read'})` : '…';
  if (stream.revisionId) return <span>{text}</span>;
  return <Link href={recordHref(workspaceId, projectId, stream.branchId, section, id)}>{text}</Link>;
}
