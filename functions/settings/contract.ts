import { z } from 'zod';
import type { GroupContracts } from '../../lib/openapi/route-contract';
import { instancePolicySchema, instanceSettingsBody, partialSettingsSchema } from '../../lib/settings/settings-schema';
import { guid } from '../../lib/openapi/schema-kit';

/** The fixture workspace's overrides (test/support/contract-world.ts), kept by the example. */
const worldSettingsOverrides = { sharing: { linkPolicy: 'public' }, cost: { azurePricesBaseUrl: '' }, github: { apiBaseUrl: 'http://127.0.0.1:9' }, gitlab: { apiBaseUrl: 'http://127.0.0.1:9' } };

const violationSchema = z.object({ field: z.string(), message: z.string() });
const settingsDocumentSchema = partialSettingsSchema.required().meta({ id: 'SettingsDocument', description: 'A complete settings document: every section and key has a value.' });
const overridesSchema = partialSettingsSchema.meta({ id: 'PartialSettings', description: 'Some keys of a settings document; unknown fields are refused.' });
const etagNote = 'The `ETag` header carries the version (quoted); a change sends it back in `If-Match` (428 without it, 412 when it is not the current one).';

const workspaceSettingsSchema = z.object({
  effective: settingsDocumentSchema,
  overrides: overridesSchema,
  defaults: settingsDocumentSchema,
  policyViolations: z.array(violationSchema).meta({ description: 'Stored overrides the instance policy refuses: they stay stored and do not apply.' }),
  version: z.number().int(),
});
const instanceSettingsSchema = z.object({
  policy: instancePolicySchema,
  defaults: overridesSchema,
  version: z.number().int(),
  workspacesWithPolicyViolations: z.array(z.object({ workspaceId: guid, name: z.string(), policyViolations: z.array(violationSchema) })),
});
const ifMatchHeader = z.object({ 'if-match': z.string().meta({ description: 'The ETag of the settings read.' }) });

export const contracts: GroupContracts = {
  'get-workspace-settings': { responses: { 200: workspaceSettingsSchema }, access: { role: 'viewer' }, description: etagNote, example: { as: 'readToken' } },
  'replace-workspace-settings': {
    headers: ifMatchHeader,
    body: partialSettingsSchema,
    responses: { 200: workspaceSettingsSchema, 400: 'problem', 409: 'problem', 412: 'problem', 428: 'problem' },
    access: { role: 'owner' },
    description: `The body replaces the overrides whole; a key left out returns to the instance default. ${etagNote}`,
    example: { headers: { 'if-match': '{workspaceSettingsEtag}' }, body: { ...worldSettingsOverrides, simulation: { seed: 7 } } },
  },
  'get-instance-settings': { responses: { 200: instanceSettingsSchema }, access: { role: 'instance administrator' }, description: etagNote, example: {} },
  'replace-instance-settings': {
    headers: ifMatchHeader,
    body: instanceSettingsBody,
    responses: { 200: instanceSettingsSchema, 400: 'problem', 412: 'problem', 428: 'problem' },
    access: { role: 'instance administrator' },
    description: `The body, exactly \`policy\` and \`defaults\`, replaces both. ${etagNote}`,
    example: { headers: { 'if-match': '{instanceSettingsEtag}' }, body: { policy: '{instancePolicy}', defaults: '{instanceDefaults}' } },
  },
};
