/**
 * The settings document of part 2 "Settings document": one zod schema per
 * key with its range and rule, the built-in defaults per profile, and the
 * instance policy. Real product names replace the spec's stand-ins
 * (docs/decisions.md "Products behind the stand-in names").
 */
import { z } from 'zod';
import { aiProviderKinds, aiTasks, type AiProvider, type InstancePolicy, type PartialSettings, type SettingsDocument } from '../../../contracts/settings';
import type { Profile } from '../../platform/config/service-config';
import { builtInScanLimits } from '../../core/extract/scan-limits';
import { hasControlCharacter, hasInvalidUnicode, isGuid } from '../../platform/text/text-rules';

export { aiProviderKinds, aiTasks } from '../../../contracts/settings';
export type { AiProvider, AiProviderKind, InstancePolicy, PartialSettings, SettingsDocument } from '../../../contracts/settings';

const emptyGuid = '00000000-0000-0000-0000-000000000000';

/** Settings text values: no control characters, valid Unicode (part 2 "Limits"). */
function settingsText(max: number) {
  return z
    .string()
    .max(max, `must have at most ${max} characters`)
    .refine((text) => !hasControlCharacter(text), 'must not contain control characters')
    .refine((text) => !hasInvalidUnicode(text), 'must be valid Unicode');
}

function wholeNumber(min: number, max: number) {
  return z.int(`must be a whole number from ${min} to ${max}`).min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);
}

function amount(min: number, max: number) {
  return z.number(`must be a number from ${min} to ${max}`).min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);
}

/** A URL key's text; the URL rules proper (scheme, user info, private hosts) are in settings-url-rules.ts. */
export const settingsUrlText = settingsText(2000);

// overwrite, not transform: the lower-cased ID keeps the type, so the schema has a JSON Schema (docs/openapi.md).
const guidOrNull = z.string().refine(isGuid, 'must be a GUID').overwrite((id) => id.toLowerCase()).nullable();

export const aiProviderSchema = z
  .strictObject({
    id: z
      .string()
      .refine(isGuid, 'must be a GUID')
      .overwrite((id) => id.toLowerCase())
      .refine((id) => id !== emptyGuid, 'must not be the empty GUID'),
    kind: z.enum(aiProviderKinds, `must be one of ${aiProviderKinds.join(', ')}`),
    name: settingsText(100).min(1, 'must not be empty'),
    model: settingsText(200),
    baseUrl: settingsUrlText.default(''),
    enabled: z.boolean('must be true or false').default(true),
    supportsStructuredOutput: z.boolean('must be true or false').default(true),
    supportsStreaming: z.boolean('must be true or false').default(true),
    temperature: amount(0, 2).nullable().default(null),
    timeoutSeconds: wholeNumber(1, 600).default(60),
    monthlyBudgetUsd: amount(0, 1_000_000).nullable().default(null),
    requestsPerMinute: wholeNumber(1, 100_000).nullable().default(null),
  })
  .superRefine((provider, ctx) => {
    if (provider.enabled && provider.model.trim() === '') ctx.addIssue({ code: 'custom', path: ['model'], message: 'an enabled provider needs a model' });
    if (provider.kind === 'openai-compatible' && provider.baseUrl === '') ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: 'an openai-compatible provider needs a URL' });
  }) satisfies z.ZodType<AiProvider>;

const providerList = z
  .array(aiProviderSchema, 'must be a list of providers')
  .max(20, 'must hold at most 20 providers')
  .superRefine((providers, ctx) => {
    const seen = new Set<string>();
    providers.forEach((provider, index) => {
      if (seen.has(provider.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'must be unique in the list' });
      seen.add(provider.id);
    });
  });

const taskRoutingKeys = { inferArchitecture: guidOrNull, proposeFlow: guidOrNull, critique: guidOrNull, explain: guidOrNull };

const optionalUrl = settingsUrlText;

const globList = z
  .array(settingsText(200).min(1, 'must not be empty'), 'must be a list of patterns')
  .max(100, 'must hold at most 100 patterns');

