import { describe, expect, it } from 'vitest';
import { hasInvalidUnicode } from '../../platform/text/text-rules';
import { measuredCallFacts } from './measured-call-facts';

describe('measuredCallFacts', () => {
  it('cuts a long service name to 200 characters between code points, never through a surrogate pair', () => {
    const name = `${'a'.repeat(199)}🛒${'b'.repeat(50)}`;
    const [app] = measuredCallFacts([name], [], [{ path: 'trace.json', startLine: 1, endLine: 1 }]);
    const cut = app!.fields.name as string;
    expect(hasInvalidUnicode(cut)).toBe(false);
    expect(cut).toBe('a'.repeat(199));
    expect((measuredCallFacts([`${'a'.repeat(198)}🛒b`], [], [])[0]!.fields.name as string).endsWith('🛒')).toBe(true);
  });
});
