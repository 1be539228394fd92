import { describe, expect, it } from 'vitest';
import { allowedHostTest, parseHost } from './allowed-hosts';

describe('AllowedHosts', () => {
  it('reads host names, IPv4 and bracketed IPv6 addresses, with or without a port', () => {
    expect(parseHost('Design.Example.COM.:8443')).toEqual({ name: 'design.example.com', port: '8443' });
    expect(parseHost('[::1]:8080')).toEqual({ name: '[::1]', port: '8080' });
    expect(parseHost('::1')).toEqual({ name: '[::1]', port: null });
    for (const broken of ['', ':80', 'a b', 'user@host', 'host/path', '[::1', 'host:port']) expect(parseHost(broken), broken).toBeNull();
  });

  it('matches a name with any port, a name with a port only on it, and a wildcard below a domain', () => {
    const allowed = allowedHostTest(['design.example.com', 'api.example.com:8443', '*.lan', '::1'], null);
    expect(allowed('design.example.com')).toBe(true);
    expect(allowed('DESIGN.example.com:443')).toBe(true);
    expect(allowed('api.example.com:8443')).toBe(true);
    expect(allowed('api.example.com')).toBe(false);
    expect(allowed('box.lan:8080')).toBe(true);
    expect(allowed('lan')).toBe(false);
    expect(allowed('[::1]:8080')).toBe(true);
    expect(allowed('evil.example')).toBe(false);
    expect(allowed('design.example.com.evil.example')).toBe(false);
    expect(allowed(undefined)).toBe(false);
  });

  it('always allows the host of Svc__PublicUrl, and everything with *', () => {
    expect(allowedHostTest(['localhost'], 'https://design.example.com/svc')('design.example.com')).toBe(true);
    expect(allowedHostTest(['*'], null)('anything.example')).toBe(true);
  });
});
