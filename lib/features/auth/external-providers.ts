/**
 * The external sign-in providers (part 2 "Authentication"; DECISIONS.md:
 * the GitHub-type provider is GitHub, the second is GitLab). Each is an OAuth
 * 2.0 authorization-code flow; what differs is where to send the browser,
 * where to trade the code, and how to learn the account and its verified
 * e-mail. Reached over HTTP only: tests answer as the real APIs on 127.0.0.1.
 */
import type { ExternalSignInProvider } from '../../platform/config/service-config';
import { UpstreamError } from '../../platform/errors/service-error';
import { createOutboundFetch, operatorConfiguredGuard } from '../../platform/net/outbound-fetch';

export const externalProviderNames = ['github', 'gitlab'] as const;
export type ExternalProviderName = (typeof externalProviderNames)[number];

/** What a provider says of the account that signed in. */
export interface ExternalAccount {
  /** The provider's stable account ID. */
  subject: string;
  /** The primary e-mail address when the provider has verified it, else null. */
  verifiedEmail: string | null;
  name: string | null;
}

interface ProviderProtocol {
  /** The public web address when no `BaseUrl` is set. */
  defaultBaseUrl: string;
  scope: string;
  authorizePath: string;
  tokenPath: string;
  /** Reads the account with the access token. */
  readAccount(apiBase: string, accessToken: string, get: JsonGet): Promise<ExternalAccount>;
  apiBase(baseUrl: string): string;
}

type JsonGet = (url: string, accessToken: string) => Promise<unknown>;

const providerTimeoutMs = 10_000;

function badGateway(provider: string, detail: string): UpstreamError {
  return new UpstreamError('bad_gateway', 'The sign-in provider did not answer as expected', `${provider}: ${detail}`);
}

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

const protocols: Record<ExternalProviderName, ProviderProtocol> = {
  github: {
    defaultBaseUrl: 'https://github.com',
    // "For the GitHub-type provider the scope is user:email and the email used is the primary, verified address."
    scope: 'user:email',
    authorizePath: '/login/oauth/authorize',
    tokenPath: '/login/oauth/access_token',
    // github.com serves its API from api.github.com; GitHub Enterprise Server from <host>/api/v3.
    apiBase: (baseUrl) => (baseUrl === 'https://github.com' ? 'https://api.github.com' : `${baseUrl}/api/v3`),
    async readAccount(apiBase, accessToken, get) {
      const user = record(await get(`${apiBase}/user`, accessToken));
      const emails = await get(`${apiBase}/user/emails`, accessToken);
      const primary = (Array.isArray(emails) ? emails : []).map(record).find((e) => e.primary === true && e.verified === true);
      const subject = typeof user.id === 'number' || typeof user.id === 'string' ? String(user.id) : null;
      if (subject === null) throw badGateway('github', 'the user has no id');
      return { subject, verifiedEmail: text(primary?.email), name: text(user.name) ?? text(user.login) };
    },
  },
  gitlab: {
    defaultBaseUrl: 'https://gitlab.com',
    scope: 'read_user',
    authorizePath: '/oauth/authorize',
    tokenPath: '/oauth/token',
    apiBase: (baseUrl) => `${baseUrl}/api/v4`,
    async readAccount(apiBase, accessToken, get) {
      const user = record(await get(`${apiBase}/user`, accessToken));
      const subject = typeof user.id === 'number' || typeof user.id === 'string' ? String(user.id) : null;
      if (subject === null) throw badGateway('gitlab', 'the user has no id');
      // `email` is the primary address; `confirmed_at` says it was verified.
      const verified = text(user.confirmed_at) !== null;
      return { subject, verifiedEmail: verified ? text(user.email) : null, name: text(user.name) ?? text(user.username) };
    },
  },
};

export function isExternalProviderName(value: string): value is ExternalProviderName {
  return (externalProviderNames as readonly string[]).includes(value);
}

/** Where to send the browser: the provider's authorize address with the client, scope, callback and state. */
export function authorizeUrl(name: ExternalProviderName, config: ExternalSignInProvider, redirectUri: string, state: string): string {
  const protocol = protocols[name];
  const url = new URL(`${config.baseUrl ?? protocol.defaultBaseUrl}${protocol.authorizePath}`);
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', protocol.scope);
  url.searchParams.set('state', state);
  url.searchParams.set('response_type', 'code');
  return url.toString();
}

/** The sign-in providers' addresses come from the service's environment (docs/security.md "Outbound requests"). */
const providerFetch = createOutboundFetch({ guard: operatorConfiguredGuard });

async function fetchJson(provider: string, url: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await providerFetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(providerTimeoutMs) });
  } catch (error) {
    throw badGateway(provider, `${new URL(url).host} could not be reached (${(error as Error).message})`);
  }
  const body = await response.text();
  if (!response.ok) throw badGateway(provider, `${new URL(url).pathname} answered ${response.status}`);
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw badGateway(provider, `${new URL(url).pathname} did not answer JSON`);
  }
}

/**
 * Trades the authorization code for an access token and reads the account.
 * A provider that refuses the code, or answers otherwise than its API does,
 * is a 502.
 */
export async function readExternalAccount(name: ExternalProviderName, config: ExternalSignInProvider, code: string, redirectUri: string): Promise<ExternalAccount> {
  const protocol = protocols[name];
  const baseUrl = config.baseUrl ?? protocol.defaultBaseUrl;
  const form = new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret, code, redirect_uri: redirectUri, grant_type: 'authorization_code' });
  const token = record(
    await fetchJson(name, `${baseUrl}${protocol.tokenPath}`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'svc' },
      body: form.toString(),
    }),
  );
  const accessToken = text(token.access_token);
  if (accessToken === null) throw badGateway(name, `the code was not accepted${text(token.error) ? ` (${String(token.error)})` : ''}`);
  const get: JsonGet = (url, bearer) => fetchJson(name, url, { headers: { accept: 'application/json', authorization: `Bearer ${bearer}`, 'user-agent': 'svc' } });
  return protocol.readAccount(protocol.apiBase(baseUrl), accessToken, get);
}
