import { useState } from 'preact/hooks';
import { call } from '../../api/call';
import { Form, TextAreaField, TextField } from '../../components/form';
import { PagedList, usePagedList } from '../../components/pager';
import { Empty } from '../../components/status';
import { useAction } from '../../components/use-load';
import { projectPath } from '../../navigation';
import { Link, type RouteParams } from '../../router';
import type { Project, ProjectItem, WorkspaceItem } from './account-api';
import { FormProblem } from './form-problem';
import { WorkspaceFrame } from './workspace-frame';

const pageSize = 20;

function CreateProjectForm({ workspaceId, onCreated }: { workspaceId: string; onCreated: (project: Project) => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const submit = useAction(async () => {
    const project = await call('POST /api/workspaces/{workspaceId}/projects', { workspaceId }, { body: { name, description: description.trim() === '' ? null : description } });
    setName('');
    setDescription('');
    onCreated(project);
  });
  return (
    <Form label="Create a project" onSubmit={() => void submit.run()}>
      <FormProblem error={submit.error} fields={['name', 'description']} />
      <TextField label="Project name" field="name" error={submit.error} value={name} onValue={setName} required />
      <TextAreaField label="Description (optional)" field="description" error={submit.error} value={description} onValue={setDescription} rows={3} />
      <div class="actions">
        <button type="submit" disabled={submit.pending}>
          {submit.pending ? 'Creating…' : 'Create project'}
        </button>
      </div>
    </Form>
  );
}

function Projects({ workspace }: { workspace: WorkspaceItem }) {
  const [created, setCreated] = useState<Project | null>(null);
  const list = usePagedList<ProjectItem>(
    (cursor, signal) => call('GET /api/workspaces/{workspaceId}/projects', { workspaceId: workspace.id }, { query: { cursor, limit: pageSize }, signal }),
    [workspace.id],
  );
  const canCreate = workspace.role !== 'viewer';
  return (
    <>
      {created ? (
        <p class="notice success" role="status">
          Project <Link href={projectPath(workspace.id, created.id)}>{created.name}</Link> created.
        </p>
      ) : null}
      <PagedList list={list} label="Projects">
        {(items) =>
          items.length === 0 && list.pageNumber === 1 ? (
            <Empty>This workspace has no projects yet.</Empty>
          ) : (
            <ul class="card-list" aria-label="Projects">
              {items.map((p) => (
                <li key={p.id} class="card">
                  <Link href={projectPath(workspace.id, p.id)} class="card-title">
                    {p.name}
                  </Link>
                  {p.description ? <p class="card-text">{p.description}</p> : null}
                </li>
              ))}
            </ul>
          )
        }
      </PagedList>
      {canCreate ? (
        <>
          <h2>New project</h2>
          <CreateProjectForm
            workspaceId={workspace.id}
            onCreated={(project) => {
              setCreated(project);
              list.restart();
              list.state.reload();
            }}
          />
        </>
      ) : (
        <p class="hint">Editors and owners create projects; you are a viewer here.</p>
      )}
    </>
  );
}

/** `/w/:workspaceId`: the projects of a workspace, by name, a page at a time. */
export function ProjectsScreen({ params }: { params: RouteParams }) {
  return (
    <WorkspaceFrame workspaceId={params.workspaceId!} title="Projects">
      {(workspace) => <Projects workspace={workspace} />}
    </WorkspaceFrame>
  );
}
