import { describe, expect, it } from 'vitest';
import { extractors } from './extractor-registry';
import { packageJsonExtractor } from './extractors/package-json';
import { describeExtractionRules, extractionRulesVersion, rulesVersionOf } from './rules-version';

describe('extractionRulesVersion', () => {
  it('is 16 hex digits of the rule set of this release, the same each time it is computed', () => {
    expect(extractionRulesVersion).toMatch(/^[0-9a-f]{16}$/);
    expect(rulesVersionOf(describeExtractionRules())).toBe(extractionRulesVersion);
  });

  it('describes the rules as plain data (a regular expression or function would hash as nothing)', () => {
    const description = describeExtractionRules();
    expect(JSON.parse(JSON.stringify(description))).toEqual(description);
    expect(description.extractors.map((extractor) => extractor.name)).toEqual(extractors.map((extractor) => extractor.name));
  });

  it('changes when any rule list, table, extractor or version changes', () => {
    const base = describeExtractionRules();
    const changed = [
      { ...base, neverEnteredDirectories: [...base.neverEnteredDirectories, 'target'] },
      { ...base, secretDirectories: base.secretDirectories.slice(1) },
      { ...base, secretFileNames: [...base.secretFileNames, '.boto'] },
      { ...base, secretFileSuffixes: base.secretFileSuffixes.slice(0, -1) },
      { ...base, secretContentPatterns: [...base.secretContentPatterns, { name: 'x', pattern: 'x', flags: '' }] },
      { ...base, skipReasons: [...base.skipReasons, 'other'] },
      { ...base, binaryProbeBytes: 4096 },
      describeExtractionRules(extractors.slice(1)),
      describeExtractionRules([...extractors].reverse()),
      describeExtractionRules(extractors.map((extractor) => (extractor === packageJsonExtractor ? { ...extractor, version: extractor.version + 1 } : extractor))),
      describeExtractionRules(extractors.map((extractor) => (extractor === packageJsonExtractor ? { ...extractor, tables: { runtime: 'Node', frameworks: {} } } : extractor))),
    ];
    const versions = changed.map(rulesVersionOf);
    for (const version of versions) expect(version).not.toBe(extractionRulesVersion);
    expect(new Set(versions).size).toBe(versions.length);
  });
});
