import { ApiError } from '../../api/client';
import { SelectField, TextAreaField, TextField } from '../../components/form';
import type { FieldMessage } from './account-api';
import { CheckboxField } from './choice-fields';
import type { SettingKey } from './settings-groups';
import { settingText } from './settings-groups';

/**
 * The messages a settings field shows beside it: the last save's errors
 * first, then the stored values the instance policy refuses (they are kept,
 * but do not apply until changed).
 */
export function fieldMessages(saveError: ApiError | undefined, violations: readonly FieldMessage[]): ApiError | undefined {
  const errors = [...(saveError?.problem.errors ?? []), ...violations.map((v) => ({ field: v.field, message: `refused by the instance policy: ${v.message}` }))];
  if (errors.length === 0) return saveError;
  return new ApiError({ ...(saveError?.problem ?? { type: 'policy_violation', title: 'Policy violations', detail: null, status: 0 }), errors });
}

/** "Instance default: …" for a key, so a person sees what leaving it returns to. */
function defaultHint(key: SettingKey, defaultValue: unknown, overridden: boolean): string {
  const shown = defaultValue === null || defaultValue === undefined || defaultValue === '' || (Array.isArray(defaultValue) && defaultValue.length === 0) ? 'none' : key.kind === 'list' ? (defaultValue as unknown[]).join(', ') : String(defaultValue);
  return `${key.hint} Instance default: ${shown}.${overridden ? ' Set for this workspace.' : ''}`;
}

/** One key of a settings group as the control its kind needs. */
export function SettingField({
  setting,
  value,
  onValue,
  defaultValue,
  overridden,
  error,
}: {
  setting: SettingKey;
  value: string | boolean;
  onValue: (value: string | boolean) => void;
  defaultValue: unknown;
  overridden: boolean;
  error: ApiError | undefined;
}) {
  const hint = defaultHint(setting, defaultValue, overridden);
  const { kind, path, label } = setting;
  if (kind === 'boolean') return <CheckboxField label={label} field={path} error={error} hint={hint} checked={value === true} onChecked={onValue} />;
  const text = typeof value === 'string' ? value : settingText(kind, value);
  if (typeof kind === 'object') {
    return <SelectField label={label} field={path} error={error} hint={hint} value={text} onValue={onValue} options={kind.choices.map((c) => ({ value: c, label: c }))} />;
  }
  if (kind === 'list') return <TextAreaField label={label} field={path} error={error} hint={hint} value={text} onValue={onValue} rows={4} spellcheck={false} />;
  return <TextField label={label} field={path} type={kind === 'url' || kind === 'url-or-null' ? 'url' : 'text'} error={error} hint={hint} value={text} onValue={onValue} spellcheck={false} />;
}
