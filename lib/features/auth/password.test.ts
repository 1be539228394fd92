import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashPassword, maximumPasswordLength, passwordRuleViolations, verifyPassword } from './password';

describe('passwordRuleViolations (part 2: at least 10 characters, a digit, an upper-case letter)', () => {
  it('accepts a password that meets every rule', () => {
    expect(passwordRuleViolations('Abcdefghi1')).toEqual([]);
    expect(passwordRuleViolations('Correct7Horse-Battery')).toEqual([]);
  });

  it('refuses fewer than 10 characters, and only for that', () => {
    const violations = passwordRuleViolations('Abcdefgh1');
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatch(/10 characters/);
  });

  it('refuses a password without a digit, and only for that', () => {
    const violations = passwordRuleViolations('Abcdefghijkl');
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatch(/digit/);
  });

  it('refuses a password without an upper-case letter, and only for that', () => {
    const violations = passwordRuleViolations('abcdefghij1');
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatch(/upper-case/);
  });

  it('names every broken rule at once', () => {
    expect(passwordRuleViolations('')).toHaveLength(3);
    expect(passwordRuleViolations('abc')).toHaveLength(3);
  });

  it('counts characters, not UTF-16 units: nine emoji and a digit are too short without an upper-case letter, and enough with one', () => {
    expect(passwordRuleViolations('😀😀😀😀😀😀😀😀A1')).toEqual([]);
    expect(passwordRuleViolations('😀😀😀😀😀😀😀A1').some((v) => /10 characters/.test(v))).toBe(true);
  });

  it('refuses a password over the upper bound', () => {
    expect(passwordRuleViolations(`A1${'x'.repeat(maximumPasswordLength - 2)}`)).toEqual([]);
    expect(passwordRuleViolations(`A1${'x'.repeat(maximumPasswordLength - 1)}`)).toHaveLength(1);
  });

  it('property: a string is acceptable exactly when it has 10+ characters, a digit and an upper-case letter (ASCII)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 30 }), (pw) => {
        const ok = pw.length >= 10 && /[0-9]/.test(pw) && /[A-Z]/.test(pw);
        expect(passwordRuleViolations(pw).length === 0).toBe(ok);
      }),
      { numRuns: 500 },
    );
  });
});

describe('hashPassword / verifyPassword', () => {
  it('property: a hash verifies its own password and refuses any other (few runs: hashing is costly)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 40 }), fc.string({ minLength: 1, maxLength: 40 }), async (password, other) => {
        fc.pre(password.normalize('NFC') !== other.normalize('NFC'));
        const stored = await hashPassword(password);
        expect(await verifyPassword(password, stored)).toBe(true);
        expect(await verifyPassword(other, stored)).toBe(false);
      }),
      { numRuns: 6 },
    );
  }, 30_000);

  it('the same password hashes differently each time (salted), and both verify', async () => {
    const [a, b] = await Promise.all([hashPassword('Same1Password'), hashPassword('Same1Password')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Same1Password', a)).toBe(true);
    expect(await verifyPassword('Same1Password', b)).toBe(true);
  });

  it('a password typed as composed or decomposed accents signs in alike', async () => {
    const composed = 'Caf\u00e9Latte42';
    const decomposed = 'Cafe\u0301Latte42';
    const stored = await hashPassword(composed);
    expect(await verifyPassword(decomposed, stored)).toBe(true);
  });

  it('a password differing only in case or a trailing space is refused', async () => {
    const stored = await hashPassword('Case1Sensitive');
    expect(await verifyPassword('case1sensitive', stored)).toBe(false);
    expect(await verifyPassword('Case1Sensitive ', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('a malformed stored hash never matches and does not throw', async () => {
    for (const stored of ['', 'plain-text', 'bcrypt$x$y$z$a$b', 'scrypt$32768$8$1$$']) {
      expect(await verifyPassword('Anything123', stored)).toBe(false);
    }
  });
});
