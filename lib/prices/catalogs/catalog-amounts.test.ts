import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogPrice } from './catalog-amount';
import { azureFilterText } from './azure-retail-prices';
import { moneyAmount } from './gcp-billing-catalog';
import { parseODataFilter } from '../../../test/support/fake-catalogs/fake-azure-prices';

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
    expect(catalogPrice.parse('0.0116000000')).toBe('0.0116');
    expect(catalogPrice.parse('1.1E-05')).toBe('0.000011');
    expect(catalogPrice.parse('123456789012.123456')).toBe('123456789012.123456');
    expect(catalogPrice.parse(0.1)).toBe('0.1');
    for (const bad of ['-1', 'free', '1e-13', '', 'NaN', '1e20']) expect(catalogPrice.safeParse(bad).success).toBe(false);
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
