import { useState } from 'preact/hooks';
import { ErrorNotice, Loaded } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import { discardBranch, mergeBranch, previewMerge, type MergeConflict, type MergeSide } from './branch-merge-api';
import type { Branch } from './model-api';

const shown = (value: unknown) => (value === null ? '(none)' : typeof value === 'string' ? value : JSON.stringify(value));

/** One conflict: its fields on both sides, and the choice of side. */
function ConflictChoice({ conflict, take, onTake }: { conflict: MergeConflict; take: MergeSide | undefined; onTake: (side: MergeSide) => void }) {
  const label = `${conflict.kind} ${conflict.name ?? conflict.id}`;
  return (
    <fieldset class="merge-conflict">
      <legend>{label}</legend>
      <table>
        <caption class="offscreen">Fields of {label} that differ</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">At the branch point</th>
            <th scope="col">Main</th>
            <th scope="col">Branch</th>
          </tr>
        </thead>
        <tbody>
          {conflict.fields.map((f) => (
            <tr key={f.field}>
              <th scope="row">{f.field}</th>
              <td>{conflict.base === 'unknown' ? 'unknown' : shown(f.base)}</td>
              <td>{conflict.main === 'absent' ? '(deleted)' : shown(f.main)}</td>
              <td>{conflict.branch === 'absent' ? '(deleted)' : shown(f.branch)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <label>
        <input type="radio" name={`take-${conflict.id}`} checked={take === 'main'} onChange={() => onTake('main')} /> Take main's
      </label>
      <label>
        <input type="radio" name={`take-${conflict.id}`} checked={take === 'branch'} onChange={() => onTake('branch')} /> Take the branch's
      </label>
    </fieldset>
  );
}

/** The merge of one branch: the preview (what it writes, its conflicts with a choice each), then Merge; and Discard. */
export function MergePanel({ projectId, branch, onDone }: { projectId: string; branch: Branch; onDone: (message: string) => void }) {
  const preview = useLoad(() => previewMerge(projectId, branch.id), [projectId, branch.id]);
  const [takes, setTakes] = useState<Record<string, MergeSide>>({});
  const merge = useAction(async (expectedVersion: number) => {
    const result = await mergeBranch(projectId, branch.id, expectedVersion, Object.entries(takes).map(([id, take]) => ({ id, take })));
    onDone(`Branch “${branch.name}” merged into main (version ${result.modelVersion}): ${result.added} added, ${result.changed} changed, ${result.deleted} deleted.`);
  });
  const discard = useAction(async () => {
    await discardBranch(projectId, branch.id);
    onDone(`Branch “${branch.name}” discarded.`);
  });
  return (
    <section class="merge-panel" aria-label={`Merge ${branch.name}`}>
      <h3>Merge “{branch.name}” into main</h3>
      <Loaded state={preview} label="Comparing with main…">
        {(result) => {
          const open = result.conflicts.filter((c) => !takes[c.id]);
          return (
            <>
              <p>
                The merge writes {result.added} added, {result.changed} changed and {result.deleted} deleted record{result.added + result.changed + result.deleted === 1 ? '' : 's'} to main (version {result.modelVersion}).
                {result.conflicts.length > 0 ? ` ${result.conflicts.length} record${result.conflicts.length === 1 ? ' was' : 's were'} changed on both sides: choose a side for each.` : ' No conflicts.'}
              </p>
              {result.conflicts.map((c) => (
                <ConflictChoice key={c.id} conflict={c} take={takes[c.id]} onTake={(side) => setTakes({ ...takes, [c.id]: side })} />
              ))}
              <ErrorNotice error={merge.error ?? discard.error} />
              <div class="actions">
                <button type="button" disabled={merge.pending || open.length > 0} onClick={() => void merge.run(result.modelVersion)}>
                  {merge.pending ? 'Merging…' : 'Merge into main'}
                </button>
                <button type="button" class="secondary danger" disabled={discard.pending} onClick={() => void discard.run()}>
                  {discard.pending ? 'Discarding…' : 'Discard branch'}
                </button>
              </div>
            </>
          );
        }}
      </Loaded>
    </section>
  );
}
