import type { RouteParams } from '../../router';
import { Link } from '../../router';
import { projectPath } from '../../navigation';
import { PagedList, usePagedList } from '../../components/pager';
import { Empty, Loaded } from '../../components/status';
import { useLoad } from '../../components/use-load';
import { pageOf } from './client-pages';
import { LinkPolicyNotice } from './link-policy-notice';
import { ShareLinkForm } from './share-link-form';
import { type LinkRow, ShareLinkTable } from './share-link-table';
import { type View, shareLinksApi, viewsApi } from './views-api';
import { canEditIn } from './workspace-role';

const linksPerPage = 20;
/** Views whose links are read at once: the API lists links per view. */
const parallelReads = 4;

/** Every share link of the project, newest first, each with its view's name. */
async function projectShareLinks(projectId: string, views: readonly View[], signal: AbortSignal): Promise<LinkRow[]> {
  const rows: LinkRow[] = [];
  for (let i = 0; i < views.length; i += parallelReads) {
    const batch = views.slice(i, i + parallelReads);
    const lists = await Promise.all(batch.map((view) => shareLinksApi.list(projectId, view.id, signal)));
    lists.forEach((links, j) => {
      for (const link of links) rows.push({ link, viewName: batch[j]!.name });
    });
  }
  return rows.sort((a, b) => (a.link.createdAt < b.link.createdAt ? 1 : a.link.createdAt > b.link.createdAt ? -1 : a.link.id.localeCompare(b.link.id)));
}

/** `/w/:ws/p/:p/share-links`: the share links of every view of a project, their status, creation and revocation. */
export function ShareLinksScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const editor = canEditIn(workspaceId);
  const views = useLoad((signal) => viewsApi.list(projectId, signal), [projectId]);
  const links = usePagedList<LinkRow>(
    async (cursor, signal) => (views.data === undefined ? { items: [], nextCursor: null } : pageOf(await projectShareLinks(projectId, views.data, signal), cursor, linksPerPage)),
    [projectId, views.data],
  );
  return (
    <section class="share-links-screen">
      <h1>Share links</h1>
      <p class="lead">
        A share link opens one view read-only at <code>/s/…</code>, without signing in. Its address is shown once, when it is made; revoking it closes it at once.
      </p>
      <LinkPolicyNotice workspaceId={workspaceId} />
      <Loaded state={views} label="Reading the views…">
        {(list) =>
          list.length === 0 ? (
            <Empty>
              This project has no views to share yet. <Link href={projectPath(workspaceId, projectId, 'views')}>Create a view</Link>.
            </Empty>
          ) : (
            <>
              {editor ? (
                <div class="panel">
                  <h2>New share link</h2>
                  <ShareLinkForm projectId={projectId} views={list} onCreated={links.state.reload} />
                </div>
              ) : null}
              <h2>Links</h2>
              <PagedList list={links} label="Share links">
                {(rows) => <ShareLinkTable projectId={projectId} rows={rows} editable={editor} onChanged={links.state.reload} />}
              </PagedList>
            </>
          )
        }
      </Loaded>
    </section>
  );
}
