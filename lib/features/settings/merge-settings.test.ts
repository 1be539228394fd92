import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { effectiveSettings, laySettings } from './merge-settings';
import { builtInSettings, partialSettingsSchema, type PartialSettings } from './settings-schema';

// Partial documents as the schema accepts them: sections and keys left out at random, nullable keys sometimes null.
const partialDocument: fc.Arbitrary<PartialSettings> = fc.record(
  {
    import: fc.record({ maxFiles: fc.integer({ min: 1, max: 100_000 }), excludeGlobs: fc.array(fc.constantFrom('**/a/**', '*.tmp', 'dist/**'), { maxLength: 3 }) }, { requiredKeys: [] }),
    cost: fc.record({ currency: fc.constantFrom('USD', 'EUR', 'GBP'), region: fc.constantFrom('', 'westeurope') }, { requiredKeys: [] }),
    usage: fc.record({ monthlyAiBudgetUsd: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }), maxScansPerDay: fc.integer({ min: 0, max: 10_000 }) }, { requiredKeys: [] }),
    notifications: fc.record({ webhookUrl: fc.option(fc.constantFrom('', 'https://hooks.example.com/a'), { nil: null }) }, { requiredKeys: [] }),
    sharing: fc.record({ linkPolicy: fc.constantFrom('off' as const, 'password-only' as const, 'public' as const), embedHosts: fc.array(fc.constantFrom('https://a.example.com', 'https://*.b.example'), { maxLength: 2 }) }, { requiredKeys: [] }),
  },
  { requiredKeys: [] },
);

describe('laySettings', () => {
  const builtIns = builtInSettings('local');

  it('is associative over schema documents laid on the built-ins', () => {
    fc.assert(
      fc.property(partialDocument, partialDocument, (defaults, overrides) => {
        expect(laySettings(laySettings(builtIns, defaults), overrides)).toEqual(laySettings(builtIns, laySettings(defaults, overrides)));
      }),
    );
  });

  it('generated documents are ones the schema accepts', () => {
    fc.assert(fc.property(partialDocument, (document) => void expect(partialSettingsSchema.safeParse(document).success).toBe(true)));
  });

  it('a key left out of the overrides returns to the instance default; one left out of the defaults to the built-in', () => {
    fc.assert(
      fc.property(partialDocument, fc.integer({ min: 0, max: 10_000 }), (defaults, scans) => {
        const withOverride = effectiveSettings(builtIns, defaults, { usage: { maxScansPerDay: scans } });
        expect(withOverride.usage.maxScansPerDay).toBe(scans);
        const without = effectiveSettings(builtIns, defaults, {});
        expect(without.usage.maxScansPerDay).toBe(defaults.usage?.maxScansPerDay ?? builtIns.usage.maxScansPerDay);
      }),
    );
  });

  it('an explicit null wins over any value under it', () => {
    fc.assert(
      fc.property(partialDocument, (defaults) => {
        expect(effectiveSettings(builtIns, defaults, { usage: { monthlyAiBudgetUsd: null } }).usage.monthlyAiBudgetUsd).toBeNull();
        expect(effectiveSettings(builtIns, defaults, { notifications: { webhookUrl: null } }).notifications.webhookUrl).toBeNull();
      }),
    );
  });

  it('objects merge field by field, a list replaces the list under it whole', () => {
    const effective = effectiveSettings(builtIns, { import: { maxFiles: 10, excludeGlobs: ['a/**', 'b/**'] } }, { import: { excludeGlobs: ['c/**'] } });
    expect(effective.import).toEqual({ ...builtIns.import, maxFiles: 10, excludeGlobs: ['c/**'] });
  });

  it('changes neither input', () => {
    const defaults = { import: { maxFiles: 10 } };
    const before = structuredClone(builtIns);
    effectiveSettings(builtIns, defaults, { import: { maxFiles: 3 } });
    expect(builtIns).toEqual(before);
    expect(defaults).toEqual({ import: { maxFiles: 10 } });
  });
});
