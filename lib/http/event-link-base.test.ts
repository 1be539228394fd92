import { describe, expect, it } from 'vitest';
import { readServiceConfig } from '../config/service-config';
import type { ServiceRuntime } from '../runtime/service-runtime';
import { eventLinkBase } from './event-link-base';

function requestFor(env: Record<string, string>, host: string) {
  const config = readServiceConfig(env, '/srv');
  return { runtime: { config } as ServiceRuntime, client: { address: '203.0.113.9', scheme: 'https' as const }, headers: { host } };
}

const hosted = { Svc__Profile: 'hosted', Svc__MasterKey: Buffer.alloc(32, 7).toString('base64'), AllowedHosts: 'design.example.com', ConnectionStrings__DefaultConnection: 'postgres://svc@db/svc', Svc__SetupToken: 'setup-token-0123456789' };

describe('eventLinkBase', () => {
  it('starts links with Svc__PublicUrl in either profile', () => {
    expect(eventLinkBase(requestFor({ Svc__PublicUrl: 'https://design.example.com/svc/' }, 'localhost'))).toBe('https://design.example.com/svc');
    expect(eventLinkBase(requestFor({ ...hosted, Svc__PublicUrl: 'https://public.example.com' }, 'design.example.com'))).toBe('https://public.example.com');
  });

  it('the local profile without Svc__PublicUrl sends no link', () => {
    expect(eventLinkBase(requestFor({}, 'localhost:8080'))).toBeNull();
  });

  it('the hosted profile falls back to the request host, only one AllowedHosts lets in', () => {
    expect(eventLinkBase(requestFor(hosted, 'design.example.com:8443'))).toBe('https://design.example.com:8443');
    expect(() => eventLinkBase(requestFor(hosted, 'evil.example'))).toThrow(/Host not allowed/);
  });
});
