import { useId } from 'preact/hooks';
import { Loaded } from '../../components/status';
import { useLoad } from '../../components/use-load';
import { projectPath } from '../../navigation';
import { Link, setQueryParameters } from '../../router';
import { listBranches, type Branch } from './model-api';

/**
 * Which model the screen shows: main or one of the project's branches, with a
 * control to switch. The choice is `?branchId=` in the address, so every model
 * screen and every link between them keeps it.
 */
export function BranchBar({ workspaceId, projectId, branchId }: { workspaceId: string; projectId: string; branchId: string | null }) {
  const branches = useLoad((signal) => listBranches(projectId, signal), [projectId]);
  const id = useId();
  return (
    <div class="branch-bar">
      <Loaded state={branches} label="Loading branches…">
        {({ items }) => {
          const current: Branch | undefined = items.find((b) => b.id === branchId);
          return (
            <>
              <label for={id}>Model shown</label>
              <select id={id} value={branchId ?? ''} onChange={(e) => setQueryParameters({ branchId: (e.currentTarget as HTMLSelectElement).value || null })}>
                <option value="">main</option>
                {items.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name} ({b.kind})
                  </option>
                ))}
                {branchId && !current ? <option value={branchId}>unknown branch {branchId}</option> : null}
              </select>
              {current ? (
                <span class="branch-note" role="status">
                  Looking at {current.kind} “{current.name}” (version {current.modelVersion}, copied from main version {current.baseVersion ?? '?'}): edits here change this branch only.
                </span>
              ) : branchId ? (
                <span class="branch-note warn" role="status">
                  No branch {branchId} in this project.
                </span>
              ) : null}
              <Link href={projectPath(workspaceId, projectId, 'history')}>Revisions and branches</Link>
            </>
          );
        }}
      </Loaded>
    </div>
  );
}
