import { useState } from 'preact/hooks';
import { call } from '../../api/call';
import { Form, SelectField, TextField } from '../../components/form';
import { Empty, ErrorNotice, Loaded } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import type { RouteParams } from '../../router';
import type { AgentToken, CreatedAgentToken, ProjectItem, WorkspaceItem } from './account-api';
import { formatTime } from './account-api';
import { CheckboxGroup } from './choice-fields';
import { ConfirmButton } from '../../components/confirm-button';
import { FormProblem } from './form-problem';
import { SecretOnce } from './secret-once';
import { WorkspaceFrame } from './workspace-frame';

type Scope = AgentToken['scopes'][number];
const scopeOptions: readonly { value: Scope; label: string }[] = [
  { value: 'read', label: 'read: read the model, run scenarios, use the agent tools' },
  { value: 'push', label: 'push: push snapshots with svc scan, write promises' },
];

/** The projects a token may be restricted to: the first page of the largest size the API gives. */
function useProjectChoices(workspaceId: string) {
  return useLoad((signal) => call('GET /api/workspaces/{workspaceId}/projects', { workspaceId }, { query: { limit: 200 }, signal }), [workspaceId]);
}

/** The secret of a token just made: shown here once, never again (the service keeps only its hash). */
function NewTokenSecret({ token, onDone }: { token: CreatedAgentToken; onDone: () => void }) {
  return (
    <div class="notice success new-secret" role="status">
      <h2>Token “{token.name}” created</h2>
      <p>
        <strong>Copy the token now. It will not be shown again</strong>: the service keeps only a hash of it. If it is lost, revoke it and create another.
      </p>
      <SecretOnce label="Agent token secret" value={token.token} copyLabel="Copy token">
        <button type="button" class="secondary" onClick={onDone}>
          I have copied it
        </button>
      </SecretOnce>
    </div>
  );
}

function CreateTokenForm({ workspaceId, projects, onCreated }: { workspaceId: string; projects: ProjectItem[]; onCreated: (token: CreatedAgentToken) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>(['read']);
  const [projectId, setProjectId] = useState('');
  const [expires, setExpires] = useState('');
  const submit = useAction(async () => {
    const expiresAt = expires === '' ? null : Number.isNaN(new Date(expires).getTime()) ? expires : new Date(expires).toISOString();
    const created = await call('POST /api/workspaces/{workspaceId}/agent-tokens', { workspaceId }, { body: { name, scopes, projectId: projectId === '' ? null : projectId, expiresAt } });
    setName('');
    setExpires('');
    onCreated(created);
  });
  const projectOptions = [{ value: '', label: 'Every project of the workspace' }, ...projects.map((p) => ({ value: p.id, label: p.name }))];
  return (
    <Form label="Create an agent token" onSubmit={() => void submit.run()}>
      <FormProblem error={submit.error} fields={['name', 'scopes', 'projectId', 'expiresAt']} />
      <TextField label="Name" field="name" error={submit.error} value={name} onValue={setName} hint="Say where it is used, e.g. “CI of the shop repository”." required />
      <CheckboxGroup legend="Scopes" field="scopes" error={submit.error} options={scopeOptions} values={scopes} onValues={setScopes} />
      <SelectField label="Project" field="projectId" error={submit.error} value={projectId} onValue={setProjectId} options={projectOptions} hint="A token restricted to one project sees no other." />
      <TextField label="Expires (optional)" field="expiresAt" type="datetime-local" error={submit.error} value={expires} onValue={setExpires} hint="Your local time. Empty: the token works until it is revoked." />
      <div class="actions">
        <button type="submit" disabled={submit.pending}>
          {submit.pending ? 'Creating…' : 'Create token'}
        </button>
      </div>
    </Form>
  );
}

function TokenTable({ workspaceId, tokens, projects, onRevoked }: { workspaceId: string; tokens: AgentToken[]; projects: ProjectItem[]; onRevoked: () => void }) {
  const revoke = useAction(async (tokenId: string) => {
    await call('DELETE /api/workspaces/{workspaceId}/agent-tokens/{tokenId}', { workspaceId, tokenId });
    onRevoked();
  });
  if (tokens.length === 0) return <Empty>No agent tokens. An agent or `svc scan` needs one to reach this workspace.</Empty>;
  const projectName = (id: string | null) => (id === null ? 'every project' : (projects.find((p) => p.id === id)?.name ?? id));
  return (
    <>
      <ErrorNotice error={revoke.error} />
      <div class="table-scroll">
        <table aria-label="Agent tokens">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Scopes</th>
              <th scope="col">Project</th>
              <th scope="col">Expires</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span class="offscreen">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((t) => (
              <tr key={t.id}>
                <td>{t.name}</td>
                <td>{t.scopes.join(', ')}</td>
                <td>{projectName(t.projectId)}</td>
                <td>{t.expiresAt ? formatTime(t.expiresAt) : 'never'}</td>
                <td>{formatTime(t.createdAt)}</td>
                <td>{t.lastUsedAt ? formatTime(t.lastUsedAt) : 'not yet'}</td>
                <td>
                  <ConfirmButton label="Revoke" question={`Revoke “${t.name}”? It stops working at once.`} confirmLabel="Yes, revoke" pending={revoke.pending} onConfirm={() => void revoke.run(t.id)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Tokens({ workspace }: { workspace: WorkspaceItem }) {
  const [created, setCreated] = useState<CreatedAgentToken | null>(null);
  const tokens = useLoad((signal) => call('GET /api/workspaces/{workspaceId}/agent-tokens', { workspaceId: workspace.id }, { signal }), [workspace.id]);
  const projects = useProjectChoices(workspace.id);
  const projectItems = projects.data?.items ?? [];
  return (
    <>
      <p>Agent tokens let tools and agents call the API and the agent tool endpoint as this workspace, with the scopes you give them. The list never shows a token's secret.</p>
      {created ? <NewTokenSecret token={created} onDone={() => setCreated(null)} /> : null}
      <Loaded state={tokens} label="Loading the tokens…">
        {({ items }) => <TokenTable workspaceId={workspace.id} tokens={items} projects={projectItems} onRevoked={tokens.reload} />}
      </Loaded>
      <h2>New token</h2>
      <ErrorNotice error={projects.error} />
      <CreateTokenForm
        workspaceId={workspace.id}
        projects={projectItems}
        onCreated={(token) => {
          setCreated(token);
          tokens.reload();
        }}
      />
    </>
  );
}

/** `/w/:workspaceId/tokens`: agent tokens of a workspace (owner). */
export function TokensScreen({ params }: { params: RouteParams }) {
  return (
    <WorkspaceFrame workspaceId={params.workspaceId!} title="Agent tokens">
      {(workspace) => (workspace.role === 'owner' ? <Tokens workspace={workspace} /> : <p>Only owners of this workspace manage its agent tokens.</p>)}
    </WorkspaceFrame>
  );
}
