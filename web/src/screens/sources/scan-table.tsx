import { Empty } from '../../components/status';
import { Link } from '../../router';
import { formatTime } from '../account/account-api';
import type { Scan } from './sources-api';
import { ScanStateBadge, scansPath } from './sources-frame';

function whatOf(scan: Scan): string {
  if (scan.request.traceFile) return `trace ${scan.request.traceFile}`;
  if (scan.request.pushed) return 'pushed snapshot';
  return scan.request.repository ?? scan.host ?? 'folder or upload';
}

/** Scans newest first, each linking to its page with its proposals. `sourceNames` names each scan's Source when known. */
export function ScanTable({ workspaceId, projectId, items, sourceNames }: { workspaceId: string; projectId: string; items: Scan[]; sourceNames?: Map<string, string> }) {
  if (items.length === 0) return <Empty>No scans yet.</Empty>;
  return (
    <div class="table-scroll">
      <table class="sources-table sources-scans">
        <caption class="offscreen">Scans, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Requested</th>
            <th scope="col">State</th>
            <th scope="col">Source</th>
            <th scope="col">Files read</th>
            <th scope="col">Finished</th>
          </tr>
        </thead>
        <tbody>
          {items.map((scan) => (
            <tr key={scan.id} data-scan={scan.id}>
              <th scope="row">
                <Link href={scansPath(workspaceId, projectId, scan.id)}>{formatTime(scan.createdAt)}</Link>
              </th>
              <td>
                <ScanStateBadge state={scan.state} />
                {scan.isComplete === false ? <span class="hint"> partial</span> : null}
              </td>
              <td class="sources-where">{(scan.sourceId && sourceNames?.get(scan.sourceId)) ?? whatOf(scan)}</td>
              <td class="sources-number">{scan.filesRead}</td>
              <td>{formatTime(scan.finishedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
