import { useLoad } from '../../components/use-load';
import { listBranches, listRevisions } from '../model/model-api';

/** A line of the model a cost sheet belongs to, as the cost API names it: `main` or the ID of a branch or revision. */
export interface LineChoice {
  value: string;
  label: string;
  kind: 'main' | 'draft' | 'variant' | 'revision';
}

/** Main, the project's branches and its revisions, for the line pickers (copy, compare) and to name a line. */
export function useLines(projectId: string) {
  const state = useLoad(async (signal) => {
    const [branches, revisions] = await Promise.all([listBranches(projectId, signal), listRevisions(projectId, signal)]);
    const lines: LineChoice[] = [
      { value: 'main', label: 'main', kind: 'main' },
      ...branches.items.map((b) => ({ value: b.id, label: `${b.kind} “${b.name}”`, kind: b.kind })),
      ...revisions.items.map((r) => ({ value: r.id, label: `revision “${r.name}”`, kind: 'revision' as const })),
    ];
    return lines;
  }, [projectId]);
  const lines = state.data ?? [];
  /** `main`, a branch's or revision's name, or the ID when it is gone (a saved estimate outlives its branch). */
  const labelOf = (line: string) => lines.find((l) => l.value === line)?.label ?? (line === 'main' ? 'main' : `line ${line}`);
  return { state, lines, labelOf };
}
