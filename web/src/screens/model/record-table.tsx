import { useEffect, useState } from 'preact/hooks';
import { Empty } from '../../components/status';
import { TruthBadges, type TruthFields } from '../../components/truth-badges';
import { Link } from '../../router';
import { hasFactFields, sectionLabels, type AnyModelRecord, type Section } from './model-api';
import { recordHref } from './model-address';
import { RecordEnds } from './record-ends';
import { recordSummary, recordTitle } from './record-title';

const rowsPerPage = 50;

/**
 * Records of one kind as a table: name (a link to the record page), what it
 * connects, its facts and its truth badges. Shown fifty rows at a time, so
 * the names of the records the rows connect are read only for rows in sight.
 */
export function RecordTable({ records, section, workspaceId, projectId, branchId }: { records: AnyModelRecord[]; section: Section; workspaceId: string; projectId: string; branchId: string | null }) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(records.length / rowsPerPage));
  useEffect(() => {
    if (page >= pages) setPage(pages - 1);
  }, [page, pages]);
  if (records.length === 0) return <Empty>No {sectionLabels[section].plural.toLowerCase()} to show.</Empty>;
  const shown = records.slice(page * rowsPerPage, (page + 1) * rowsPerPage);
  return (
    <div class="paged-list">
      <div class="table-scroll">
        <table>
          <caption class="offscreen">{sectionLabels[section].plural}</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Connects</th>
              <th scope="col">Details</th>
              {hasFactFields(section) ? <th scope="col">Truth</th> : null}
            </tr>
          </thead>
          <tbody>
            {shown.map((record) => (
              <tr key={record.id}>
                <td>
                  <Link href={recordHref(workspaceId, projectId, branchId, section, record.id)}>{recordTitle(section, record)}</Link>
                </td>
                <td>
                  <RecordEnds workspaceId={workspaceId} projectId={projectId} stream={{ branchId }} section={section} record={record} />
                </td>
                <td>{recordSummary(section, record)}</td>
                {hasFactFields(section) ? (
                  <td>
                    <TruthBadges record={record as TruthFields} />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav class="pager" aria-label={`${sectionLabels[section].plural} pages`}>
          <button type="button" class="secondary" onClick={() => setPage((p) => Math.max(0, p - 1))} disabled={page === 0}>
            Previous
          </button>
          <span>
            Rows {page * rowsPerPage + 1}–{Math.min(records.length, (page + 1) * rowsPerPage)} of {records.length}
          </span>
          <button type="button" class="secondary" onClick={() => setPage((p) => Math.min(pages - 1, p + 1))} disabled={page >= pages - 1}>
            Next
          </button>
        </nav>
      ) : null}
    </div>
  );
}
