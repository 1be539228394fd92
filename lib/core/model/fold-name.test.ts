import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldName, foldedNameOf } from './fold-name';

const everyCodePoint = function* () {
  for (let cp = 0; cp <= 0x10ffff; cp++) if (cp < 0xd800 || cp > 0xdfff) yield String.fromCodePoint(cp);
};

describe('foldName', () => {
  it('folds İstanbul, ISTANBUL and istanbul alike, and STRASSE, Straße and STRAẞE to strasse', () => {
    expect(new Set(['İstanbul', 'ISTANBUL', 'istanbul', 'i\u0307stanbul', 'İSTANBUL'].map(foldName))).toEqual(new Set(['istanbul']));
    expect(new Set(['STRASSE', 'Straße', 'STRAẞE', 'strasse', 'ſtraſſe'].map(foldName))).toEqual(new Set(['strasse']));
  });

  it('folds Greek final and medial sigma alike, ligatures and title case to their letters', () => {
    expect(foldName('ΟΔΟΣ')).toBe(foldName('οδος'));
    expect(foldName('ΣΟΦΊΑ')).toBe('σοφία');
    expect(foldName('ﬁle')).toBe('file');
    expect(foldName('ǅemal')).toBe('ǆemal');
  });

  it('keeps what case folding keeps: dotless ı, accents, other scripts and symbols', () => {
    expect(foldName('ıSTANBUL')).toBe('ıstanbul');
    expect(foldName('Ärger Überweisung')).toBe('ärger überweisung');
    expect(foldName('e\u0301')).toBe('e\u0301');
    expect(foldName('店 🙂 %_\\')).toBe('店 🙂 %_\\');
  });

  it('is idempotent and agrees with lower case on every code point', () => {
    const differing: string[] = [];
    for (const c of everyCodePoint()) {
      const folded = foldName(c);
      if (foldName(folded) !== folded) differing.push(`idempotence ${c.codePointAt(0)!.toString(16)}`);
      if (foldName(c.toLowerCase()) !== folded) differing.push(`lower ${c.codePointAt(0)!.toString(16)}`);
    }
    expect(differing).toEqual([]);
  });

  it('maps each code point on its own, so a substring of a name folds to a substring of the folded name', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (a, b, c) => {
        expect(foldName(a + b + c)).toBe(foldName(a) + foldName(b) + foldName(c));
        expect(foldName(a + b + c).includes(foldName(b))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('folds the name of records that have one; null for the others', () => {
    expect(foldedNameOf({ id: 'x', name: 'Web Shop' })).toBe('web shop');
    expect(foldedNameOf({ id: 'x', label: 'Calls' })).toBeNull();
  });
});
