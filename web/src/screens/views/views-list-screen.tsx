import { useState } from 'preact/hooks';
import type { RouteParams } from '../../router';
import { Link, navigate } from '../../router';
import { projectPath } from '../../navigation';
import { PagedList, usePagedList } from '../../components/pager';
import { ConfirmButton } from '../../components/confirm-button';
import { Empty, ErrorNotice } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import { pageOf } from './client-pages';
import { formatTime } from './formatting';
import { ViewForm } from './view-form';
import { type View, elementsApi, viewsApi } from './views-api';
import { canEditIn } from './workspace-role';

const viewsPerPage = 20;

/** What a view shows, in words: the landscape, or the inside of its root element (by name). */
function ViewScope({ projectId, view }: { projectId: string; view: View }) {
  const root = useLoad((signal) => (view.rootElementId === null ? Promise.resolve(null) : elementsApi.get(projectId, view.rootElementId, signal)), [projectId, view.rootElementId]);
  if (view.rootElementId === null) return <span>Top-level elements</span>;
  if (root.error) return <span class="muted">Inside a missing element ({view.rootElementId})</span>;
  return <span>Inside {root.data ? `${root.data.name} (${root.data.kind})` : '…'}</span>;
}

function DeleteViewButton({ projectId, view, onDeleted }: { projectId: string; view: View; onDeleted: () => void }) {
  const remove = useAction(async () => {
    await viewsApi.remove(projectId, view.id);
    onDeleted();
  });
  return (
    <>
      <ConfirmButton label="Delete" subject={`view ${view.name}`} question={`Delete ${view.name} and its share links?`} confirmLabel="Yes, delete" cancelLabel="Keep it" pending={remove.pending} onConfirm={() => void remove.run()} />
      <ErrorNotice error={remove.error} />
    </>
  );
}

/** `/w/:ws/p/:p/views`: the views of a project, a page at a time, with creation and deletion for editors. */
export function ViewsListScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const editor = canEditIn(workspaceId);
  const [creating, setCreating] = useState(false);
  const list = usePagedList<View>(async (cursor, signal) => pageOf(await viewsApi.list(projectId, signal), cursor, viewsPerPage), [projectId]);

  return (
    <section class="views-list">
      <h1>Views</h1>
      <p class="lead">
        A view is one level of the model drawn as a diagram: the top-level elements, or the elements inside one element. Open a view to arrange it, download it as PNG,
        Mermaid or Structurizr DSL, or share it. <Link href={projectPath(workspaceId, projectId, 'share-links')}>All share links of the project</Link>.
      </p>
      {editor ? (
        creating ? (
          <div class="panel">
            <h2>New view</h2>
            <ViewForm
              projectId={projectId}
              formLabel="New view"
              submitLabel="Create view"
              askForId
              onCancel={() => setCreating(false)}
              onSubmit={async (input) => {
                const view = await viewsApi.create(projectId, input);
                navigate(projectPath(workspaceId, projectId, 'views', view.id));
              }}
            />
          </div>
        ) : (
          <div class="actions">
            <button type="button" onClick={() => setCreating(true)}>
              New view
            </button>
          </div>
        )
      ) : null}
      <PagedList list={list} label="Views">
        {(views) =>
          views.length === 0 ? (
            <Empty>{list.pageNumber === 1 ? `No views yet.${editor ? ' Create one to draw the model.' : ''}` : 'No more views.'}</Empty>
          ) : (
            <div class="table-scroll">
              <table>
                <caption class="offscreen">Views of the project</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Shows</th>
                    <th scope="col">Saved positions</th>
                    <th scope="col">Changed</th>
                    {editor ? <th scope="col">Actions</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {views.map((view) => (
                    <tr key={view.id}>
                      <td>
                        <Link href={projectPath(workspaceId, projectId, 'views', view.id)}>{view.name}</Link>
                      </td>
                      <td>
                        <ViewScope projectId={projectId} view={view} />
                      </td>
                      <td>{view.positions.length}</td>
                      <td>{formatTime(view.updatedAt)}</td>
                      {editor ? (
                        <td>
                          <DeleteViewButton projectId={projectId} view={view} onDeleted={list.state.reload} />
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </PagedList>
    </section>
  );
}
