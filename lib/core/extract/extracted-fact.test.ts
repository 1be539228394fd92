import { describe, expect, it } from 'vitest';
import { extractedFactSchema } from './extracted-fact';

const element = {
  entityKind: 'element',
  key: 'element:app:orders',
  factStatus: 'observed-in-source',
  confidence: null,
  evidence: [{ path: 'services/orders/package.json', startLine: 2, endLine: 2 }],
  kind: 'app',
  name: 'orders',
  description: null,
  technology: 'Node.js',
};

function problems(value: unknown): string[] {
  const parsed = extractedFactSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('extractedFactSchema', () => {
  it('accepts a fact whose fields are those of the model record of its kind', () => {
    expect(problems(element)).toEqual([]);
    expect(
      problems({
        entityKind: 'operation',
        key: 'operation:element:app:orders:POST /orders',
        factStatus: 'inferred',
        confidence: 0.5,
        evidence: [{ path: 'a.yaml', startLine: 1, endLine: 3 }],
        ownerKey: 'element:app:orders',
        name: 'placeOrder',
        transport: 'http',
        requestSchemaKey: null,
        responseSchemaKey: 'schema:a.yaml#/components/schemas/Order',
      }),
    ).toEqual([]);
  });

  it('refuses what the model would refuse and what the wire format forbids', () => {
    expect(problems({ ...element, factStatus: 'inferred' })).toEqual(['confidence: is required when factStatus is inferred']);
    expect(problems({ ...element, confidence: 0.5 })).toEqual(['confidence: must be null when factStatus is observed-in-source']);
    expect(problems({ ...element, key: 'channel:orders' })).toEqual(['key: must start with element:']);
    expect(problems({ ...element, kind: 'queue' })).toHaveLength(1);
    expect(problems({ ...element, name: 'a\nb' })).toHaveLength(1);
    expect(problems({ ...element, name: '  ' })).toHaveLength(1);
    expect(problems({ ...element, evidence: [] })).toHaveLength(1);
    expect(problems({ ...element, evidence: [{ path: 'a', startLine: 3, endLine: 2 }] })).toEqual(['evidence.0.endLine: must not be before startLine']);
    expect(problems({ ...element, status: 'current' })).toHaveLength(1);
    expect(problems({ ...element, factStatus: 'declared' })).toHaveLength(1);
  });
});
