import { useState } from 'preact/hooks';
import type { DriftItem, DriftStatus } from '../../../../contracts/drift';
import { call } from '../../api/call';
import { useLoad } from '../../components/use-load';
import { projectPath } from '../../navigation';
import { Link, type RouteParams } from '../../router';
import { scansPath, SourcesFrame } from './sources-frame';

const statuses: readonly DriftStatus[] = ['seen-not-documented', 'changed', 'documented-not-seen', 'in-sync'];
const sectionOf: Readonly<Record<string, string>> = { element: 'elements', relationship: 'relationships', message: 'messages', schema: 'schemas', operation: 'operations', channel: 'channels', subscription: 'subscriptions', binding: 'bindings' };

function detailOf(item: DriftItem): string {
  if (item.status === 'changed') return item.changes.map((c) => `${c.field}: ${JSON.stringify(c.model)} → ${JSON.stringify(c.seen)}`).join('; ');
  return item.evidence.map((e) => `${e.path}:${e.startLine}-${e.endLine}`).join(', ');
}

/** `/w/:ws/p/:p/drift`: how main and each Source's latest complete scan agree (docs/change-review.md "Drift"). */
export function DriftScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const [status, setStatus] = useState<DriftStatus | null>(null);
  const report = useLoad((signal) => call('GET /api/projects/{projectId}/drift', { projectId }, { signal, query: { limit: '200', ...(status ? { status } : {}) } }), [projectId, status]);
  const data = report.data;
  return (
    <SourcesFrame workspaceId={workspaceId} projectId={projectId} tab="drift">
      <p>Each fact of main and of each Source's latest complete scan: in sync, changed, seen in the code but not documented, or documented but not seen where a scan could have seen it.</p>
      {report.error && <p role="alert">{report.error.message}</p>}
      {data && (
        <>
          <ul class="drift-counts" aria-label="Counts">
            {statuses.map((s) => (
              <li key={s}>
                <button type="button" aria-pressed={status === s} onClick={() => setStatus(status === s ? null : s)}>
                  {s} <strong>{data.counts[s]}</strong>
                </button>
              </li>
            ))}
          </ul>
          <p>
            {data.sources.length === 0 ? 'No Source yet: add one, or push a checkout with svc scan.' : `Sources read: ${data.sources.map((s) => `${s.name} (${s.isComplete ? 'complete' : 'partial'}${s.commitSha ? `, ${s.commitSha.slice(0, 12)}` : ''})`).join(', ')}.`}
          </p>
          <table class="drift-items">
            <thead>
              <tr>
                <th>Status</th>
                <th>Kind</th>
                <th>Name</th>
                <th>Evidence or change</th>
                <th>Source</th>
                <th>Proposal</th>
                <th>Stale</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((item) => (
                <tr key={item.key} class={`drift-${item.status}`}>
                  <td>{item.status}</td>
                  <td>{item.entityKind}</td>
                  <td>{item.recordId ? <Link href={projectPath(workspaceId, projectId, 'model', sectionOf[item.entityKind]!, item.recordId)}>{item.name}</Link> : item.name}</td>
                  <td>{detailOf(item)}</td>
                  <td>{item.sources.map((s) => s.name).join(', ')}</td>
                  <td>{item.proposal ? <Link href={scansPath(workspaceId, projectId, item.proposal.scanId)}>pending {item.proposal.action}</Link> : ''}</td>
                  <td>{item.stale ? `since ${item.stale.sinceRevision.slice(0, 12)}` : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.nextCursor && <p>The first 200 items are shown; filter by status to see others.</p>}
        </>
      )}
    </SourcesFrame>
  );
}
