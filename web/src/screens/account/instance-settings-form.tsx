import { useState } from 'preact/hooks';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { Form, TextAreaField, TextField } from '../../components/form';
import { Loaded } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import type { InstanceSettings } from './account-api';
import { ifMatch } from './account-api';
import { CheckboxField, CheckboxGroup } from './choice-fields';
import { FormProblem } from './form-problem';
import { settingValue } from './settings-groups';

const providerKinds = ['openai', 'anthropic', 'gemini', 'openai-compatible'] as const;
type ProviderKind = (typeof providerKinds)[number];

function WorkspacesWithViolations({ settings }: { settings: InstanceSettings }) {
  if (settings.workspacesWithPolicyViolations.length === 0) return <p class="hint">No workspace holds a value the policy refuses.</p>;
  return (
    <div class="notice warning">
      <strong>Workspaces with values the policy refuses</strong>
      <ul>
        {settings.workspacesWithPolicyViolations.map((w) => (
          <li key={w.workspaceId}>
            {w.name}: {w.policyViolations.map((v) => `${v.field} (${v.message})`).join('; ')}
          </li>
        ))}
      </ul>
    </div>
  );
}

function InstanceForm({ loaded, onReload, onSaved }: { loaded: InstanceSettings; onReload: () => void; onSaved: () => void }) {
  const [settings, setSettings] = useState(loaded);
  const [allowSelfRegistration, setAllowSelfRegistration] = useState(loaded.policy.allowSelfRegistration);
  const [allowPrivateNetworkUrls, setAllowPrivateNetworkUrls] = useState(loaded.policy.allowPrivateNetworkUrls);
  const [allowSendingPrivateCodeToAi, setAllowSendingPrivateCodeToAi] = useState(loaded.policy.allowSendingPrivateCodeToAi);
  const [kinds, setKinds] = useState<ProviderKind[]>(loaded.policy.allowedAiProviderKinds.filter((k): k is ProviderKind => (providerKinds as readonly string[]).includes(k)));
  const [maxRuns, setMaxRuns] = useState(String(loaded.policy.maxConcurrentStressRuns));
  const [defaults, setDefaults] = useState(JSON.stringify(loaded.defaults, null, 2));
  const [saved, setSaved] = useState(false);
  const submit = useAction(async () => {
    setSaved(false);
    let parsedDefaults: unknown;
    try {
      parsedDefaults = JSON.parse(defaults);
    } catch (cause) {
      throw new ApiError({ type: 'validation_error', title: 'Defaults are not JSON', detail: null, status: 0, errors: [{ field: 'defaults', message: `is not JSON: ${(cause as Error).message}` }] });
    }
    const policy = { allowSelfRegistration, allowPrivateNetworkUrls, allowedAiProviderKinds: kinds, allowSendingPrivateCodeToAi, maxConcurrentStressRuns: settingValue('integer', maxRuns) };
    const next = await call('PUT /api/instance/settings', {}, { body: { policy, defaults: parsedDefaults }, headers: ifMatch(settings.version) });
    setSettings(next);
    setDefaults(JSON.stringify(next.defaults, null, 2));
    setSaved(true);
    onSaved();
  });
  const error = submit.error;
  const policyFields = ['policy.allowSelfRegistration', 'policy.allowPrivateNetworkUrls', 'policy.allowedAiProviderKinds', 'policy.allowSendingPrivateCodeToAi', 'policy.maxConcurrentStressRuns', 'defaults'];
  // Messages on keys inside the defaults document are listed under it: the text area is one field.
  const defaultsErrors = error?.problem.errors.filter((e) => e.field.startsWith('defaults.')) ?? [];
  return (
    <Form label="Instance settings" class="wide-form" onSubmit={() => void submit.run()}>
      <FormProblem error={error} fields={[...policyFields, ...defaultsErrors.map((e) => e.field)]} />
      {error?.status === 409 ? (
        <p>
          <button type="button" class="secondary" onClick={onReload}>
            Load the latest settings
          </button>
        </p>
      ) : null}
      <h3>Policy</h3>
      <CheckboxField label="Anyone may register an account" field="policy.allowSelfRegistration" error={error} checked={allowSelfRegistration} onChecked={setAllowSelfRegistration} hint="Off: accounts come from invitations (and setup)." />
      <CheckboxField label="Settings may name addresses on private networks" field="policy.allowPrivateNetworkUrls" error={error} checked={allowPrivateNetworkUrls} onChecked={setAllowPrivateNetworkUrls} />
      <CheckboxField label="Workspaces may send text of private repositories to AI" field="policy.allowSendingPrivateCodeToAi" error={error} checked={allowSendingPrivateCodeToAi} onChecked={setAllowSendingPrivateCodeToAi} />
      <CheckboxGroup legend="AI provider kinds allowed" field="policy.allowedAiProviderKinds" error={error} options={providerKinds.map((k) => ({ value: k, label: k }))} values={kinds} onValues={setKinds} />
      <TextField label="Stress runs at once" field="policy.maxConcurrentStressRuns" error={error} value={maxRuns} onValue={setMaxRuns} hint="1 to 64, over all workspaces." />
      <h3>Defaults of every workspace</h3>
      <TextAreaField
        label="Defaults (a settings document as JSON)"
        field="defaults"
        error={error}
        value={defaults}
        onValue={setDefaults}
        rows={12}
        spellcheck={false}
        class="code"
        hint="Keys left out take the built-in defaults; workspaces override any key."
      />
      {defaultsErrors.length > 0 ? (
        <ul class="field-error" role="alert" aria-label="Problems in the defaults">
          {defaultsErrors.map((e) => (
            <li key={`${e.field}:${e.message}`}>
              <code>{e.field}</code>: {e.message}
            </li>
          ))}
        </ul>
      ) : null}
      <div class="actions">
        <button type="submit" disabled={submit.pending}>
          {submit.pending ? 'Saving…' : 'Save instance settings'}
        </button>
        {saved ? <span role="status">Saved.</span> : null}
        <span class="hint">Version {settings.version}.</span>
      </div>
      <WorkspacesWithViolations settings={settings} />
    </Form>
  );
}

/** Policy and defaults of the instance (`GET`/`PUT /api/instance/settings`, administrator). */
export function InstanceSettingsSection({ onSaved }: { onSaved: () => void }) {
  const settings = useLoad((signal) => call('GET /api/instance/settings', {}, { signal }), []);
  return (
    <section aria-labelledby="instance-settings">
      <h2 id="instance-settings">Instance settings</h2>
      <Loaded state={settings} label="Loading the instance settings…">
        {(loaded) => <InstanceForm key={loaded.version} loaded={loaded} onReload={settings.reload} onSaved={onSaved} />}
      </Loaded>
    </section>
  );
}
