import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyCodes } from './currency-codes';
import { PriceCsvRefusal, readPriceCsv } from './price-csv';
import { customPriceFields } from './price-rules';

/**
 * The price CSV reader: what any CSV writer following RFC 4180 writes comes back field for
 * field, on the line it starts; and no text, however broken, does anything but answer rows or
 * refuse the whole CSV.
 */

/** RFC 4180 as a spreadsheet writes it: quoted when a field holds a comma, a quote, a line break or edge spaces. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) || value.trim() !== value ? `"${value.replaceAll('"', '""')}"` : value;
}

// One line of text the short-text rule takes: no control characters, something left after trimming.
const lineText = fc
  .string({ unit: fc.constantFrom('a', 'Z', '7', ' ', ',', '"', "'", ';', 'é', '€', '😀', '-', '.'), minLength: 1, maxLength: 12 })
  .filter((text) => text.trim() !== '');
// Free text: line breaks of both kinds inside, commas and quotes.
const freeText = fc.string({ unit: fc.constantFrom('a', ' ', ',', '"', '\n', '\r\n', '\t', 'ß', '""'), maxLength: 20 });
const amount = fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 6 })).map(([units, scale]) => {
  const digits = units.toString().padStart(scale + 1, '0');
  return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
});
const day = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
const row = fc.record({
  provider: lineText,
  region: fc.option(lineText, { nil: null }),
  sku: lineText,
  description: freeText,
  unit: lineText,
  unitPrice: amount,
  currency: fc.constantFrom(...currencyCodes),
  effectiveDate: day,
});

const canonical = (text: string) => {
  const [whole, fraction = ''] = text.split('.');
  const trimmedWhole = whole!.replace(/^0+(?=\d)/, '');
  const trimmedFraction = fraction.replace(/0+$/, '');
  return trimmedFraction === '' ? trimmedWhole : `${trimmedWhole}.${trimmedFraction}`;
};

describe('readPriceCsv', () => {
  it('reads back what a CSV writer wrote, in any column order, with either line end and an optional BOM, on the right lines', () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 8 }), fc.shuffledSubarray([...customPriceFields], { minLength: 8 }), fc.constantFrom('\n', '\r\n'), fc.boolean(), (rows, columns, newline, bom) => {
        const lines = [columns.join(','), ...rows.map((r) => columns.map((column) => csvField(r[column] ?? '')).join(','))];
        const text = `${bom ? '\ufeff' : ''}${lines.join(newline)}${newline}`;
        const read = readPriceCsv(text);
        expect(read.refused).toEqual([]);
        expect(read.entries.map((e) => e.entry)).toEqual(
          rows.map((r) => ({
            source: 'csv',
            catalogRef: null,
            roundedFrom: null,
            provider: r.provider.trim(),
            region: r.region === null ? null : r.region.trim(),
            sku: r.sku.trim(),
            description: r.description === '' ? null : r.description,
            unit: r.unit.trim(),
            unitPrice: canonical(r.unitPrice),
            currency: r.currency,
            effectiveDate: r.effectiveDate,
          })),
        );
        // Each row starts on the line after every line break written before it.
        let line = 1 + lines[0]!.split('\n').length - 1;
        const expectedLines = lines.slice(1).map((written) => {
          line += 1;
          const start = line;
          line += written.split('\n').length - 1;
          return start;
        });
        expect(read.entries.map((e) => e.line)).toEqual(expectedLines);
      }),
      { numRuns: 300 },
    );
  });

  it('never fails on any text: it answers rows (added or refused) or refuses the whole CSV', () => {
    const header = customPriceFields.join(',');
    const anyText = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r', '\r\n', ' ', '\ufeff', '1', '.', '-', '\u0000'), maxLength: 200 }),
      fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('utf8')),
    );
    fc.assert(
      fc.property(fc.boolean(), anyText, (withHeader, body) => {
        const text = withHeader ? `${header}\n${body}` : body;
        try {
          const read = readPriceCsv(text);
          for (const refused of read.refused) {
            expect(refused.line).toBeGreaterThanOrEqual(2);
            expect(refused.errors.length).toBeGreaterThan(0);
          }
          for (const { entry } of read.entries) expect(entry.source).toBe('csv');
        } catch (error) {
          expect(error).toBeInstanceOf(PriceCsvRefusal);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('names the line a row starts on past empty lines and quoted line breaks', () => {
    const header = customPriceFields.join(',');
    const read = readPriceCsv(`${header}\r\n\r\n\r\nx,,s,"a\nb\nc",h,1,USD,2025-01-01\r\nx,,s,,h,bad,USD,2025-01-01\n\ny,,s,,h,2,USD,2025-13-01`);
    expect(read.entries.map((e) => e.line)).toEqual([4]);
    expect(read.refused.map((r) => [r.line, r.errors.map((e) => e.field)])).toEqual([
      [7, ['unitPrice']],
      [9, ['effectiveDate']],
    ]);
  });
});
