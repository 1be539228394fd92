import { useId, useState } from 'preact/hooks';
import { Link } from '../../router';
import { sectionOfKind, type ImportItem, type ImportResult } from './model-api';
import { recordHref } from './model-address';

const rowsPerPage = 100;
const changes = ['refused', 'added', 'changed', 'unchanged'] as const;

/** The message of one entry: why it is refused, or the ID a schema got here. */
function entryMessage(item: ImportItem): string {
  if (item.error) return item.error;
  if (item.importedAs) return `imported as ${item.importedAs}`;
  return '';
}

/**
 * An import result (part 1 "Import result") as a person reads it: the counts,
 * then one row per document entry with what happens to it and why, refused
 * entries first to find; and the fields no entry field reads.
 */
export function ImportResultView({ result, workspaceId, projectId }: { result: ImportResult; workspaceId: string; projectId: string }) {
  const [show, setShow] = useState<string>(result.refused > 0 ? 'refused' : 'all');
  const [page, setPage] = useState(0);
  const selectId = useId();
  const items = show === 'all' ? result.items : result.items.filter((i) => i.change === show);
  const pages = Math.max(1, Math.ceil(items.length / rowsPerPage));
  const shown = items.slice(page * rowsPerPage, (page + 1) * rowsPerPage);
  const ignored = result.ignored ?? [];
  return (
    <div class="import-result">
      <p class={result.refused > 0 ? 'notice warn' : 'notice success'} role="status">
        {result.applied ? 'Imported into main' : 'Dry run: nothing was written'} (read against main version {result.modelVersion}): {result.added} added, {result.changed} changed, {result.unchanged} unchanged, {result.refused} refused.
      </p>
      <div class="field">
        <label for={selectId}>Show entries</label>
        <select
          id={selectId}
          value={show}
          onChange={(e) => {
            setShow((e.currentTarget as HTMLSelectElement).value);
            setPage(0);
          }}
        >
          <option value="all">all ({result.items.length})</option>
          {changes.map((c) => (
            <option key={c} value={c}>
              {c} ({result.items.filter((i) => i.change === c).length})
            </option>
          ))}
        </select>
      </div>
      <div class="table-scroll">
        <table class="import-items">
          <caption>Entries of the document{show === 'all' ? '' : ` (${show})`}</caption>
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col">Name</th>
              <th scope="col">ID</th>
              <th scope="col">Result</th>
              <th scope="col">Message</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((item, index) => {
              const section = sectionOfKind(item.kind);
              const linkable = result.applied && item.change !== 'refused' && section;
              return (
                <tr key={`${item.kind}:${item.id}:${index}`} class={`change-${item.change}`}>
                  <td>{item.kind}</td>
                  <td>{linkable ? <Link href={recordHref(workspaceId, projectId, null, section, item.importedAs ?? item.id)}>{item.name ?? '(no name)'}</Link> : (item.name ?? '(no name)')}</td>
                  <td>
                    <code>{item.id}</code>
                  </td>
                  <td>
                    <span class={`badge change ${item.change}`}>{item.change}</span>
                  </td>
                  <td>{entryMessage(item)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {items.length === 0 ? <p class="empty">No entries.</p> : null}
      {pages > 1 ? (
        <nav class="pager" aria-label="Entry pages">
          <button type="button" class="secondary" onClick={() => setPage((p) => Math.max(0, p - 1))} disabled={page === 0}>
            Previous
          </button>
          <span>
            Entries {page * rowsPerPage + 1}–{Math.min(items.length, (page + 1) * rowsPerPage)} of {items.length}
          </span>
          <button type="button" class="secondary" onClick={() => setPage((p) => Math.min(pages - 1, p + 1))} disabled={page >= pages - 1}>
            Next
          </button>
        </nav>
      ) : null}
      {ignored.length > 0 ? (
        <>
          <h3>Ignored fields ({ignored.length})</h3>
          <p class="hint">The import reads documents of later formats, so it skips fields it does not know. Check these are not misspelt.</p>
          <ul class="ignored-fields">
            {ignored.slice(0, 200).map((member) => (
              <li key={member.path}>
                <code>{member.path}</code>: {member.reason}
              </li>
            ))}
          </ul>
          {ignored.length > 200 ? <p class="hint">And {ignored.length - 200} more.</p> : null}
        </>
      ) : null}
    </div>
  );
}
