import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codePointCount, commentBodyProblem, decisionTitleProblem } from './comment-text';

describe('comment bodies', () => {
  it('count code points: an emoji or a CJK character is one', () => {
    expect(codePointCount('a😀店')).toBe(3);
    expect(commentBodyProblem('😀'.repeat(10_000))).toBeNull();
    expect(commentBodyProblem('😀'.repeat(10_001))).toMatch(/at most 10000/);
  });

  it('allow tab, LF and CR LF; refuse every other control character and a lone CR', () => {
    expect(commentBodyProblem('a\tb\nc\r\nd')).toBeNull();
    for (let code = 0; code <= 0x9f; code++) {
      if (code > 0x1f && code < 0x7f) continue;
      const text = `x${String.fromCharCode(code)}y`;
      const allowed = code === 0x09 || code === 0x0a;
      expect(commentBodyProblem(text) === null, `U+${code.toString(16)}`).toBe(allowed);
    }
    expect(commentBodyProblem('end\r')).toMatch(/control/);
  });

  it('refuse empty and blank text and lone surrogates', () => {
    expect(commentBodyProblem('')).toMatch(/empty/);
    expect(commentBodyProblem(' \n\t')).toMatch(/white space/);
    expect(commentBodyProblem('\udc00')).toMatch(/Unicode/);
  });

  it('whatever the text, a body is accepted exactly when it keeps every rule', () => {
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 30 }));
    fc.assert(
      fc.property(text, (value) => {
        const expected =
          value.trim() !== '' && !/\p{Cs}/u.test(value) && !/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.test(value.replaceAll('\r\n', '')) && [...value].length <= 10_000;
        expect(commentBodyProblem(value) === null, JSON.stringify(value)).toBe(expected);
      }),
    );
  });

  it('titles are one line of 1 to 200 characters', () => {
    expect(decisionTitleProblem('Keep gRPC')).toBeNull();
    expect(decisionTitleProblem('a\tb')).toMatch(/one line/);
    expect(decisionTitleProblem('t'.repeat(201))).toMatch(/200/);
    expect(decisionTitleProblem('  ')).toMatch(/empty/);
  });
});
