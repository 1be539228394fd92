import { useState } from 'preact/hooks';
import { call } from '../../api/call';
import { Form, TextField } from '../../components/form';
import { Loaded } from '../../components/status';
import { useAction } from '../../components/use-load';
import { currentUrl, Link, navigate } from '../../router';
import { refreshMe } from '../../session';
import { FormProblem } from './form-problem';
import { passwordHint } from './password-hint';
import { safeNext } from './safe-next';
import { useSetupStatus } from './use-setup-status';

function RegisterForm({ next }: { next: string }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = useAction(async () => {
    await call('POST /api/auth/register', {}, { body: { email, password, name } });
    await refreshMe();
    navigate(next, { replace: true });
  });
  return (
    <Form label="Create an account" onSubmit={() => void submit.run()}>
      <FormProblem error={submit.error} fields={['name', 'email', 'password']} />
      <TextField label="Your name" field="name" error={submit.error} value={name} onValue={setName} autoComplete="name" required />
      <TextField label="E-mail address" field="email" type="email" error={submit.error} value={email} onValue={setEmail} autoComplete="email" required />
      <TextField label="Password" field="password" type="password" error={submit.error} value={password} onValue={setPassword} autoComplete="new-password" hint={passwordHint} required />
      <div class="actions">
        <button type="submit" disabled={submit.pending}>
          {submit.pending ? 'Creating…' : 'Create account'}
        </button>
      </div>
    </Form>
  );
}

/** `/register`: self-registration, offered only while the instance policy allows it. */
export function RegisterScreen() {
  const next = safeNext(currentUrl.value.searchParams.get('next'));
  const status = useSetupStatus();
  return (
    <section class="narrow-page">
      <h1>Create an account</h1>
      <Loaded state={status}>
        {(s) =>
          s.allowSelfRegistration && !s.requiresSetup ? (
            <>
              <RegisterForm next={next} />
              <p>
                Have an account? <Link href="/sign-in">Sign in</Link>.
              </p>
            </>
          ) : (
            <p>
              This instance does not take registrations. Ask an owner of a workspace for an invitation, or the administrator for an account. <Link href="/sign-in">Sign in</Link>.
            </p>
          )
        }
      </Loaded>
    </section>
  );
}
