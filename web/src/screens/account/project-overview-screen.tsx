import { useState } from 'preact/hooks';
import { call } from '../../api/call';
import { Form, TextAreaField, TextField } from '../../components/form';
import { ErrorNotice, Loaded } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import { projectAreas, projectPath, workspacePath } from '../../navigation';
import { Link, navigate, type RouteParams } from '../../router';
import type { Project, WorkspaceRole } from './account-api';
import { formatTime } from './account-api';
import { ConfirmButton } from '../../components/confirm-button';
import { FormProblem } from './form-problem';
import { useWorkspace } from './workspace-frame';

function EditProjectForm({ project, onSaved }: { project: Project; onSaved: (project: Project) => void }) {
  const [name, setName] = useState(project.name);
  const [description, setDescription] = useState(project.description ?? '');
  const [saved, setSaved] = useState(false);
  const submit = useAction(async () => {
    setSaved(false);
    const updated = await call('PATCH /api/projects/{projectId}', { projectId: project.id }, { body: { name, description: description.trim() === '' ? null : description } });
    onSaved(updated);
    setSaved(true);
  });
  return (
    <Form label="Rename or describe the project" onSubmit={() => void submit.run()}>
      <FormProblem error={submit.error} fields={['name', 'description']} />
      <TextField label="Name" field="name" error={submit.error} value={name} onValue={setName} required />
      <TextAreaField label="Description" field="description" error={submit.error} value={description} onValue={setDescription} rows={3} />
      <div class="actions">
        <button type="submit" disabled={submit.pending}>
          {submit.pending ? 'Saving…' : 'Save'}
        </button>
        {saved ? <span role="status">Saved.</span> : null}
      </div>
    </Form>
  );
}

function DeleteProject({ project }: { project: Project }) {
  const remove = useAction(async () => {
    await call('DELETE /api/projects/{projectId}', { projectId: project.id });
    navigate(workspacePath(project.workspaceId), { replace: true });
  });
  return (
    <>
      <h2>Delete</h2>
      <p>Deleting a project removes its model, history, views and scenarios for good.</p>
      <ErrorNotice error={remove.error} />
      <ConfirmButton label="Delete project…" question={`Delete “${project.name}” and everything in it?`} confirmLabel="Yes, delete it" pending={remove.pending} onConfirm={() => void remove.run()} />
    </>
  );
}

function Overview({ project, role, onChanged }: { project: Project; role: WorkspaceRole | undefined; onChanged: (project: Project) => void }) {
  return (
    <>
      <p class="breadcrumbs">
        <Link href="/">Workspaces</Link> / <Link href={workspacePath(project.workspaceId)}>Projects</Link> / <span>{project.name}</span>
      </p>
      <h1>{project.name}</h1>
      {project.description ? <p class="description">{project.description}</p> : <p class="hint">No description.</p>}
      <dl class="facts">
        <dt>Model version</dt>
        <dd>{project.modelVersion}</dd>
        <dt>Created</dt>
        <dd>{formatTime(project.createdAt)}</dd>
        <dt>Project ID</dt>
        <dd>
          <code>{project.id}</code>
        </dd>
      </dl>
      <h2>Areas</h2>
      <ul class="card-list">
        {projectAreas
          .filter((area) => area.ready)
          .map((area) => (
            <li key={area.segment} class="card">
              <Link href={projectPath(project.workspaceId, project.id, area.segment)} class="card-title">
                {area.label}
              </Link>
            </li>
          ))}
      </ul>
      {role === 'editor' || role === 'owner' ? (
        <>
          <h2>Name and description</h2>
          <EditProjectForm project={project} onSaved={onChanged} />
        </>
      ) : null}
      {role === 'owner' ? <DeleteProject project={project} /> : null}
    </>
  );
}

/** `/w/:workspaceId/p/:projectId`: what a project is, and the way to each of its areas. */
export function ProjectOverviewScreen({ params }: { params: RouteParams }) {
  const projectId = params.projectId!;
  const [changed, setChanged] = useState<Project | null>(null);
  const project = useLoad((signal) => call('GET /api/projects/{projectId}', { projectId }, { signal }), [projectId]);
  const workspace = useWorkspace(params.workspaceId!);
  return (
    <section>
      <Loaded state={project} label="Loading the project…">
        {(p) => <Overview key={p.id} project={changed?.id === p.id ? changed : p} role={workspace.data?.role} onChanged={setChanged} />}
      </Loaded>
    </section>
  );
}
