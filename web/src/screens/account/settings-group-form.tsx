import { useState } from 'preact/hooks';
import { Form } from '../../components/form';
import { useAction } from '../../components/use-load';
import type { WorkspaceSettings } from './account-api';
import { FormProblem } from './form-problem';
import { fieldMessages, SettingField } from './settings-fields';
import type { SettingsGroup } from './settings-groups';
import { hasValueAt, sameValue, settingText, valueAt, settingValue, withValueAt } from './settings-groups';

export type SaveOverrides = (overrides: Record<string, unknown>) => Promise<void>;

/** What a field starts with: the workspace's stored value when it has one (even one the policy refuses), else the instance default. */
function initialValues(group: SettingsGroup, view: WorkspaceSettings): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const key of group.keys) {
    const stored = hasValueAt(view.overrides, key.path) ? valueAt(view.overrides, key.path) : valueAt(view.defaults, key.path);
    values[key.path] = key.kind === 'boolean' ? stored === true : settingText(key.kind, stored);
  }
  return values;
}

/**
 * The overrides after saving this group: every other key as stored; each key
 * of the group set when it differs from the instance default, left out (so it
 * follows the default) when it equals it.
 */
export function overridesWithGroup(group: SettingsGroup, view: WorkspaceSettings, values: Record<string, string | boolean>): Record<string, unknown> {
  let overrides: Record<string, unknown> = view.overrides;
  for (const key of group.keys) {
    const value = settingValue(key.kind, values[key.path] ?? '');
    overrides = withValueAt(overrides, key.path, sameValue(value, valueAt(view.defaults, key.path)) ? undefined : value);
  }
  return overrides;
}

/** One settings group as its own form: saving it keeps every other group's stored values. */
export function SettingsGroupForm({ group, view, canEdit, save, onReload }: { group: SettingsGroup; view: WorkspaceSettings; canEdit: boolean; save: SaveOverrides; onReload: () => void }) {
  const [values, setValues] = useState(() => initialValues(group, view));
  const [saved, setSaved] = useState(false);
  const submit = useAction(async () => {
    setSaved(false);
    await save(overridesWithGroup(group, view, values));
    setSaved(true);
  });
  const error = fieldMessages(submit.error, view.policyViolations);
  const headingId = `settings-${group.id}`;
  return (
    <section class="settings-group" aria-labelledby={headingId}>
      <h2 id={headingId}>{group.title}</h2>
      <Form label={group.title} onSubmit={() => void submit.run()}>
        <FormProblem error={submit.error} fields={group.keys.map((k) => k.path)} />
        {submit.error?.status === 409 ? (
          <p>
            <button type="button" class="secondary" onClick={onReload}>
              Load the latest settings
            </button>
          </p>
        ) : null}
        <fieldset class="plain" disabled={!canEdit}>
          {group.keys.map((key) => (
            <SettingField
              key={key.path}
              setting={key}
              value={values[key.path] ?? ''}
              onValue={(value) => setValues((all) => ({ ...all, [key.path]: value }))}
              defaultValue={valueAt(view.defaults, key.path)}
              overridden={hasValueAt(view.overrides, key.path)}
              error={error}
            />
          ))}
        </fieldset>
        {canEdit ? (
          <div class="actions">
            <button type="submit" disabled={submit.pending}>
              {submit.pending ? 'Saving…' : `Save ${group.title.toLowerCase()}`}
            </button>
            {saved ? <span role="status">Saved.</span> : null}
          </div>
        ) : null}
      </Form>
    </section>
  );
}
