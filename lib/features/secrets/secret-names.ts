import { hasControlCharacter, hasInvalidUnicode, isGuid } from '../../platform/text/text-rules';

/**
 * The workspace credentials the service knows (part 2 "Credentials" with the
 * real names of DECISIONS.md section 1), and the address each one is sent to.
 * Pure: no database, no clock.
 */

/** The fixed names; AI provider keys add `ai:<providerId>:apiKey`, one per provider. */
export const fixedSecretNames = ['github:token', 'gitlab:token', 'gcp:apiKey', 'notifications:webhookSecret'] as const;
export type FixedSecretName = (typeof fixedSecretNames)[number];

/** The public API address of each AI provider kind, used when a provider's baseUrl is empty. */
export const aiProviderPublicAddresses = Object.freeze({
  openai: 'https://api.openai.com',
  anthropic: 'https://api.anthropic.com',
  gemini: 'https://generativelanguage.googleapis.com',
} as const);

/** Built-in addresses of DECISIONS.md section 1, used when a setting is left out. */
export const builtInSecretAddresses = Object.freeze({
  githubApiBaseUrl: 'https://api.github.com',
  gitlabApiBaseUrl: 'https://gitlab.com',
  // The Cloud Billing Catalog API has a fixed address and no setting (part 2 "Prices").
  gcpBillingApi: 'https://cloudbilling.googleapis.com',
});

/**
 * The part of the effective workspace settings document (part 2 "Settings
 * document") that decides where a secret goes. Every field is optional: a key
 * left out takes the built-in default, as in the effective document.
 */
export interface SecretAddressSettings {
  github?: { apiBaseUrl?: string | null };
  gitlab?: { apiBaseUrl?: string | null };
  notifications?: { webhookUrl?: string | null };
  ai?: { providers?: readonly { id: string; kind: string; baseUrl?: string | null }[] };
}

/**
 * Addresses of the environment rather than the settings: the Cloud Billing Catalog API is
 * `Svc__Prices__GcpBillingUrl` when set (tests and mirrors), so `gcp:apiKey` is bound to it.
 */
export interface EnvironmentSecretAddresses {
  gcpBillingApi: string;
}

export const builtInEnvironmentAddresses: EnvironmentSecretAddresses = Object.freeze({ gcpBillingApi: builtInSecretAddresses.gcpBillingApi });

/** The addresses above as the running service's configuration gives them. */
export function environmentSecretAddresses(config: { priceCatalogs: { gcpBillingUrl: string } }): EnvironmentSecretAddresses {
  return { gcpBillingApi: config.priceCatalogs.gcpBillingUrl };
}

export type SecretName =
  | { kind: 'fixed'; name: FixedSecretName }
  | { kind: 'ai-provider'; name: string; providerId: string };

const aiKeyPattern = /^ai:([0-9a-fA-F-]{36}):apiKey$/;

/** Reads a secret name from a path; null for a name the service does not know (400). */
export function parseSecretName(text: string): SecretName | null {
  if ((fixedSecretNames as readonly string[]).includes(text)) return { kind: 'fixed', name: text as FixedSecretName };
  const ai = aiKeyPattern.exec(text);
  if (ai && isGuid(ai[1]!)) {
    const providerId = ai[1]!.toLowerCase();
    return { kind: 'ai-provider', name: `ai:${providerId}:apiKey`, providerId };
  }
  return null;
}

/** The origin (`scheme://host[:port]`) of an address; null when it is empty or not a URL. */
function originOf(address: string | null | undefined): string | null {
  if (!address) return null;
  try {
    const origin = new URL(address).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

export type SecretOrigin =
  /** The origin the value may be sent to; null when its address is off or not set (nothing is sent). */
  | { known: true; origin: string | null }
  /** An AI key whose provider is not in `ai.providers`. */
  | { known: false };

/**
 * The origin a secret is bound to under the given effective settings: the
 * GitHub or GitLab API address, the Google Cloud Billing API, the webhook URL,
 * or an AI provider's baseUrl (its kind's public address when empty). Without
 * settings (or with keys left out) the built-in defaults apply.
 *
 * @example
 * secretOriginFor(parseSecretName('github:token')!, { github: { apiBaseUrl: 'https://ghe.example.com/api/v3' } })
 * // { known: true, origin: 'https://ghe.example.com' }
 */
export function secretOriginFor(name: SecretName, settings: SecretAddressSettings = {}, environment: EnvironmentSecretAddresses = builtInEnvironmentAddresses): SecretOrigin {
  if (name.kind === 'ai-provider') {
    const provider = settings.ai?.providers?.find((p) => p.id.toLowerCase() === name.providerId);
    if (!provider) return { known: false };
    const publicAddress = (aiProviderPublicAddresses as Record<string, string>)[provider.kind];
    return { known: true, origin: originOf(provider.baseUrl || publicAddress) };
  }
  switch (name.name) {
    case 'github:token':
      // `github.apiBaseUrl` cannot be empty; left out it is the public API.
      return { known: true, origin: originOf(settings.github?.apiBaseUrl || builtInSecretAddresses.githubApiBaseUrl) };
    case 'gitlab:token': {
      // Empty turns GitLab off: the token then goes nowhere.
      const address = settings.gitlab?.apiBaseUrl;
      return { known: true, origin: originOf(address === undefined ? builtInSecretAddresses.gitlabApiBaseUrl : address) };
    }
    case 'gcp:apiKey':
      return { known: true, origin: originOf(environment.gcpBillingApi) };
    case 'notifications:webhookSecret':
      return { known: true, origin: originOf(settings.notifications?.webhookUrl) };
  }
}

/** Longest and shortest value, in characters (part 2 "Limits"). */
export const secretValueLength = Object.freeze({ min: 1, max: 4096 });

const printableAscii = /^[\x20-\x7e]*$/;

/**
 * Why a value cannot be stored under a name, or null when it can. Tokens and
 * API keys travel in HTTP headers, so they must be printable ASCII (the spec
 * says so for the host tokens; docs/secrets.md extends it to every key sent in
 * a header); the webhook secret only signs, so it may hold any character but
 * a control character. The message never quotes the value.
 */
export function secretValueProblem(name: SecretName, value: string): string | null {
  const length = [...value].length;
  if (length < secretValueLength.min || length > secretValueLength.max) {
    return `must be ${secretValueLength.min} to ${secretValueLength.max} characters (it has ${length})`;
  }
  if (name.kind === 'fixed' && name.name === 'notifications:webhookSecret') {
    if (hasControlCharacter(value) || hasInvalidUnicode(value)) return 'must not contain control characters or invalid Unicode';
    return null;
  }
  if (!printableAscii.test(value)) return 'must be printable ASCII only (characters 0x20 to 0x7E)';
  return null;
}
