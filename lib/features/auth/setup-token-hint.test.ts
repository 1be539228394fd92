import { describe, expect, it } from 'vitest';
import type { ServiceConfig } from '../../platform/config/service-config';
import { setupTokenHint } from './first-run-setup';

const runtimeWith = (profile: 'local' | 'hosted', setupToken: string | null) => ({ config: { profile, setupToken } as unknown as ServiceConfig });

describe('GET /api/setup/status setupTokenHint (part 2 "Authentication")', () => {
  it('is log only in the local profile without Svc__SetupToken, where the code is in the log and the setup-code file', () => {
    expect(setupTokenHint(runtimeWith('local', null))).toBe('log');
    expect(setupTokenHint(runtimeWith('local', 'a-setup-token-of-16+'))).toBe('operator');
  });

  it('is operator in the hosted profile always: it never writes a setup code, even once accounts exist and the token is unset', () => {
    expect(setupTokenHint(runtimeWith('hosted', null))).toBe('operator');
    expect(setupTokenHint(runtimeWith('hosted', 'a-setup-token-of-16+'))).toBe('operator');
  });
});
