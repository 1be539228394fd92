/**
 * The groups of the workspace settings form, one per section of part 2
 * "Settings document" (the git hosts share one), with each key's label,
 * kind and rule as the spec states it. `ai` has a form of its own
 * (settings-ai-form.tsx): its providers are a list of objects.
 */

export type SettingKind = 'integer' | 'number' | 'number-or-null' | 'text' | 'url' | 'url-or-null' | 'boolean' | 'list' | { choices: readonly string[] };

export interface SettingKey {
  /** Path in the document, e.g. `import.maxFiles`; also the API's `errors[].field`. */
  path: string;
  label: string;
  kind: SettingKind;
  hint: string;
}

export interface SettingsGroup {
  id: string;
  title: string;
  keys: readonly SettingKey[];
}

export const settingsGroups: readonly SettingsGroup[] = [
  {
    id: 'hosts',
    title: 'Git hosts',
    keys: [
      { path: 'github.apiBaseUrl', label: 'GitHub API address', kind: 'url', hint: 'Change only for GitHub Enterprise Server.' },
      { path: 'github.defaultRef', label: 'GitHub branch or tag read by default', kind: 'text', hint: 'Empty: the repository’s default branch. No white space, at most 255 characters.' },
      { path: 'gitlab.apiBaseUrl', label: 'GitLab API address', kind: 'url', hint: 'Empty turns GitLab off.' },
      { path: 'bitbucket.apiBaseUrl', label: 'Bitbucket Cloud API address', kind: 'url', hint: 'Empty turns Bitbucket off.' },
      { path: 'azureDevOps.apiBaseUrl', label: 'Azure DevOps address', kind: 'url', hint: 'Empty turns Azure DevOps off.' },
    ],
  },
  {
    id: 'import',
    title: 'Imports and scans',
    keys: [
      { path: 'import.maxFiles', label: 'Files per scan', kind: 'integer', hint: '1 to 100000.' },
      { path: 'import.maxFileBytes', label: 'Largest file read (bytes)', kind: 'integer', hint: '1 to 16777216.' },
      { path: 'import.maxTotalBytes', label: 'Bytes read per scan', kind: 'integer', hint: '1 to 1073741824, and not less than the largest file.' },
      { path: 'import.excludeGlobs', label: 'Paths left out (one pattern a line)', kind: 'list', hint: 'At most 100 patterns of 1 to 200 characters, e.g. **/node_modules/**.' },
      { path: 'import.maxArchiveBytes', label: 'Largest expanded archive (bytes)', kind: 'integer', hint: '1048576 to 4294967296; a larger archive is refused whole.' },
    ],
  },
  {
    id: 'cost',
    title: 'Costs',
    keys: [
      { path: 'cost.provider', label: 'Cloud provider', kind: 'text', hint: 'At most 100 characters; stored only.' },
      { path: 'cost.region', label: 'Region', kind: 'text', hint: 'At most 100 characters; stored only.' },
      { path: 'cost.currency', label: 'Currency', kind: 'text', hint: 'Three upper-case letters, e.g. USD. No conversion between currencies.' },
      { path: 'cost.azurePricesBaseUrl', label: 'Azure Retail Prices API address', kind: 'url', hint: 'Empty turns the price search off; no credential is sent.' },
      { path: 'cost.stalePriceAfterDays', label: 'A price is stale after (days)', kind: 'integer', hint: '1 to 3650.' },
    ],
  },
  {
    id: 'simulation',
    title: 'Load simulation',
    keys: [
      { path: 'simulation.seed', label: 'Seed', kind: 'integer', hint: '0 to 2147483647; start value of a new stress profile.' },
      { path: 'simulation.durationSeconds', label: 'Duration (seconds)', kind: 'integer', hint: '1 to 3600.' },
      { path: 'simulation.warmUpSeconds', label: 'Warm-up (seconds)', kind: 'integer', hint: '0 or more, and less than the duration.' },
      { path: 'simulation.arrivalRatePerSecond', label: 'Arrivals per second', kind: 'number', hint: 'Above 0 and at most 100000.' },
    ],
  },
  {
    id: 'privacy-usage',
    title: 'Privacy and usage',
    keys: [
      { path: 'privacy.sendPrivateCodeToAi', label: 'Send text of private repositories to AI providers', kind: 'boolean', hint: 'Only when the instance policy allows it.' },
      { path: 'usage.monthlyAiBudgetUsd', label: 'Monthly AI budget (USD)', kind: 'number-or-null', hint: 'Empty: no limit. 0 to 1000000, over all providers per calendar month.' },
      { path: 'usage.maxScansPerDay', label: 'Scans per day', kind: 'integer', hint: '0 to 10000.' },
    ],
  },
  {
    id: 'notifications',
    title: 'Notifications',
    keys: [{ path: 'notifications.webhookUrl', label: 'Webhook address', kind: 'url-or-null', hint: 'Receives comment events. Empty: none.' }],
  },
  {
    id: 'sharing',
    title: 'Sharing',
    keys: [
      { path: 'sharing.linkPolicy', label: 'Share links', kind: { choices: ['off', 'password-only', 'public'] }, hint: 'off: no link answers; password-only: a link without a password answers 404; public: every link not revoked or expired.' },
      { path: 'sharing.embedHosts', label: 'Sites that may frame shared pages (one origin a line)', kind: 'list', hint: 'At most 20 origins such as https://wiki.example.com or https://*.example.com. Empty: none.' },
    ],
  },
];

/** The value at a path such as `import.maxFiles` (`undefined` when absent). */
export function valueAt(document: Record<string, unknown> | undefined, path: string): unknown {
  let value: unknown = document;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** Whether a path has a value in a partial document (an override or a stored default). */
export function hasValueAt(document: Record<string, unknown> | undefined, path: string): boolean {
  return valueAt(document, path) !== undefined;
}

/** A copy of `document` with `path` set to `value`, or removed when `value` is undefined; emptied sections go. */
export function withValueAt(document: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  const copy: Record<string, unknown> = { ...document };
  if (rest.length === 0) {
    if (value === undefined) delete copy[head!];
    else copy[head!] = value;
    return copy;
  }
  const inner = copy[head!];
  const next = withValueAt(inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Record<string, unknown>) : {}, rest.join('.'), value);
  if (Object.keys(next).length === 0) delete copy[head!];
  else copy[head!] = next;
  return copy;
}

export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The text a form field shows for a stored value. */
export function settingText(kind: SettingKind, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (kind === 'list') return Array.isArray(value) ? value.join('\n') : '';
  return String(value);
}

/**
 * The value a form field stands for. A number field that does not hold a
 * number is sent as typed, so the service's message for the field says what
 * is wrong, beside it.
 */
export function settingValue(kind: SettingKind, text: string | boolean): unknown {
  if (typeof text === 'boolean') return text;
  const trimmed = text.trim();
  switch (kind) {
    case 'integer':
    case 'number':
    case 'number-or-null': {
      if (trimmed === '') return kind === 'number-or-null' ? null : '';
      const number = Number(trimmed);
      return Number.isFinite(number) ? number : trimmed;
    }
    case 'url-or-null':
      return trimmed === '' ? null : trimmed;
    case 'url':
      return trimmed;
    case 'list':
      return text
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '');
    default:
      return text;
  }
}
