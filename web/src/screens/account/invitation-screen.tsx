import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { call } from '../../api/call';
import type { RequestOptions } from '../../api/client';
import { Form, TextField } from '../../components/form';
import { ErrorNotice, Loaded, Loading } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import { workspacePath } from '../../navigation';
import { currentUrl, Link, navigate, type RouteParams } from '../../router';
import { me, refreshMe } from '../../session';
import type { Invitation, } from './account-api';
import { formatTime } from './account-api';
import { FormProblem } from './form-problem';
import { secretFromFragment } from './invitation-link';
import { passwordHint } from './password-hint';
import { signInPath } from './safe-next';

/** The "null or InvitationSecretRequest" body of an invitation endpoint (docs/members-and-invitations.md). */
function withSecret(secret: string | null): RequestOptions {
  return { body: secret === null ? 'null' : JSON.stringify({ secret }), contentType: 'application/json' };
}

function Decision({ invitation, secret, onDeclined }: { invitation: Invitation; secret: string | null; onDeclined: () => void }) {
  const invitationId = invitation.id;
  const accept = useAction(async () => {
    const membership = await call('POST /api/invitations/{invitationId}/accept', { invitationId }, withSecret(secret));
    await refreshMe();
    navigate(workspacePath(membership.workspaceId), { replace: true });
  });
  const decline = useAction(async () => {
    await call('POST /api/invitations/{invitationId}/decline', { invitationId }, withSecret(secret));
    onDeclined();
  });
  return (
    <>
      <ErrorNotice error={accept.error ?? decline.error} />
      <div class="actions">
        <button type="button" onClick={() => void accept.run()} disabled={accept.pending || decline.pending}>
          {accept.pending ? 'Joining…' : `Join ${invitation.workspaceName}`}
        </button>
        <button type="button" class="secondary" onClick={() => void decline.run()} disabled={accept.pending || decline.pending}>
          Decline
        </button>
      </div>
    </>
  );
}

function InvitationDetails({ invitationId, secret }: { invitationId: string; secret: string | null }) {
  const invitation = useLoad(() => call('POST /api/invitations/{invitationId}', { invitationId }, withSecret(secret)), [invitationId, secret]);
  const email = me.value?.user.email;
  if (invitation.error?.status === 404) {
    return (
      <div class="error-notice" role="alert">
        <strong>No invitation for you here</strong>
        <p>
          This invitation does not exist, or it is addressed to another e-mail address than yours ({email}). Open the link you were sent, or sign out and sign in with the invited
          address.
        </p>
      </div>
    );
  }
  return (
    <Loaded state={invitation} label="Looking up the invitation…">
      {(i) => (
        <>
          <p>
            You are invited to the workspace <strong>{i.workspaceName}</strong> as <strong>{i.role}</strong>.
          </p>
          <dl class="facts">
            <dt>Invited address</dt>
            <dd>{i.email}</dd>
            <dt>Status</dt>
            <dd>{i.status === 'open' ? 'open' : i.status}</dd>
            <dt>Valid until</dt>
            <dd>{formatTime(i.expiresAt)}</dd>
          </dl>
          {i.status === 'open' ? (
            i.email.toLowerCase() === email?.toLowerCase() ? (
              <Decision invitation={i} secret={secret} onDeclined={invitation.reload} />
            ) : (
              <p class="notice">
                You are signed in as {email}. Only {i.email} can accept it: sign out, then open the link again and create that account or sign in with it.
              </p>
            )
          ) : (
            <p class="notice">This invitation is {i.status}; it can no longer be accepted.</p>
          )}
          <p>
            <Link href="/">Go to your workspaces</Link>
          </p>
        </>
      )}
    </Loaded>
  );
}

/** Someone without an account joins through the invitation's secret: the account of the invited address is created and joins. */
function RegisterThroughInvitation({ invitationId, secret }: { invitationId: string; secret: string }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const submit = useAction(async () => {
    const created = await call('POST /api/invitations/{invitationId}/register', { invitationId }, { body: { secret, password, name } });
    await refreshMe();
    navigate(workspacePath(created.membership.workspaceId), { replace: true });
  });
  const conflict = submit.error?.status === 409;
  return (
    <Form label="Create your account and join" onSubmit={() => void submit.run()}>
      <FormProblem error={submit.error} fields={['name', 'password']} />
      {conflict ? <p class="hint">If an account with the invited address exists, sign in with it instead and accept there.</p> : null}
      <TextField label="Your name" field="name" error={submit.error} value={name} onValue={setName} autoComplete="name" required />
      <TextField label="Password" field="password" type="password" error={submit.error} value={password} onValue={setPassword} autoComplete="new-password" hint={passwordHint} required />
      <div class="actions">
        <button type="submit" disabled={submit.pending}>
          {submit.pending ? 'Creating…' : 'Create account and join'}
        </button>
      </div>
    </Form>
  );
}

/** `/invitations/:invitationId` (`#secret=` from the link): accept or decline, or create the invited account. */
export function InvitationScreen({ params }: { params: RouteParams }) {
  const invitationId = params.invitationId!;
  const url = currentUrl.value;
  const secret = secretFromFragment(url.hash);
  const person = me.value;
  const here = url.pathname + url.hash;
  let body: JSX.Element;
  if (person === undefined) body = <Loading label="Checking your session…" />;
  else if (person) body = <InvitationDetails invitationId={invitationId} secret={secret} />;
  else if (secret) {
    body = (
      <>
        <p>Create the account of the invited e-mail address to join, or sign in if you already have one.</p>
        <RegisterThroughInvitation invitationId={invitationId} secret={secret} />
        <p>
          Have an account with the invited address? <Link href={signInPath(here)}>Sign in</Link> and accept.
        </p>
      </>
    );
  } else {
    body = (
      <p>
        <Link href={signInPath(here)}>Sign in</Link> with the invited address to see this invitation, or open the full link you were sent.
      </p>
    );
  }
  return (
    <section class="narrow-page">
      <h1>Invitation</h1>
      {body}
    </section>
  );
}

