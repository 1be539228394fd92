import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountProblem, amountText, decimalAmount, sumOf } from './exact-decimal';

describe('exact decimal amounts', () => {
  it('reads a JSON number by its shortest decimal form and a decimal string as written, without trailing zeros', () => {
    expect(amountText(0.1)).toBe('0.1');
    expect(amountText('12.50')).toBe('12.5');
    expect(amountText(1e-7)).toBe('0.0000001');
    expect(amountText('0')).toBe('0');
  });

  it('adds exactly where binary floats do not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumOf(['0.1', '0.2']).toFixed()).toBe('0.3');
  });

  it('refuses what is not an amount, saying why', () => {
    expect(amountProblem(-1)).toBe('must not be negative');
    expect(amountProblem('1e3')).toMatch(/digits and at most one point/);
    expect(amountProblem(' 1')).toMatch(/digits/);
    expect(amountProblem('01.5')).toMatch(/digits/);
    expect(amountProblem('1.0000000000001')).toBe('must have at most 12 digits after the point');
    expect(amountProblem('1234567890123456789')).toBe('must have at most 18 digits before the point');
    expect(amountProblem(Number.NaN)).toBe('must be a finite number');
    expect(decimalAmount.safeParse(true).success).toBe(false);
  });

  it('sums any decimal strings exactly: the total does not depend on their order', () => {
    const amount = fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }), fc.integer({ min: 0, max: 12 })).map(([units, scale]) => {
      const digits = units.toString().padStart(scale + 1, '0');
      return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
    });
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 50 }), (amounts) => {
        const inMicroUnits = (a: string) => {
          const [whole, fraction = ''] = a.split('.');
          return BigInt(whole! + fraction.padEnd(12, '0'));
        };
        const scaled = amounts.reduce((acc, a) => acc + inMicroUnits(a), 0n);
        const total = sumOf(amounts);
        expect(BigInt(total.times('1e12').toFixed())).toBe(scaled);
        expect(sumOf([...amounts].reverse()).equals(total)).toBe(true);
      }),
    );
  });
});
