/**
 * The instance and workspace settings as the API answers them (part 2 "Settings document",
 * docs/settings.md): one zod schema per answer, its type made from it. A stored document has
 * passed the rules of lib/features/settings/settings-schema.ts (text rules, rules between keys,
 * messages per field), which are checked against these types; the ranges and lengths here are
 * the ones those rules hold every stored value to.
 */
import { z } from 'zod';
import { guid } from './schema-kit';

/** The AI provider kinds (provider-a, -b, -c, -compatible). */
export const aiProviderKinds = ['openai', 'anthropic', 'gemini', 'openai-compatible'] as const;
export type AiProviderKind = (typeof aiProviderKinds)[number];

/** The tasks an AI provider can be routed to. */
export const aiTasks = ['inferArchitecture', 'proposeFlow', 'critique', 'explain'] as const;
export type AiTask = (typeof aiTasks)[number];

const text = (max: number) => z.string().max(max);
const wholeNumber = (min: number, max: number) => z.int().min(min).max(max);
const amount = (min: number, max: number) => z.number().min(min).max(max);
const url = text(2000);

export const aiProviderSchema = z.object({
  id: z.string(),
  kind: z.enum(aiProviderKinds),
  name: text(100).min(1),
  model: text(200),
  baseUrl: url,
  enabled: z.boolean(),
  supportsStructuredOutput: z.boolean(),
  supportsStreaming: z.boolean(),
  temperature: amount(0, 2).nullable(),
  timeoutSeconds: wholeNumber(1, 600),
  monthlyBudgetUsd: amount(0, 1_000_000).nullable(),
  requestsPerMinute: wholeNumber(1, 100_000).nullable(),
});
export type AiProvider = z.infer<typeof aiProviderSchema>;

const taskRouting = z.object({ inferArchitecture: z.string().nullable(), proposeFlow: z.string().nullable(), critique: z.string().nullable(), explain: z.string().nullable() });

/** Every section of a settings document with every key. */
const sections = {
  ai: z.object({ providers: z.array(aiProviderSchema).max(20), taskRouting }),
  github: z.object({ apiBaseUrl: url, defaultRef: text(255) }),
  gitlab: z.object({ apiBaseUrl: url }),
  bitbucket: z.object({ apiBaseUrl: url }),
  azureDevOps: z.object({ apiBaseUrl: url }),
  import: z.object({
    maxFiles: wholeNumber(1, 100_000),
    maxFileBytes: wholeNumber(1, 16_777_216),
    maxTotalBytes: wholeNumber(1, 1_073_741_824),
    excludeGlobs: z.array(text(200).min(1)).max(100),
    maxArchiveBytes: wholeNumber(1_048_576, 4_294_967_296),
  }),
  cost: z.object({ provider: text(100), region: text(100), currency: z.string().regex(/^[A-Z]{3}$/), azurePricesBaseUrl: url, stalePriceAfterDays: wholeNumber(1, 3650) }),
  simulation: z.object({ seed: wholeNumber(0, 2_147_483_647), durationSeconds: wholeNumber(1, 3600), warmUpSeconds: wholeNumber(0, 3599), arrivalRatePerSecond: z.number().gt(0).max(100_000) }),
  privacy: z.object({ sendPrivateCodeToAi: z.boolean() }),
  usage: z.object({ monthlyAiBudgetUsd: amount(0, 1_000_000).nullable(), maxScansPerDay: wholeNumber(0, 10_000) }),
  notifications: z.object({ webhookUrl: url.nullable() }),
  sharing: z.object({ linkPolicy: z.enum(['off', 'password-only', 'public']), embedHosts: z.array(text(300)).max(20) }),
};

export const settingsDocumentSchema = z.object(sections).meta({ id: 'SettingsDocument', description: 'A complete settings document: every section and key has a value.' });
export type SettingsDocument = z.infer<typeof settingsDocumentSchema>;

/** Instance `defaults` and workspace `overrides`: any key may be left out; a provider listed is whole. */
export const partialSettingsSchema = z
  .object({
    ai: z.object({ providers: sections.ai.shape.providers, taskRouting: taskRouting.partial() }).partial(),
    github: sections.github.partial(),
    gitlab: sections.gitlab.partial(),
    bitbucket: sections.bitbucket.partial(),
    azureDevOps: sections.azureDevOps.partial(),
    import: sections.import.partial(),
    cost: sections.cost.partial(),
    simulation: sections.simulation.partial(),
    privacy: sections.privacy.partial(),
    usage: sections.usage.partial(),
    notifications: sections.notifications.partial(),
    sharing: sections.sharing.partial(),
  })
  .partial()
  .meta({ id: 'PartialSettings', description: 'Some keys of a settings document; unknown fields are refused.' });
export type PartialSettings = z.infer<typeof partialSettingsSchema>;

/** The instance policy (part 2 "Instance policy"): instance-only keys. */
export const instancePolicySchema = z.object({
  allowSelfRegistration: z.boolean(),
  allowPrivateNetworkUrls: z.boolean(),
  allowedAiProviderKinds: z.array(z.enum(aiProviderKinds)),
  allowSendingPrivateCodeToAi: z.boolean(),
  maxConcurrentStressRuns: wholeNumber(1, 64),
});
export type InstancePolicy = z.infer<typeof instancePolicySchema>;

const violationSchema = z.object({ field: z.string(), message: z.string() });
export type SettingsViolation = z.infer<typeof violationSchema>;

/** `GET`/`PUT W/settings`: what applies, what the workspace set, what it falls back to; `ETag` the quoted version. */
export const workspaceSettingsSchema = z.object({
  effective: settingsDocumentSchema,
  overrides: partialSettingsSchema,
  defaults: settingsDocumentSchema,
  policyViolations: z.array(violationSchema).meta({ description: 'Stored overrides the instance policy refuses: they stay stored and do not apply.' }),
  version: z.number().int(),
});
export type WorkspaceSettings = z.infer<typeof workspaceSettingsSchema>;

/** `GET`/`PUT /api/instance/settings` (instance administrator); `ETag` the quoted version. */
export const instanceSettingsSchema = z.object({
  policy: instancePolicySchema,
  defaults: partialSettingsSchema,
  version: z.number().int(),
  workspacesWithPolicyViolations: z.array(z.object({ workspaceId: guid, name: z.string(), policyViolations: z.array(violationSchema) })),
});
export type InstanceSettings = z.infer<typeof instanceSettingsSchema>;
