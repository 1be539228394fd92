import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCurrencyCode } from './currency-codes';
import { isCalendarDate } from '../../platform/calendar/calendar-date';
import { customPriceRequest } from './price-rules';

describe('price field rules', () => {
  it('a calendar date is a day the Gregorian calendar has, written YYYY-MM-DD', () => {
    const daysIn = (year: number, month: number) => [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), (year, month, day) => {
        const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        const real = year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
        expect(isCalendarDate(text)).toBe(real);
      }),
      { numRuns: 5000 },
    );
    for (const text of ['2025-1-01', '2025-01-01T00:00:00Z', ' 2025-01-01', '20250101', '+02025-01-01']) expect(isCalendarDate(text)).toBe(false);
  });

  it('a currency is an ISO 4217 code in upper case; the testing and no-currency codes are not', () => {
    for (const code of ['USD', 'EUR', 'JPY', 'CHF', 'XAU', 'XCG']) expect(isCurrencyCode(code)).toBe(true);
    for (const code of ['usd', 'US', 'USDX', 'XTS', 'XXX', 'ABC', 'DEM', 'HRK']) expect(isCurrencyCode(code)).toBe(false);
  });

  it('a custom price keeps the amount exactly and the texts trimmed', () => {
    const parsed = customPriceRequest.parse({ provider: ' aws ', region: null, sku: 't3.micro', description: ' two\nlines ', unit: 'Hrs', unitPrice: '0.010400', currency: 'USD', effectiveDate: '2024-02-29' });
    expect(parsed).toEqual({ provider: 'aws', region: null, sku: 't3.micro', description: ' two\nlines ', unit: 'Hrs', unitPrice: '0.0104', currency: 'USD', effectiveDate: '2024-02-29' });
  });
});
