import { call } from '../../api/call';
import { ErrorNotice, Loading } from '../../components/status';
import { useAction } from '../../components/use-load';
import { workspacePath } from '../../navigation';
import { Link, navigate } from '../../router';
import { me } from '../../session';
import { formatTime } from './account-api';

/** `/account`: who is signed in, their workspaces, and signing out of every session. */
export function AccountScreen() {
  const person = me.value;
  const signOutEverywhere = useAction(async () => {
    await call('POST /api/auth/logout', {}, { body: {}, query: { all: 'true' } });
    me.value = null;
    navigate('/sign-in', { replace: true });
  });
  if (!person) return <Loading />;
  const { user, workspaces } = person;
  return (
    <section>
      <h1>Your account</h1>
      <dl class="facts">
        <dt>Name</dt>
        <dd>{user.name}</dd>
        <dt>E-mail address</dt>
        <dd>{user.email}</dd>
        <dt>Account since</dt>
        <dd>{formatTime(user.createdAt)}</dd>
        <dt>Instance administrator</dt>
        <dd>{user.isInstanceAdmin ? 'yes' : 'no'}</dd>
      </dl>
      {user.isInstanceAdmin ? (
        <p>
          <Link href="/admin">Administration</Link>: instance settings, diagnostics and the audit log.
        </p>
      ) : null}
      <h2>Workspaces</h2>
      {workspaces.length === 0 ? (
        <p class="empty">None yet.</p>
      ) : (
        <ul class="plain-list">
          {workspaces.map((w) => (
            <li key={w.id}>
              <Link href={workspacePath(w.id)}>{w.name}</Link> <span class="badge">{w.role}</span>
            </li>
          ))}
        </ul>
      )}
      <h2>Sessions</h2>
      <p>Signing out everywhere ends every session of your account, in every browser, this one included. Agent tokens keep working.</p>
      <ErrorNotice error={signOutEverywhere.error} />
      <button type="button" class="secondary" onClick={() => void signOutEverywhere.run()} disabled={signOutEverywhere.pending}>
        Sign out everywhere
      </button>
    </section>
  );
}
