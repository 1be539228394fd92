import { useLoad } from '../../components/use-load';
import { Link } from '../../router';
import { getRecord, sectionOfKind } from '../model/model-api';
import { recordTitle } from '../model/record-title';
import { targetHref, targetLabel } from './comments-address';

/**
 * A thread's target by name when it is a model record still in its line (read from the
 * model), else by kind and ID; linked to its page when it has one.
 */
export function TargetTitle({ workspaceId, projectId, target, draftId }: { workspaceId: string; projectId: string; target: { kind: string; id: string }; draftId: string | null }) {
  const section = sectionOfKind(target.kind);
  const record = useLoad(async (signal) => (section ? recordTitle(section, await getRecord(projectId, section, target.id, { branchId: draftId }, signal)) : null), [projectId, section, target.id, draftId]);
  const words = record.data ? `${target.kind} ${record.data}` : targetLabel(target);
  const href = targetHref(workspaceId, projectId, target, draftId);
  return href ? <Link href={href}>{words}</Link> : <span>{words}</span>;
}
