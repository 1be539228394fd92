import { useEffect, useState } from 'preact/hooks';
import { call } from '../../api/call';
import { Form, TextField } from '../../components/form';
import { Loaded } from '../../components/status';
import { useAction } from '../../components/use-load';
import { currentUrl, Link, navigate } from '../../router';
import { me, refreshMe } from '../../session';
import type { SetupStatus } from './account-api';
import { FormProblem } from './form-problem';
import { safeNext } from './safe-next';
import { useSetupStatus } from './use-setup-status';

const providerLabels: Record<SetupStatus['externalSignIn'][number], string> = { github: 'GitHub', gitlab: 'GitLab' };

/** Buttons of the external providers this instance offers; each starts the provider's sign-in in this window. */
function ExternalSignIn({ providers }: { providers: SetupStatus['externalSignIn'] }) {
  if (providers.length === 0) return null;
  return (
    <div class="external-sign-in">
      <p class="hint">Or sign in with another account:</p>
      <div class="actions">
        {providers.map((provider) => (
          // A full page load: the provider's sign-in is on another site and comes back through the service.
          <a key={provider} class="button secondary" href={`/api/auth/external/${provider}`}>
            Sign in with {providerLabels[provider]}
          </a>
        ))}
      </div>
    </div>
  );
}

function SignInForm({ next }: { next: string }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = useAction(async () => {
    await call('POST /api/auth/login', {}, { body: { email, password } });
    await refreshMe();
    navigate(next, { replace: true });
  });
  return (
    <Form label="Sign in" onSubmit={() => void submit.run()}>
      <FormProblem error={submit.error} fields={['email', 'password']} />
      <TextField label="E-mail address" field="email" type="email" error={submit.error} value={email} onValue={setEmail} autoComplete="username" required />
      <TextField label="Password" field="password" type="password" error={submit.error} value={password} onValue={setPassword} autoComplete="current-password" required />
      <div class="actions">
        <button type="submit" disabled={submit.pending}>
          {submit.pending ? 'Signing in…' : 'Sign in'}
        </button>
      </div>
    </Form>
  );
}

/** `/sign-in?next=`: password sign-in, the external providers and registration when offered; first-run setup when no account exists. */
export function SignInScreen() {
  const next = safeNext(currentUrl.value.searchParams.get('next'));
  const status = useSetupStatus();
  const requiresSetup = status.data?.requiresSetup === true;
  const signedIn = Boolean(me.value);
  useEffect(() => {
    if (requiresSetup) navigate('/setup', { replace: true });
    else if (signedIn) navigate(next, { replace: true });
  }, [requiresSetup, signedIn, next]);
  // Set by the service when a GitHub or GitLab sign-in came back refused (docs/web-client.md).
  const externalError = currentUrl.value.searchParams.get('externalError');
  return (
    <section class="narrow-page">
      <h1>Sign in</h1>
      {externalError ? (
        <div class="error-notice" role="alert">
          <strong>The sign-in with another account did not go through</strong>
          <p>{externalError}</p>
        </div>
      ) : null}
      <Loaded state={status}>
        {(s) => (
          <>
            <SignInForm next={next} />
            <ExternalSignIn providers={s.externalSignIn} />
            {s.allowSelfRegistration && !s.requiresSetup ? (
              <p>
                No account yet? <Link href={`/register${next === '/' ? '' : `?next=${encodeURIComponent(next)}`}`}>Create one</Link>.
              </p>
            ) : (
              <p class="hint">New accounts join through an invitation from a workspace owner.</p>
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}
