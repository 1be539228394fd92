import { PagedList, usePagedList } from '../../components/pager';
import { useLoad } from '../../components/use-load';
import type { RouteParams } from '../../router';
import { ScanTable } from './scan-table';
import { scansApi, sourcesApi } from './sources-api';
import { SourcesFrame } from './sources-frame';

/** `/w/:ws/p/:p/proposals`: every scan of the project, newest first; a scan's page holds its proposals. */
export function ScansScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const list = usePagedList((cursor, signal) => scansApi.list(projectId, cursor, signal), [projectId]);
  const sources = useLoad((signal) => sourcesApi.list(projectId, signal), [projectId]);
  const names = new Map((sources.data ?? []).map((s) => [s.id, s.name]));
  return (
    <SourcesFrame workspaceId={workspaceId} projectId={projectId} tab="scans">
      <p>Open a scan to see its proposals and accept or reject them.</p>
      <PagedList list={list} label="Scans">
        {(items) => <ScanTable workspaceId={workspaceId} projectId={projectId} items={items} sourceNames={names} />}
      </PagedList>
    </SourcesFrame>
  );
}
