import { describe, expect, it } from 'vitest';
import { parseSecretName, secretOriginFor, secretValueProblem } from './secret-names';
import { describeSecrets } from './secret-status';

const providerId = '3F2A1B4C-0000-4000-8000-000000000001';
const name = (text: string) => {
  const parsed = parseSecretName(text);
  if (!parsed) throw new Error(`${text} should be a secret name`);
  return parsed;
};

describe('secretOriginFor', () => {
  it('takes the built-in addresses when the settings leave a key out', () => {
    expect(secretOriginFor(name('github:token'))).toEqual({ known: true, origin: 'https://api.github.com' });
    expect(secretOriginFor(name('gitlab:token'))).toEqual({ known: true, origin: 'https://gitlab.com' });
    expect(secretOriginFor(name('gcp:apiKey'))).toEqual({ known: true, origin: 'https://cloudbilling.googleapis.com' });
    expect(secretOriginFor(name('notifications:webhookSecret'))).toEqual({ known: true, origin: null });
  });

  it('binds to the origin of the address in the effective settings, never its path', () => {
    const settings = {
      github: { apiBaseUrl: 'https://ghe.example.com:8443/api/v3' },
      gitlab: { apiBaseUrl: '' },
      notifications: { webhookUrl: 'https://hooks.example.com/svc?x=1' },
      ai: { providers: [{ id: providerId, kind: 'anthropic', baseUrl: '' }, { id: '3f2a1b4c-0000-4000-8000-000000000002', kind: 'openai-compatible', baseUrl: 'http://10.0.0.5:11434/v1' }] },
    };
    expect(secretOriginFor(name('github:token'), settings)).toEqual({ known: true, origin: 'https://ghe.example.com:8443' });
    // An empty GitLab address turns GitLab off: the token goes nowhere.
    expect(secretOriginFor(name('gitlab:token'), settings)).toEqual({ known: true, origin: null });
    expect(secretOriginFor(name('notifications:webhookSecret'), settings)).toEqual({ known: true, origin: 'https://hooks.example.com' });
    expect(secretOriginFor(name(`ai:${providerId}:apiKey`), settings)).toEqual({ known: true, origin: 'https://api.anthropic.com' });
    expect(secretOriginFor(name('ai:3f2a1b4c-0000-4000-8000-000000000002:apiKey'), settings)).toEqual({ known: true, origin: 'http://10.0.0.5:11434' });
    expect(secretOriginFor(name('ai:3f2a1b4c-0000-4000-8000-000000000003:apiKey'), settings)).toEqual({ known: false });
  });

  it('binds gcp:apiKey to the Cloud Billing address the environment gives (Svc__Prices__GcpBillingUrl), its origin only', () => {
    expect(secretOriginFor(name('gcp:apiKey'), {}, { gcpBillingApi: 'http://127.0.0.1:9100/mirror' })).toEqual({ known: true, origin: 'http://127.0.0.1:9100' });
  });
});

describe('parseSecretName', () => {
  it('knows the fixed names and one key per provider ID, stored lower-case', () => {
    expect(name(`ai:${providerId}:apiKey`)).toEqual({ kind: 'ai-provider', name: `ai:${providerId.toLowerCase()}:apiKey`, providerId: providerId.toLowerCase() });
    for (const unknown of ['GitHub:token', 'github:token ', 'ai::apiKey', `ai:${providerId}:key`, 'cloudC:apiKey', '']) expect(parseSecretName(unknown)).toBeNull();
  });
});

describe('secretValueProblem', () => {
  it('counts characters, not bytes, and keeps header values to printable ASCII', () => {
    expect(secretValueProblem(name('github:token'), 'a'.repeat(4096))).toBeNull();
    expect(secretValueProblem(name('github:token'), 'a'.repeat(4097))).toBe('must be 1 to 4096 characters (it has 4097)');
    expect(secretValueProblem(name('notifications:webhookSecret'), '😀'.repeat(4096))).toBeNull();
    expect(secretValueProblem(name('gcp:apiKey'), 'é')).toBe('must be printable ASCII only (characters 0x20 to 0x7E)');
    expect(secretValueProblem(name('notifications:webhookSecret'), 'a\u0085b')).toBe('must not contain control characters or invalid Unicode');
  });
});

describe('describeSecrets', () => {
  it('asks for a new save when the address moved to another origin', () => {
    const stored = [{ name: 'github:token', origin: 'https://api.github.com', masterKeyId: 'k', updatedBy: 'user:1', updatedAt: new Date('2026-01-01T00:00:00Z'), readable: true }];
    const [github] = describeSecrets(stored, { github: { apiBaseUrl: 'https://ghe.example.com/api/v3' } }).filter((s) => s.name === 'github:token');
    expect(github).toMatchObject({ status: 'origin_changed', message: 'Saved for another address; save it again.', savedForOrigin: 'https://api.github.com', currentOrigin: 'https://ghe.example.com' });
    const orphan = describeSecrets([{ ...stored[0]!, name: `ai:${providerId.toLowerCase()}:apiKey` }]).find((s) => s.name.startsWith('ai:'));
    expect(orphan).toMatchObject({ status: 'no_address', isSet: true });
  });
});
