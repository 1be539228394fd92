import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExactDecimal } from '../../../platform/money/exact-decimal';
import { catalogPrice } from './catalog-amount';
import { azureFilterText } from './azure-retail-prices';
import { moneyAmount } from './gcp-billing-catalog';
import { parseODataFilter } from '../../../../test/support/fake-catalogs/fake-azure-prices';

describe('catalog amounts', () => {
  it('a Google Money is units + nanos / 10^9 exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }), fc.integer({ min: 0, max: 999_999_999 }), (units, nanos) => {
        const scaled = units * 1_000_000_000n + BigInt(nanos);
        const whole = (scaled / 1_000_000_000n).toString();
        const fraction = (scaled % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '');
        expect(moneyAmount({ units: units.toString(), nanos })).toBe(fraction === '' ? whole : `${whole}.${fraction}`);
      }),
      { numRuns: 2000 },
    );
    // A float would say 0.30000000000000004.
    expect(moneyAmount({ units: '0', nanos: 300_000_000 })).toBe('0.3');
  });

  it('a catalog price keeps its digits, reads exponents exactly, and refuses what is no amount', () => {
    const kept = (amount: string) => ({ amount, roundedFrom: null });
    expect(catalogPrice.parse('0.0116000000')).toEqual(kept('0.0116'));
    expect(catalogPrice.parse('1.1E-05')).toEqual(kept('0.000011'));
    expect(catalogPrice.parse('123456789012.123456')).toEqual(kept('123456789012.123456'));
    expect(catalogPrice.parse(0.1)).toEqual(kept('0.1'));
    expect(catalogPrice.parse('-0')).toEqual(kept('0'));
    for (const bad of ['-1', '-0.28800000000000003', 'free', '', 'NaN', '1e20', '1000000000000000000.5']) expect(catalogPrice.safeParse(bad).success, bad).toBe(false);
  });

  it('a catalog price with more than 12 places is rounded half-even to 12, and the figure noted', () => {
    expect(catalogPrice.parse('0.28800000000000003')).toEqual({ amount: '0.288', roundedFrom: '0.28800000000000003' });
    expect(catalogPrice.parse('0.0000000000015')).toEqual({ amount: '0.000000000002', roundedFrom: '0.0000000000015' });
    expect(catalogPrice.parse('0.0000000000025')).toEqual({ amount: '0.000000000002', roundedFrom: '0.0000000000025' });
    expect(catalogPrice.parse('1e-13')).toEqual({ amount: '0', roundedFrom: '1e-13' });
    expect(catalogPrice.parse(`0.${'1'.repeat(200)}`).roundedFrom).toBe(`0.${'1'.repeat(97)}…`);
    // Every double JavaScript prints: the amount is the decimal of its shortest form rounded half-even to 12 places.
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e17, noNaN: true }), (value) => {
        const text = String(value);
        const exact = new ExactDecimal(text);
        const { amount, roundedFrom } = catalogPrice.parse(text);
        expect(amount).toBe(exact.toDecimalPlaces(12, ExactDecimal.ROUND_HALF_EVEN).abs().toFixed());
        expect(roundedFrom).toBe(exact.decimalPlaces() > 12 ? text : null);
      }),
      { numRuns: 2000 },
    );
  });

  it('an OData filter reads back the values it was built from, quotes included', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.option(fc.string({ minLength: 1 }), { nil: null }), (skuName, meterName) => {
        const filter = azureFilterText({ skuName, meterName, currencyCode: 'USD' });
        const expected = new Map([['skuName', skuName], ...(meterName === null ? [] : [['meterName', meterName] as [string, string]])]);
        expect(parseODataFilter(filter)).toEqual(expected);
      }),
    );
  });
});
