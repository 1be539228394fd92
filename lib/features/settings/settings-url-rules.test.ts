import { describe, expect, it } from 'vitest';
import type { ResolveHost } from '../../platform/net/resolve-host';
import { settingsUrlProblem } from './settings-url-rules';

const names: Record<string, string[]> = {
  'public.test': ['93.184.216.34', '2606:2800:220:1::1'],
  'inside.test': ['10.0.0.7'],
  'mixed.test': ['93.184.216.34', '::ffff:127.0.0.1'],
  'v6-local.test': ['fe80::1'],
};
const resolveHost: ResolveHost = async (host) => {
  const addresses = names[host];
  if (!addresses) throw new Error('ENOTFOUND');
  return addresses;
};

describe('settingsUrlProblem', () => {
  const local = { profile: 'local' as const, allowPrivateNetworkUrls: true, resolveHost };
  const localClosed = { ...local, allowPrivateNetworkUrls: false };
  const hosted = { profile: 'hosted' as const, allowPrivateNetworkUrls: false, resolveHost };
  const hostedOpen = { ...hosted, allowPrivateNetworkUrls: true };

  it.each([
    ['ftp://public.test/', local, 'must be an absolute http or https URL'],
    ['/relative', local, 'must be an absolute http or https URL'],
    ['http:public.test', local, 'must be an absolute http or https URL'],
    ['https://user:pw@public.test/', local, 'must not hold a user name or password'],
    ['https://@public.test/', local, 'must not hold a user name or password'],
    ['http://10.0.0.7/', local, null],
    ['http://inside.test/', local, null],
    ['https://inside.test/', localClosed, /private/],
    ['https://mixed.test/', localClosed, /private/],
    ['https://v6-local.test/', localClosed, /private/],
    ['https://[::ffff:10.0.0.1]/', localClosed, /private/],
    ['https://localhost:8080/', localClosed, /private/],
    ['https://unknown.test/', localClosed, /does not resolve/],
    ['https://public.test/api', localClosed, null],
    ['http://public.test/', hosted, /must use https/],
    ['https://public.test/', hosted, null],
    ['http://inside.test/', hosted, /private/],
    ['http://inside.test/', hostedOpen, null],
    ['http://public.test/', hostedOpen, /must use https/],
    ['https://inside.test/', hostedOpen, null],
  ] as const)('%s', async (url, context, expected) => {
    const problem = await settingsUrlProblem(url, context);
    if (expected === null) expect(problem).toBeNull();
    else if (typeof expected === 'string') expect(problem).toBe(expected);
    else expect(problem).toMatch(expected);
  });

  it('does not resolve when no resolver is given: only literal hosts count', async () => {
    const context = { ...localClosed, resolveHost: null };
    expect(await settingsUrlProblem('https://inside.test/', context)).toBeNull();
    expect(await settingsUrlProblem('https://127.0.0.1/', context)).toMatch(/private/);
  });
});
