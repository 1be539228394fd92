import { useId } from 'preact/hooks';
import { Loaded } from '../../components/status';
import { useLoad } from '../../components/use-load';
import { setQueryParameters } from '../../router';
import { countRecords, sectionLabels, sections, type Branch, type Revision, type StreamChoice } from './model-api';

/** `?compare=` names a branch or a revision; the other side is always main. */
function streamOf(compare: string, branches: Branch[], revisions: Revision[]): { stream: StreamChoice; label: string } | null {
  const branch = branches.find((b) => b.id === compare);
  if (branch) return { stream: { branchId: branch.id }, label: `${branch.kind} “${branch.name}”` };
  const revision = revisions.find((r) => r.id === compare);
  if (revision) return { stream: { branchId: null, revisionId: revision.id }, label: `revision “${revision.name}”` };
  return null;
}

function CountsTable({ projectId, other, label }: { projectId: string; other: StreamChoice; label: string }) {
  const counts = useLoad((signal) => Promise.all([countRecords(projectId, { branchId: null }, signal), countRecords(projectId, other, signal)]), [projectId, other.branchId, other.revisionId]);
  return (
    <Loaded state={counts} label="Counting records…">
      {([main, theirs]) => (
        <div class="table-scroll">
          <table class="compare-table">
            <caption>Records per kind: main and {label}</caption>
            <thead>
              <tr>
                <th scope="col">Kind</th>
                <th scope="col">Main</th>
                <th scope="col">{label}</th>
                <th scope="col">Difference</th>
              </tr>
            </thead>
            <tbody>
              {sections.map((s) => {
                const difference = theirs[s] - main[s];
                return (
                  <tr key={s}>
                    <th scope="row">{sectionLabels[s].plural}</th>
                    <td>{main[s]}</td>
                    <td>{theirs[s]}</td>
                    <td class={difference === 0 ? 'muted' : 'changed'}>{difference === 0 ? 'same' : difference > 0 ? `+${difference}` : String(difference)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Loaded>
  );
}

/** Counts of each kind on main next to a branch or a revision, and the difference. */
export function CompareCounts({ projectId, compare, branches, revisions, headingId }: { projectId: string; compare: string | null; branches: Branch[]; revisions: Revision[]; headingId: string }) {
  const id = useId();
  const chosen = compare ? streamOf(compare, branches, revisions) : null;
  return (
    <section class="compare" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>
        Compare counts
      </h2>
      {branches.length + revisions.length === 0 ? (
        <p class="empty">Make a branch or a revision to compare it with main.</p>
      ) : (
        <div class="field">
          <label for={id}>Compare main with</label>
          <select id={id} value={chosen ? compare! : ''} onChange={(e) => setQueryParameters({ compare: (e.currentTarget as HTMLSelectElement).value || null })}>
            <option value="">(choose a branch or revision)</option>
            {branches.length > 0 ? (
              <optgroup label="Branches">
                {branches.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name} ({b.kind})
                  </option>
                ))}
              </optgroup>
            ) : null}
            {revisions.length > 0 ? (
              <optgroup label="Revisions">
                {revisions.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name} (version {r.modelVersion})
                  </option>
                ))}
              </optgroup>
            ) : null}
          </select>
        </div>
      )}
      {compare && !chosen ? <p class="notice">No branch or revision {compare} in this project.</p> : null}
      {chosen ? <CountsTable projectId={projectId} other={chosen.stream} label={chosen.label} /> : null}
    </section>
  );
}
