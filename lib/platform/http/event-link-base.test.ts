import { describe, expect, it } from 'vitest';
import type { ServiceConfig } from '../config/service-config';
import type { ServiceRuntime } from '../runtime/service-runtime';
import { eventLinkBase } from './event-link-base';

function request(config: Pick<ServiceConfig, 'profile' | 'publicUrl' | 'allowedHosts'>, host: string, scheme: 'http' | 'https' = 'https') {
  const headers: Record<string, string> = { host };
  return { runtime: { config } as unknown as ServiceRuntime, client: { address: '203.0.113.9', scheme }, headers };
}

describe('eventLinkBase (part 2 "Events": where links in events start)', () => {
  it('is Svc__PublicUrl when set, in either profile, whatever the request host', () => {
    expect(eventLinkBase(request({ profile: 'local', publicUrl: 'https://design.example.com', allowedHosts: ['*'] }, '127.0.0.1:8080'))).toBe('https://design.example.com');
    expect(eventLinkBase(request({ profile: 'hosted', publicUrl: 'https://design.example.com', allowedHosts: ['svc.internal'] }, 'svc.internal'))).toBe('https://design.example.com');
  });

  it('falls back to the request host in the hosted profile, only a host AllowedHosts names', () => {
    expect(eventLinkBase(request({ profile: 'hosted', publicUrl: null, allowedHosts: ['design.example.com'] }, 'design.example.com'))).toBe('https://design.example.com');
    expect(() => eventLinkBase(request({ profile: 'hosted', publicUrl: null, allowedHosts: ['design.example.com'] }, 'evil.example.net'))).toThrow();
  });

  it('gives no link in the local profile without Svc__PublicUrl', () => {
    expect(eventLinkBase(request({ profile: 'local', publicUrl: null, allowedHosts: ['*'] }, 'localhost:8080', 'http'))).toBeNull();
  });
});