/** `scheme://host[:port]`, the host optionally starting `*.`, no path (part 2 `sharing.embedHosts`). */
const embedOrigin = settingsText(300).refine(
  (text) => /^(https?):\/\/(\*\.)?[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*(:[0-9]{1,5})?$/.test(text),
  'must be an origin: scheme, host (optionally starting *.), optional port, no path',
);

/** Every key of one section, as a schema of its full value. */
export const sectionKeys = {
  ai: { providers: providerList },
  github: { apiBaseUrl: optionalUrl, defaultRef: settingsText(255).refine((ref) => !/\s/.test(ref), 'must not contain white space') },
  gitlab: { apiBaseUrl: optionalUrl },
  bitbucket: { apiBaseUrl: optionalUrl },
  azureDevOps: { apiBaseUrl: optionalUrl },
  import: {
    maxFiles: wholeNumber(1, 100_000),
    maxFileBytes: wholeNumber(1, 16_777_216),
    maxTotalBytes: wholeNumber(1, 1_073_741_824),
    excludeGlobs: globList,
    maxArchiveBytes: wholeNumber(1_048_576, 4_294_967_296),
  },
  cost: {
    provider: settingsText(100),
    region: settingsText(100),
    currency: z.string('must be a string').regex(/^[A-Z]{3}$/, 'must be three upper-case letters A to Z'),
    azurePricesBaseUrl: optionalUrl,
    stalePriceAfterDays: wholeNumber(1, 3650),
  },
  simulation: {
    seed: wholeNumber(0, 2_147_483_647),
    durationSeconds: wholeNumber(1, 3600),
    warmUpSeconds: wholeNumber(0, 3599),
    arrivalRatePerSecond: z.number('must be a number above 0 and at most 100000').gt(0, 'must be above 0').max(100_000, 'must be at most 100000'),
  },
  privacy: { sendPrivateCodeToAi: z.boolean('must be true or false') },
  usage: { monthlyAiBudgetUsd: amount(0, 1_000_000).nullable(), maxScansPerDay: wholeNumber(0, 10_000) },
  notifications: { webhookUrl: optionalUrl.nullable() },
  sharing: {
    linkPolicy: z.enum(['off', 'password-only', 'public'], 'must be off, password-only or public'),
    embedHosts: z.array(embedOrigin, 'must be a list of origins').max(20, 'must hold at most 20 origins'),
  },
};

function partialSection<T extends Record<string, z.ZodType>>(keys: T) {
  return z.strictObject(Object.fromEntries(Object.entries(keys).map(([key, schema]) => [key, schema.optional()])) as { [K in keyof T]: z.ZodOptional<T[K]> }, 'must be an object');
}

/**
 * A partial settings document: what instance `defaults` and workspace
 * `overrides` hold. Every key may be left out; unknown fields are refused;
 * null only where the key's type allows it. Rules between keys are checked on
 * the effective document (`settingsDocumentProblems`).
 */
export const partialSettingsSchema = z.strictObject(
  {
    ai: z
      .strictObject({ providers: providerList.optional(), taskRouting: partialSection(taskRoutingKeys).optional() }, 'must be an object')
      .optional(),
    github: partialSection(sectionKeys.github).optional(),
    gitlab: partialSection(sectionKeys.gitlab).optional(),
    bitbucket: partialSection(sectionKeys.bitbucket).optional(),
    azureDevOps: partialSection(sectionKeys.azureDevOps).optional(),
    import: partialSection(sectionKeys.import).optional(),
    cost: partialSection(sectionKeys.cost).optional(),
    simulation: partialSection(sectionKeys.simulation).optional(),
    privacy: partialSection(sectionKeys.privacy).optional(),
    usage: partialSection(sectionKeys.usage).optional(),
    notifications: partialSection(sectionKeys.notifications).optional(),
    sharing: partialSection(sectionKeys.sharing).optional(),
  },
  'must be an object',
) satisfies z.ZodType<PartialSettings>;

/** The built-in defaults of part 2 "Settings document"; a key left out of the instance defaults takes these. */
export function builtInSettings(profile: Profile): SettingsDocument {
  return {
    ai: { providers: [], taskRouting: { inferArchitecture: null, proposeFlow: null, critique: null, explain: null } },
    github: { apiBaseUrl: 'https://api.github.com', defaultRef: '' },
    gitlab: { apiBaseUrl: 'https://gitlab.com/api/v4' },
    bitbucket: { apiBaseUrl: 'https://api.bitbucket.org/2.0' },
    azureDevOps: { apiBaseUrl: 'https://dev.azure.com' },
    import: {
      ...builtInScanLimits,
      excludeGlobs: ['**/node_modules/**', '**/vendor/**', '**/bin/**', '**/obj/**', '**/*.min.*'],
      maxArchiveBytes: 268_435_456,
    },
    cost: { provider: '', region: '', currency: 'USD', azurePricesBaseUrl: 'https://prices.azure.com/api/retail/prices', stalePriceAfterDays: 90 },
    simulation: { seed: 1, durationSeconds: 300, warmUpSeconds: 5, arrivalRatePerSecond: 10 },
    privacy: { sendPrivateCodeToAi: false },
    usage: { monthlyAiBudgetUsd: null, maxScansPerDay: 20 },
    notifications: { webhookUrl: null },
    sharing: { linkPolicy: profile === 'hosted' ? 'password-only' : 'public', embedHosts: [] },
  };
}

/**
 * Rules between keys, checked on an effective document (part 2: maxTotalBytes
 * not below maxFileBytes, warm-up shorter than the duration, a task routed to
 * an enabled provider, github.apiBaseUrl never empty).
 */
export function settingsDocumentProblems(document: SettingsDocument): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (document.import.maxTotalBytes < document.import.maxFileBytes) problems.push({ field: 'import.maxTotalBytes', message: 'must not be less than import.maxFileBytes' });
  if (document.simulation.warmUpSeconds >= document.simulation.durationSeconds) problems.push({ field: 'simulation.warmUpSeconds', message: 'must be less than simulation.durationSeconds' });
  if (document.github.apiBaseUrl === '') problems.push({ field: 'github.apiBaseUrl', message: 'must be a URL' });
  const enabled = new Set(document.ai.providers.filter((p) => p.enabled).map((p) => p.id));
  for (const task of aiTasks) {
    const id = document.ai.taskRouting[task];
    if (id !== null && !enabled.has(id)) problems.push({ field: `ai.taskRouting.${task}`, message: 'must be null or the ID of an enabled provider' });
  }
  return problems;
}

