import { isIP } from 'node:net';
import { effectiveSettings } from './merge-settings';
import { isPrivateAddress } from '../../platform/net/private-address';
import { aiTasks, settingsUrls, type InstancePolicy, type PartialSettings, type SettingsDocument } from './settings-schema';

/** A stored workspace value the policy refuses: it stays stored and does not apply. */
export interface PolicyViolation {
  field: string;
  message: string;
}

const privateUrlMessage = 'points at a private, loopback or link-local address, which policy.allowPrivateNetworkUrls refuses';

/**
 * A URL host that is private without asking a resolver. Reads run on every
 * request, so they judge the literal host only; a save resolves names
 * (docs/settings.md "Policy on every read").
 */
function hasLiteralPrivateHost(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const hostname = new URL(text).hostname;
  const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  if (isIP(host) !== 0) return isPrivateAddress(host);
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

function urlRefused(url: string, policy: InstancePolicy): boolean {
  return !policy.allowPrivateNetworkUrls && hasLiteralPrivateHost(url);
}

/** The overrides without what the policy refuses, and what was taken out. */
function overridesUnderPolicy(overrides: PartialSettings, policy: InstancePolicy): { applied: PartialSettings; violations: PolicyViolation[] } {
  const violations: PolicyViolation[] = [];
  const applied: PartialSettings = structuredClone(overrides);
  if (applied.privacy?.sendPrivateCodeToAi === true && !policy.allowSendingPrivateCodeToAi) {
    violations.push({ field: 'privacy.sendPrivateCodeToAi', message: 'policy.allowSendingPrivateCodeToAi is false' });
    delete applied.privacy.sendPrivateCodeToAi;
  }
  if (applied.ai?.providers) {
    applied.ai.providers = applied.ai.providers.filter((provider, index) => {
      if (!policy.allowedAiProviderKinds.includes(provider.kind)) {
        violations.push({ field: `ai.providers[${index}].kind`, message: `kind ${provider.kind} is not in policy.allowedAiProviderKinds` });
        return false;
      }
      if (provider.baseUrl !== '' && urlRefused(provider.baseUrl, policy)) {
        violations.push({ field: `ai.providers[${index}].baseUrl`, message: privateUrlMessage });
        return false;
      }
      return true;
    });
  }
  for (const { field, url } of settingsUrls({ ...overrides, ai: undefined })) {
    if (!urlRefused(url, policy)) continue;
    violations.push({ field, message: privateUrlMessage });
    const [section, key] = field.split('.') as [string, string];
    delete (applied as Record<string, Record<string, unknown>>)[section]![key];
  }
  return { applied, violations };
}

/**
 * Part 2: "Each stored workspace value is checked against the policy on every
 * read; a value the policy refuses does not apply and stays stored." Returns
 * the effective document and the refused values. A task routed to a provider
 * the policy took out is routed nowhere.
 */
export function effectiveUnderPolicy(input: { builtIns: SettingsDocument; defaults: PartialSettings; overrides: PartialSettings; policy: InstancePolicy }): { effective: SettingsDocument; policyViolations: PolicyViolation[] } {
  const { applied, violations } = overridesUnderPolicy(input.overrides, input.policy);
  const effective = effectiveSettings(input.builtIns, input.defaults, applied);
  const enabled = new Set(effective.ai.providers.filter((provider) => provider.enabled).map((provider) => provider.id));
  const taskRouting = { ...effective.ai.taskRouting };
  for (const task of aiTasks) {
    const id = taskRouting[task];
    if (id !== null && !enabled.has(id)) {
      violations.push({ field: `ai.taskRouting.${task}`, message: 'routes to a provider the policy refuses' });
      taskRouting[task] = null;
    }
  }
  return { effective: { ...effective, ai: { ...effective.ai, taskRouting } }, policyViolations: violations };
}
