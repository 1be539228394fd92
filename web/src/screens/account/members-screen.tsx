import { useState } from 'preact/hooks';
import { call } from '../../api/call';
import { Form, SelectField, TextField } from '../../components/form';
import { Empty, ErrorNotice, Loaded } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import { navigate, type RouteParams } from '../../router';
import { me, refreshMe } from '../../session';
import type { Invitation, IssuedInvitation, Member, WorkspaceItem, WorkspaceRole } from './account-api';
import { formatTime, workspaceRoles } from './account-api';
import { ConfirmButton } from '../../components/confirm-button';
import { FormProblem } from './form-problem';
import { invitationLink } from './invitation-link';
import { SecretOnce } from './secret-once';
import { WorkspaceFrame } from './workspace-frame';

const roleOptions = workspaceRoles.map((role) => ({ value: role, label: role }));

function MemberRow({ workspace, member, onChanged }: { workspace: WorkspaceItem; member: Member; onChanged: () => void }) {
  const isSelf = me.value?.user.id === member.userId;
  const memberOf = { workspaceId: workspace.id, memberUserId: member.userId };
  const changeRole = useAction(async (role: WorkspaceRole) => {
    await call('PATCH /api/workspaces/{workspaceId}/members/{memberUserId}', memberOf, { body: { role } });
    onChanged();
  });
  const remove = useAction(async () => {
    await call('DELETE /api/workspaces/{workspaceId}/members/{memberUserId}', memberOf);
    if (isSelf) {
      await refreshMe();
      navigate('/', { replace: true });
    } else onChanged();
  });
  const isOwner = workspace.role === 'owner';
  return (
    <tr>
      <td>
        {member.name}
        {isSelf ? <span class="hint"> (you)</span> : null}
      </td>
      <td>{member.email}</td>
      <td>
        {isOwner ? (
          <select aria-label={`Role of ${member.name}`} value={member.role} disabled={changeRole.pending} onChange={(e) => void changeRole.run((e.currentTarget as HTMLSelectElement).value as WorkspaceRole)}>
            {roleOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        ) : (
          member.role
        )}
        <ErrorNotice error={changeRole.error} />
      </td>
      <td>{formatTime(member.joinedAt)}</td>
      <td>
        {isOwner || isSelf ? (
          <ConfirmButton
            label={isSelf ? 'Leave' : 'Remove'}
            question={isSelf ? 'Leave this workspace?' : `Remove ${member.name} from this workspace?`}
            confirmLabel={isSelf ? 'Yes, leave' : 'Yes, remove'}
            pending={remove.pending}
            onConfirm={() => void remove.run()}
          />
        ) : null}
        <ErrorNotice error={remove.error} />
      </td>
    </tr>
  );
}

function MemberTable({ workspace }: { workspace: WorkspaceItem }) {
  const members = useLoad((signal) => call('GET /api/workspaces/{workspaceId}/members', { workspaceId: workspace.id }, { signal }), [workspace.id]);
  return (
    <Loaded state={members} label="Loading the members…">
      {({ items }) => (
        <div class="table-scroll">
          <table aria-label="Members">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">Joined</th>
                <th scope="col">
                  <span class="offscreen">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((m) => (
                <MemberRow key={m.userId} workspace={workspace} member={m} onChanged={members.reload} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Loaded>
  );
}

/** The link of an invitation just issued, with its secret: shown once, as the token of an agent is. */
function IssuedLink({ invitation, onDone }: { invitation: IssuedInvitation; onDone: () => void }) {
  const link = invitationLink(invitation.id, invitation.secret);
  return (
    <div class="notice success new-secret" role="status">
      <h3>Invitation for {invitation.email}</h3>
      <p>
        Send this link to {invitation.email}. <strong>It holds the invitation's secret and will not be shown again.</strong> Whoever holds it can join as {invitation.role} with
        that address until {formatTime(invitation.expiresAt)}. Someone already signed in as {invitation.email} also finds the invitation on their workspaces page.
      </p>
      <SecretOnce label="Invitation link" value={link} copyLabel="Copy link">
        <button type="button" class="secondary" onClick={onDone}>
          Done
        </button>
      </SecretOnce>
    </div>
  );
}

function InviteForm({ workspaceId, onIssued }: { workspaceId: string; onIssued: (invitation: IssuedInvitation) => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string>('editor');
  const submit = useAction(async () => {
    const issued = await call('POST /api/workspaces/{workspaceId}/invitations', { workspaceId }, { body: { email, role } });
    setEmail('');
    onIssued(issued);
  });
  return (
    <Form label="Invite someone" onSubmit={() => void submit.run()}>
      <FormProblem error={submit.error} fields={['email', 'role']} />
      <TextField label="E-mail address" field="email" type="email" error={submit.error} value={email} onValue={setEmail} autoComplete="off" required />
      <SelectField label="Role" field="role" error={submit.error} value={role} onValue={setRole} options={roleOptions} />
      <div class="actions">
        <button type="submit" disabled={submit.pending}>
          {submit.pending ? 'Inviting…' : 'Invite'}
        </button>
      </div>
    </Form>
  );
}

function InvitationTable({ workspaceId, invitations, onChanged }: { workspaceId: string; invitations: Invitation[]; onChanged: () => void }) {
  const revoke = useAction(async (invitationId: string) => {
    await call('DELETE /api/workspaces/{workspaceId}/invitations/{invitationId}', { workspaceId, invitationId });
    onChanged();
  });
  if (invitations.length === 0) return <Empty>No invitations yet.</Empty>;
  return (
    <>
      <ErrorNotice error={revoke.error} />
      <div class="table-scroll">
        <table aria-label="Invitations">
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Sent</th>
              <th scope="col">Expires</th>
              <th scope="col">
                <span class="offscreen">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invitations.map((i) => (
              <tr key={i.id}>
                <td>{i.email}</td>
                <td>{i.role}</td>
                <td>
                  <span class={`badge invitation-${i.status}`}>{i.status === 'open' ? 'pending' : i.status}</span>
                </td>
                <td>{formatTime(i.createdAt)}</td>
                <td>{formatTime(i.expiresAt)}</td>
                <td>
                  {i.status === 'open' || i.status === 'expired' ? (
                    <ConfirmButton label="Revoke" question={`Revoke the invitation of ${i.email}?`} confirmLabel="Yes, revoke" pending={revoke.pending} onConfirm={() => void revoke.run(i.id)} />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Invitations({ workspace }: { workspace: WorkspaceItem }) {
  const [issued, setIssued] = useState<IssuedInvitation | null>(null);
  const invitations = useLoad((signal) => call('GET /api/workspaces/{workspaceId}/invitations', { workspaceId: workspace.id }, { signal }), [workspace.id]);
  return (
    <>
      <h2>Invite</h2>
      {issued ? <IssuedLink invitation={issued} onDone={() => setIssued(null)} /> : null}
      <InviteForm
        workspaceId={workspace.id}
        onIssued={(invitation) => {
          setIssued(invitation);
          invitations.reload();
        }}
      />
      <h2>Invitations</h2>
      <Loaded state={invitations} label="Loading the invitations…">
        {({ items }) => <InvitationTable workspaceId={workspace.id} invitations={items} onChanged={invitations.reload} />}
      </Loaded>
    </>
  );
}

/** `/w/:workspaceId/members`: members with their roles; owners change roles, remove, invite and revoke. */
export function MembersScreen({ params }: { params: RouteParams }) {
  return (
    <WorkspaceFrame workspaceId={params.workspaceId!} title="Members">
      {(workspace) => (
        <>
          <MemberTable workspace={workspace} />
          {workspace.role === 'owner' ? <Invitations workspace={workspace} /> : <p class="hint">Owners invite people and change roles.</p>}
        </>
      )}
    </WorkspaceFrame>
  );
}