/** The instance policy (part 2 "Instance policy"); instance-only keys. */
export const instancePolicySchema = z.strictObject(
  {
    allowSelfRegistration: z.boolean('must be true or false'),
    allowPrivateNetworkUrls: z.boolean('must be true or false'),
    allowedAiProviderKinds: z
      .array(z.enum(aiProviderKinds, `must be one of ${aiProviderKinds.join(', ')}`), 'must be a list of provider kinds')
      .refine((kinds) => new Set(kinds).size === kinds.length, 'must not repeat a kind'),
    allowSendingPrivateCodeToAi: z.boolean('must be true or false'),
    maxConcurrentStressRuns: wholeNumber(1, 64).default(4),
  },
  'must be an object',
) satisfies z.ZodType<InstancePolicy>;

/** Body of PUT /api/instance/settings: exactly `policy` and `defaults`. */
export const instanceSettingsBody = z.strictObject({ policy: instancePolicySchema, defaults: partialSettingsSchema }, 'must be an object');

/** Built-in policy per profile: what applies until an administrator saves one. */
export function builtInPolicy(profile: Profile): InstancePolicy {
  return {
    allowSelfRegistration: profile === 'hosted',
    allowPrivateNetworkUrls: profile === 'local',
    allowedAiProviderKinds: [...aiProviderKinds],
    allowSendingPrivateCodeToAi: profile === 'local',
    maxConcurrentStressRuns: 4,
  };
}

/** The URL keys of a settings document, as field paths with their values (part 2 "URL rules"). */
export function settingsUrls(document: PartialSettings): { field: string; url: string; resolveOnSave: boolean }[] {
  const urls: { field: string; url: string; resolveOnSave: boolean }[] = [];
  const add = (field: string, url: string | null | undefined, resolveOnSave = true) => {
    if (url !== undefined && url !== null && url !== '') urls.push({ field, url, resolveOnSave });
  };
  for (const [index, provider] of (document.ai?.providers ?? []).entries()) add(`ai.providers[${index}].baseUrl`, provider.baseUrl);
  add('github.apiBaseUrl', document.github?.apiBaseUrl);
  add('gitlab.apiBaseUrl', document.gitlab?.apiBaseUrl);
  add('bitbucket.apiBaseUrl', document.bitbucket?.apiBaseUrl);
  add('azureDevOps.apiBaseUrl', document.azureDevOps?.apiBaseUrl);
  // Part 2: "A save does not resolve the host of cost.cloudAPricesBaseUrl; the price search does when it runs."
  add('cost.azurePricesBaseUrl', document.cost?.azurePricesBaseUrl, false);
  add('notifications.webhookUrl', document.notifications?.webhookUrl);
  return urls;
}
