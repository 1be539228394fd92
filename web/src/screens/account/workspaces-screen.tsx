import { useState } from 'preact/hooks';
import { call } from '../../api/call';
import { Form, TextField } from '../../components/form';
import { Empty, Loaded } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import { workspacePath } from '../../navigation';
import { Link, navigate } from '../../router';
import { refreshMe } from '../../session';
import { formatTime } from './account-api';
import { FormProblem } from './form-problem';

function CreateWorkspaceForm() {
  const [name, setName] = useState('');
  const submit = useAction(async () => {
    const created = await call('POST /api/workspaces', {}, { body: { name } });
    await refreshMe();
    navigate(workspacePath(created.id));
  });
  return (
    <Form label="Create a workspace" class="inline-form" onSubmit={() => void submit.run()}>
      <FormProblem error={submit.error} fields={['name']} />
      <TextField label="Workspace name" field="name" error={submit.error} value={name} onValue={setName} required />
      <div class="actions">
        <button type="submit" disabled={submit.pending}>
          {submit.pending ? 'Creating…' : 'Create workspace'}
        </button>
      </div>
    </Form>
  );
}

/** Open invitations addressed to the signed-in person, each leading to its accept/decline page. */
function MyInvitations() {
  const invitations = useLoad((signal) => call('GET /api/invitations', {}, { signal }), []);
  if (!invitations.data || invitations.data.items.length === 0) return null;
  return (
    <section aria-labelledby="my-invitations">
      <h2 id="my-invitations">Invitations for you</h2>
      <ul class="plain-list">
        {invitations.data.items.map((invitation) => (
          <li key={invitation.id}>
            <Link href={`/invitations/${encodeURIComponent(invitation.id)}`}>{invitation.workspaceName}</Link> as {invitation.role}{' '}
            <span class="hint">(until {formatTime(invitation.expiresAt)})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `/`: the workspaces of the signed-in person with their role, and a new one. */
export function WorkspacesScreen() {
  const workspaces = useLoad((signal) => call('GET /api/workspaces', {}, { signal }), []);
  return (
    <section>
      <h1>Your workspaces</h1>
      <MyInvitations />
      <Loaded state={workspaces} label="Loading your workspaces…">
        {({ items }) =>
          items.length === 0 ? (
            <Empty>You are not a member of any workspace yet. Create one below, or accept an invitation.</Empty>
          ) : (
            <ul class="card-list">
              {items.map((w) => (
                <li key={w.id} class="card">
                  <Link href={workspacePath(w.id)} class="card-title">
                    {w.name}
                  </Link>
                  <span class="badge">{w.role}</span>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
      <h2>New workspace</h2>
      <CreateWorkspaceForm />
    </section>
  );
}
