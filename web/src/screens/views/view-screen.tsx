import { useState } from 'preact/hooks';
import { call } from '../../api/call';
import type { RouteParams } from '../../router';
import { Link } from '../../router';
import { projectPath } from '../../navigation';
import { ErrorNotice, Loaded } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import { type DrawnDiagram, DiagramEditor } from './diagram-editor';
import { downloadViewPng } from './png-download';
import { TextExports } from './text-exports';
import { ViewForm } from './view-form';
import { ViewShareLinks } from './view-share-links';
import { type View, elementsApi, exportPaths, viewsApi } from './views-api';
import { canEditIn } from './workspace-role';

function ViewScopeLine({ projectId, view }: { projectId: string; view: View }) {
  const root = useLoad((signal) => (view.rootElementId === null ? Promise.resolve(null) : elementsApi.get(projectId, view.rootElementId, signal)), [projectId, view.rootElementId]);
  if (view.rootElementId === null) return <p class="lead">Shows the top-level elements of the main model.</p>;
  return <p class="lead">Shows the elements inside {root.data ? `${root.data.name} (${root.data.kind})` : root.error ? `a missing element (${view.rootElementId})` : '…'}.</p>;
}

/** The layout fingerprint of the diagram drawn now (part 1 "Layout fingerprint") and how many positions are saved. */
function DiagramFacts({ drawn }: { drawn: DrawnDiagram | null }) {
  return (
    <dl class="view-facts">
      <dt>Layout fingerprint</dt>
      <dd class="fingerprint">
        <code>{drawn?.fingerprint ?? '…'}</code>
      </dd>
      <dt>Saved positions</dt>
      <dd class="saved-positions">{drawn ? drawn.savedPositions : '…'}</dd>
    </dl>
  );
}

/** PNG drawn by the browser from the SVG on screen, and the SVG itself. */
function PictureDownloads({ projectId, view, drawn }: { projectId: string; view: View; drawn: DrawnDiagram | null }) {
  const png = useAction(async () => {
    if (drawn) await downloadViewPng(drawn.svgText, view.name);
  });
  return (
    <div class="actions picture-downloads">
      <button type="button" onClick={() => void png.run()} disabled={!drawn || png.pending} title="Drawn by your browser at twice the SVG's size, each side at most 8192 pixels">
        {png.pending ? 'Drawing the PNG…' : 'Download PNG'}
      </button>
      <a class="button secondary" href={exportPaths.svg(projectId, view.id)} download={`${view.name}.svg`}>
        Download SVG
      </a>
      <ErrorNotice error={png.error} />
    </div>
  );
}

function ViewPage({ workspaceId, projectId, view, projectName, onChanged }: { workspaceId: string; projectId: string; view: View; projectName: string; onChanged: () => void }) {
  const editor = canEditIn(workspaceId);
  const [editing, setEditing] = useState(false);
  const [drawn, setDrawn] = useState<DrawnDiagram | null>(null);
  return (
    <section class="view-screen">
      <p class="breadcrumb">
        <Link href={projectPath(workspaceId, projectId, 'views')}>Views</Link> /
      </p>
      <h1>{view.name}</h1>
      <div class="view-heading">
        <ViewScopeLine projectId={projectId} view={view} />
        {editor && !editing ? (
          <button type="button" class="secondary" onClick={() => setEditing(true)}>
            Rename or change root
          </button>
        ) : null}
      </div>
      {editor && editing ? (
        <div class="panel">
          <h2>Rename or change what it shows</h2>
          <ViewForm
            projectId={projectId}
            initial={view}
            formLabel="Edit view"
            submitLabel="Save view"
            askForId={false}
            onCancel={() => setEditing(false)}
            onSubmit={async (input) => {
              await viewsApi.replace(projectId, view.id, input);
              setEditing(false);
              onChanged();
            }}
          />
        </div>
      ) : null}
      <section aria-labelledby="diagram-heading">
        <h2 id="diagram-heading" class="offscreen">
          Diagram
        </h2>
        <DiagramFacts drawn={drawn} />
        <DiagramEditor key={`${view.id} ${view.updatedAt}`} projectId={projectId} view={view} editable={editor} onDrawn={setDrawn}>
          <PictureDownloads projectId={projectId} view={view} drawn={drawn} />
        </DiagramEditor>
      </section>
      <TextExports projectId={projectId} viewId={view.id} viewName={view.name} projectFileName={projectName} />
      <ViewShareLinks workspaceId={workspaceId} projectId={projectId} viewId={view.id} editable={editor} />
    </section>
  );
}

/** `/w/:ws/p/:p/views/:viewId`: the diagram with its layout, PNG, text exports and share links. */
export function ViewScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const viewId = params.viewId!;
  const view = useLoad((signal) => viewsApi.get(projectId, viewId, signal), [projectId, viewId]);
  const project = useLoad((signal) => call('GET /api/projects/{projectId}', { projectId }, { signal }).catch(() => ({ name: 'model' })), [projectId]);
  return (
    <Loaded state={view} label="Reading the view…">
      {(loaded) => <ViewPage workspaceId={workspaceId} projectId={projectId} view={loaded} projectName={project.data?.name ?? 'model'} onChanged={view.reload} />}
    </Loaded>
  );
}
