import { useState } from 'preact/hooks';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { Form, TextField } from '../../components/form';
import { Loaded } from '../../components/status';
import { useAction } from '../../components/use-load';
import { Link, navigate } from '../../router';
import { refreshMe } from '../../session';
import type { SetupStatus, } from './account-api';
import { asFieldError, FormProblem } from './form-problem';
import { passwordHint } from './password-hint';
import { useSetupStatus } from './use-setup-status';

const fields = ['setupToken', 'name', 'email', 'password'] as const;

/** Where the setup code is, as part 2 "Authentication" tells it for each hint. */
function WhereTheCodeIs({ hint }: { hint: SetupStatus['setupTokenHint'] }) {
  if (hint === 'operator') {
    return (
      <div class="notice">
        <p>
          This instance takes the setup token its operator chose: the value of the environment variable <code>Svc__SetupToken</code> the service was started with.
        </p>
      </div>
    );
  }
  return (
    <div class="notice">
      <p>The service made a one-time setup code when it first started. You find it in either place:</p>
      <ul>
        <li>
          the service's console output, on the line containing <code>SVC SETUP CODE:</code>, or
        </li>
        <li>
          the file <code>setup-code</code> in the service's data directory (<code>&lt;data&gt;/setup-code</code>, <code>./data/setup-code</code> unless <code>Svc__DataDirectory</code> says otherwise). Only the account the service runs as can read it,
          and it is deleted when setup completes.
        </li>
      </ul>
    </div>
  );
}

function SetupForm({ status }: { status: SetupStatus }) {
  const [setupToken, setSetupToken] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = useAction(async () => {
    try {
      await call('POST /api/setup', {}, { body: { setupToken, email, password, name } });
    } catch (cause) {
      // A wrong code is a 403 naming no field; its message belongs beside the code.
      if (cause instanceof ApiError && cause.status === 403) throw asFieldError(cause, 'setupToken');
      throw cause;
    }
    await refreshMe();
    navigate('/', { replace: true });
  });
  const error = submit.error;
  return (
    <Form label="First-run setup" onSubmit={() => void submit.run()}>
      <FormProblem error={error} fields={fields} />
      <TextField
        label={status.setupTokenHint === 'operator' ? 'Setup token' : 'Setup code'}
        field="setupToken"
        error={error}
        value={setupToken}
        onValue={setSetupToken}
        autoComplete="off"
        spellcheck={false}
        required
      />
      <TextField label="Your name" field="name" error={error} value={name} onValue={setName} autoComplete="name" required />
      <TextField label="E-mail address" field="email" type="email" error={error} value={email} onValue={setEmail} autoComplete="email" required />
      <TextField label="Password" field="password" type="password" error={error} value={password} onValue={setPassword} autoComplete="new-password" hint={passwordHint} required />
      <div class="actions">
        <button type="submit" disabled={submit.pending}>
          {submit.pending ? 'Setting up…' : 'Create the administrator account'}
        </button>
      </div>
    </Form>
  );
}

/** `/setup`: the first account of the instance, its administrator, with the proof of operating it. */
export function SetupScreen() {
  const status = useSetupStatus();
  return (
    <section class="narrow-page">
      <h1>Set up svc</h1>
      <Loaded state={status} label="Checking whether setup is due…">
        {(s) =>
          s.requiresSetup ? (
            <>
              <p>This instance has no account yet. The first account becomes the instance administrator and owns a first workspace named Default.</p>
              <WhereTheCodeIs hint={s.setupTokenHint} />
              <SetupForm status={s} />
            </>
          ) : (
            <p>
              Setup is done: this instance has accounts. <Link href="/sign-in">Sign in</Link>.
            </p>
          )
        }
      </Loaded>
    </section>
  );
}
