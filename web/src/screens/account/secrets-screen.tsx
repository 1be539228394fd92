import { useState } from 'preact/hooks';
import { call } from '../../api/call';
import { Form, TextField } from '../../components/form';
import { ErrorNotice, Loaded } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import type { RouteParams } from '../../router';
import type { SecretStatus, WorkspaceItem } from './account-api';
import { formatTime } from './account-api';
import { ConfirmButton } from '../../components/confirm-button';
import { FormProblem } from './form-problem';
import { WorkspaceFrame } from './workspace-frame';

/** What each credential is for, as docs/secrets.md names them. */
function describe(name: string): string {
  if (name === 'github:token') return 'GitHub access token';
  if (name === 'gitlab:token') return 'GitLab token (read_api or read_repository)';
  if (name === 'gcp:apiKey') return 'Google Cloud Billing Catalog API key';
  if (name === 'notifications:webhookSecret') return 'Key that signs each webhook request';
  if (name.startsWith('ai:')) return 'API key of an AI provider';
  return 'Credential';
}

function SetSecretForm({ workspaceId, name, onSaved, onCancel }: { workspaceId: string; name: string; onSaved: () => void; onCancel: () => void }) {
  const [value, setValue] = useState('');
  const submit = useAction(async () => {
    await call('PUT /api/workspaces/{workspaceId}/secrets/{name}', { workspaceId, name }, { body: { value } });
    setValue('');
    onSaved();
  });
  return (
    <Form label={`Set ${name}`} class="inline-form" onSubmit={() => void submit.run()}>
      <FormProblem error={submit.error} fields={['value']} />
      <TextField label={`New value of ${name}`} field="value" type="password" error={submit.error} value={value} onValue={setValue} autoComplete="off" spellcheck={false} hint="1 to 4096 characters. It is stored encrypted and never shown again." />
      <div class="actions">
        <button type="submit" disabled={submit.pending}>
          {submit.pending ? 'Saving…' : 'Save'}
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Form>
  );
}

function SecretRow({ workspaceId, secret, onChanged }: { workspaceId: string; secret: SecretStatus; onChanged: () => void }) {
  const [editing, setEditing] = useState(false);
  const remove = useAction(async () => {
    await call('DELETE /api/workspaces/{workspaceId}/secrets/{name}', { workspaceId, name: secret.name });
    onChanged();
  });
  return (
    <li class={`secret-item status-${secret.status}`}>
      <div class="secret-head">
        <code class="secret-name">{secret.name}</code>
        <span class={`badge secret-${secret.status}`}>{secret.status.replaceAll('_', ' ')}</span>
      </div>
      <p class="hint">{describe(secret.name)}</p>
      <p>{secret.message}</p>
      <dl class="facts">
        <dt>Sent to</dt>
        <dd>{secret.currentOrigin ?? 'nowhere (its address is not set)'}</dd>
        {secret.isSet ? (
          <>
            <dt>Saved for</dt>
            <dd>{secret.savedForOrigin ?? 'no address'}</dd>
            <dt>Last saved</dt>
            <dd>
              {formatTime(secret.updatedAt)}
              {secret.updatedBy ? ` by ${secret.updatedBy}` : ''}
            </dd>
          </>
        ) : null}
      </dl>
      <ErrorNotice error={remove.error} />
      {editing ? (
        <SetSecretForm
          workspaceId={workspaceId}
          name={secret.name}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            onChanged();
          }}
        />
      ) : (
        <div class="actions">
          <button type="button" class="secondary" onClick={() => setEditing(true)}>
            {secret.isSet ? 'Replace' : 'Set'} <span class="offscreen">{secret.name}</span>
          </button>
          {secret.isSet ? <ConfirmButton label={`Delete`} question={`Delete ${secret.name}?`} confirmLabel="Yes, delete" pending={remove.pending} onConfirm={() => void remove.run()} /> : null}
        </div>
      )}
    </li>
  );
}

function Secrets({ workspace }: { workspace: WorkspaceItem }) {
  const secrets = useLoad((signal) => call('GET /api/workspaces/{workspaceId}/secrets', { workspaceId: workspace.id }, { signal }), [workspace.id]);
  return (
    <>
      <p>Credentials the workspace uses to reach other services. Each is bound to the address it is sent to when saved; values are never shown.</p>
      <Loaded state={secrets} label="Loading the credentials…">
        {({ items }) => (
          <ul class="secret-list" aria-label="Credentials">
            {items.map((secret) => (
              <SecretRow key={secret.name} workspaceId={workspace.id} secret={secret} onChanged={secrets.reload} />
            ))}
          </ul>
        )}
      </Loaded>
    </>
  );
}

/** `/w/:workspaceId/secrets`: status of each named credential, set and delete (owner). */
export function SecretsScreen({ params }: { params: RouteParams }) {
  return (
    <WorkspaceFrame workspaceId={params.workspaceId!} title="Credentials">
      {(workspace) => (workspace.role === 'owner' ? <Secrets workspace={workspace} /> : <p>Only owners of this workspace see and set its credentials.</p>)}
    </WorkspaceFrame>
  );
}
