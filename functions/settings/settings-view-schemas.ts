import { z } from 'zod';
import { guid } from '../../contracts/schema-kit';
import { instancePolicySchema, partialSettingsSchema } from '../../lib/features/settings/settings-schema';

/** What GET and PUT of a settings document answer, the `If-Match` they take and the note on their `ETag`. */

const violationSchema = z.object({ field: z.string(), message: z.string() });
const settingsDocumentSchema = partialSettingsSchema.required().meta({ id: 'SettingsDocument', description: 'A complete settings document: every section and key has a value.' });
const overridesSchema = partialSettingsSchema.meta({ id: 'PartialSettings', description: 'Some keys of a settings document; unknown fields are refused.' });

export const etagNote = 'The `ETag` header carries the version (quoted); a change sends it back in `If-Match` (428 without it, 412 when it is not the current one).';

export const workspaceSettingsSchema = z.object({
  effective: settingsDocumentSchema,
  overrides: overridesSchema,
  defaults: settingsDocumentSchema,
  policyViolations: z.array(violationSchema).meta({ description: 'Stored overrides the instance policy refuses: they stay stored and do not apply.' }),
  version: z.number().int(),
});

export const instanceSettingsSchema = z.object({
  policy: instancePolicySchema,
  defaults: overridesSchema,
  version: z.number().int(),
  workspacesWithPolicyViolations: z.array(z.object({ workspaceId: guid, name: z.string(), policyViolations: z.array(violationSchema) })),
});

export const ifMatchHeader = z.object({ 'if-match': z.string().meta({ description: 'The ETag of the settings read.' }) });
