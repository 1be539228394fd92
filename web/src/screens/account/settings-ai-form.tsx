import { useState } from 'preact/hooks';
import { Form, SelectField, TextField } from '../../components/form';
import { useAction } from '../../components/use-load';
import { workspacePath } from '../../navigation';
import { Link } from '../../router';
import type { WorkspaceSettings } from './account-api';
import { CheckboxField } from './choice-fields';
import { FormProblem } from './form-problem';
import { fieldMessages } from './settings-fields';
import type { SaveOverrides } from './settings-group-form';
import { hasValueAt, sameValue, valueAt, settingValue, withValueAt } from './settings-groups';

const providerKinds = ['openai', 'anthropic', 'gemini', 'openai-compatible'] as const;
const tasks = [
  { task: 'inferArchitecture', label: 'Group imported facts into services' },
  { task: 'proposeFlow', label: 'Turn a written request into a proposal' },
  { task: 'critique', label: 'Design questions (review)' },
  { task: 'explain', label: 'Explain part of the model' },
] as const;

/** A provider entry as the form edits it: text for every typed value, so a wrong one reaches the service and comes back with its message. */
interface ProviderDraft {
  id: string;
  kind: string;
  name: string;
  model: string;
  baseUrl: string;
  enabled: boolean;
  supportsStructuredOutput: boolean;
  supportsStreaming: boolean;
  temperature: string;
  timeoutSeconds: string;
  monthlyBudgetUsd: string;
  requestsPerMinute: string;
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function draftOf(provider: Record<string, unknown>): ProviderDraft {
  return {
    id: text(provider.id),
    kind: text(provider.kind) || 'openai',
    name: text(provider.name),
    model: text(provider.model),
    baseUrl: text(provider.baseUrl),
    enabled: provider.enabled !== false,
    supportsStructuredOutput: provider.supportsStructuredOutput !== false,
    supportsStreaming: provider.supportsStreaming !== false,
    temperature: text(provider.temperature),
    timeoutSeconds: text(provider.timeoutSeconds ?? 60),
    monthlyBudgetUsd: text(provider.monthlyBudgetUsd),
    requestsPerMinute: text(provider.requestsPerMinute),
  };
}

function providerOf(draft: ProviderDraft): Record<string, unknown> {
  return {
    id: draft.id,
    kind: draft.kind,
    name: draft.name,
    model: draft.model,
    baseUrl: draft.baseUrl.trim(),
    enabled: draft.enabled,
    supportsStructuredOutput: draft.supportsStructuredOutput,
    supportsStreaming: draft.supportsStreaming,
    temperature: settingValue('number-or-null', draft.temperature),
    timeoutSeconds: settingValue('integer', draft.timeoutSeconds),
    monthlyBudgetUsd: settingValue('number-or-null', draft.monthlyBudgetUsd),
    requestsPerMinute: settingValue('number-or-null', draft.requestsPerMinute),
  };
}

/** A version 4 UUID from the browser's random source (crypto.randomUUID needs a secure context; this does not). */
function newProviderId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** None, the enabled providers, and a stored choice that is none of them (so the form shows what is stored, and the service says why it is wrong). */
function routingOptions(routable: ProviderDraft[], current: string) {
  const options = [{ value: '', label: 'None (off)' }, ...routable.map((p) => ({ value: p.id, label: `${p.name} (${p.kind})` }))];
  if (current !== '' && !options.some((o) => o.value === current)) options.push({ value: current, label: `${current} (not an enabled provider)` });
  return options;
}

function storedOrDefault(view: WorkspaceSettings, path: string): unknown {
  return hasValueAt(view.overrides, path) ? valueAt(view.overrides, path) : valueAt(view.defaults, path);
}

function ProviderFields({ draft, index, error, onChange, onRemove }: { draft: ProviderDraft; index: number; error: ReturnType<typeof fieldMessages>; onChange: (draft: ProviderDraft) => void; onRemove: () => void }) {
  const path = (key: string) => `ai.providers[${index}].${key}`;
  const set = (key: keyof ProviderDraft) => (value: string | boolean) => onChange({ ...draft, [key]: value });
  return (
    <fieldset class="provider">
      <legend>{draft.name || `Provider ${index + 1}`}</legend>
      <p class="hint">
        ID <code>{draft.id}</code>; its API key is the credential <code>ai:{draft.id}:apiKey</code>.
      </p>
      <div class="field-row">
        <SelectField label="Kind" field={path('kind')} error={error} value={draft.kind} onValue={set('kind')} options={providerKinds.map((k) => ({ value: k, label: k }))} />
        <TextField label="Name" field={path('name')} error={error} value={draft.name} onValue={set('name')} />
        <TextField label="Model" field={path('model')} error={error} value={draft.model} onValue={set('model')} spellcheck={false} />
      </div>
      <TextField label="Address" field={path('baseUrl')} type="url" error={error} value={draft.baseUrl} onValue={set('baseUrl')} hint="Empty: the kind’s public address. openai-compatible needs one." spellcheck={false} />
      <div class="field-row">
        <TextField label="Temperature" field={path('temperature')} error={error} value={draft.temperature} onValue={set('temperature')} hint="Empty or 0 to 2." />
        <TextField label="Timeout (seconds)" field={path('timeoutSeconds')} error={error} value={draft.timeoutSeconds} onValue={set('timeoutSeconds')} hint="1 to 600." />
        <TextField label="Monthly budget (USD)" field={path('monthlyBudgetUsd')} error={error} value={draft.monthlyBudgetUsd} onValue={set('monthlyBudgetUsd')} hint="Empty: no limit." />
        <TextField label="Requests per minute" field={path('requestsPerMinute')} error={error} value={draft.requestsPerMinute} onValue={set('requestsPerMinute')} hint="Empty: no limit." />
      </div>
      <CheckboxField label="Enabled" field={path('enabled')} error={error} checked={draft.enabled} onChecked={set('enabled')} />
      <CheckboxField label="Accepts a JSON schema for its answer" field={path('supportsStructuredOutput')} error={error} checked={draft.supportsStructuredOutput} onChecked={set('supportsStructuredOutput')} />
      <CheckboxField label="Can stream" field={path('supportsStreaming')} error={error} checked={draft.supportsStreaming} onChecked={set('supportsStreaming')} />
      <button type="button" class="secondary" onClick={onRemove}>
        Remove {draft.name || `provider ${index + 1}`}
      </button>
    </fieldset>
  );
}

/** The `ai` section: the providers (at most 20) and which provider serves each task. */
export function SettingsAiForm({ workspaceId, view, canEdit, save, onReload }: { workspaceId: string; view: WorkspaceSettings; canEdit: boolean; save: SaveOverrides; onReload: () => void }) {
  const [providers, setProviders] = useState<ProviderDraft[]>(() => ((storedOrDefault(view, 'ai.providers') as Record<string, unknown>[] | undefined) ?? []).map(draftOf));
  const [routing, setRouting] = useState<Record<string, string>>(() => Object.fromEntries(tasks.map(({ task }) => [task, text(storedOrDefault(view, `ai.taskRouting.${task}`))])));
  const [saved, setSaved] = useState(false);
  const submit = useAction(async () => {
    setSaved(false);
    const list = providers.map(providerOf);
    let overrides = withValueAt(view.overrides, 'ai.providers', sameValue(list, valueAt(view.defaults, 'ai.providers')) ? undefined : list);
    for (const { task } of tasks) {
      const path = `ai.taskRouting.${task}`;
      const value = routing[task] ? routing[task] : null;
      overrides = withValueAt(overrides, path, sameValue(value, valueAt(view.defaults, path)) ? undefined : value);
    }
    await save(overrides);
    setSaved(true);
  });
  const error = fieldMessages(submit.error, view.policyViolations);
  const fields = [...providers.flatMap((_, i) => Object.keys(providers[i]!).map((key) => `ai.providers[${i}].${key}`)), ...tasks.map(({ task }) => `ai.taskRouting.${task}`), 'ai.providers'];
  const routable = providers.filter((p) => p.enabled && p.name.trim() !== '');
  return (
    <section class="settings-group" aria-labelledby="settings-ai">
      <h2 id="settings-ai">AI providers</h2>
      <Form label="AI providers" onSubmit={() => void submit.run()} class="wide-form">
        <FormProblem error={submit.error} fields={fields} />
        {submit.error?.status === 409 ? (
          <p>
            <button type="button" class="secondary" onClick={onReload}>
              Load the latest settings
            </button>
          </p>
        ) : null}
        <fieldset class="plain" disabled={!canEdit}>
          {providers.length === 0 ? <p class="hint">No AI provider: AI features are off for this workspace.</p> : null}
          {providers.map((draft, index) => (
            <ProviderFields
              key={draft.id}
              draft={draft}
              index={index}
              error={error}
              onChange={(changed) => setProviders((list) => list.map((p, i) => (i === index ? changed : p)))}
              onRemove={() => setProviders((list) => list.filter((_, i) => i !== index))}
            />
          ))}
          <p>
            <button type="button" class="secondary" onClick={() => setProviders((list) => [...list, draftOf({ id: newProviderId(), kind: 'openai' })])} disabled={providers.length >= 20}>
              Add a provider
            </button>
          </p>
          <h3>Which provider serves each task</h3>
          {tasks.map(({ task, label }) => (
            <SelectField
              key={task}
              label={label}
              field={`ai.taskRouting.${task}`}
              error={error}
              value={routing[task] ?? ''}
              onValue={(value) => setRouting((all) => ({ ...all, [task]: value }))}
              options={routingOptions(routable, routing[task] ?? '')}
            />
          ))}
        </fieldset>
        {canEdit ? (
          <div class="actions">
            <button type="submit" disabled={submit.pending}>
              {submit.pending ? 'Saving…' : 'Save AI providers'}
            </button>
            {saved ? <span role="status">Saved.</span> : null}
          </div>
        ) : null}
        <p class="hint">
          API keys are credentials: set them under <Link href={workspacePath(workspaceId, 'secrets')}>Credentials</Link> once the provider is saved.
        </p>
      </Form>
    </section>
  );
}
