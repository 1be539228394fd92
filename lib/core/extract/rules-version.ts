/**
 * The version of the extraction rules: a hash over a canonical description
 * of everything that decides what a scan reads and finds (skip reasons, the
 * directories never entered, the content clearance, every extractor with its
 * version and tables, the combining rules). The server and `svc scan` compare
 * it, so a client with other rules is refused before it reads a file
 * (part 2: the tool "reads no file when the server rules differ from its own").
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../model/canonical-json';
import { connectionConfidence, documentTitleConfidence, elementFieldPrecedence } from './combine-facts';
import { hostSettingPattern } from './connection-settings';
import { dotenvTemplateSuffixes, secretContentPatterns, secretFileNames, secretFileSuffixes } from './content-clearance';
import { extractors } from './extractor-registry';
import type { Extractor } from './file-facts';
import { binaryProbeBytes } from './file-content';
import { maxPathLength, neverEnteredDirectories, secretDirectories } from './path-filter';
import { skipReasons } from './skip-reasons';

/** Raised when the fact format or the key scheme changes. */
export const factFormatVersion = 1;

/** Everything that decides a scan's result, as plain data. */
export interface ExtractionRuleSet {
  factFormatVersion: number;
  skipReasons: readonly string[];
  neverEnteredDirectories: readonly string[];
  secretDirectories: readonly string[];
  maxPathLength: number;
  secretFileNames: readonly string[];
  secretFileSuffixes: readonly string[];
  dotenvTemplateSuffixes: readonly string[];
  secretContentPatterns: readonly { name: string; pattern: string; flags: string }[];
  binaryProbeBytes: number;
  hostSettingPattern: string;
  extractors: readonly { name: string; version: number; tables: unknown }[];
  combining: unknown;
}

/** The description of the rules built into this release (or of another extractor list, for tests). */
export function describeExtractionRules(extractorList: readonly Extractor[] = extractors): ExtractionRuleSet {
  return {
    factFormatVersion,
    skipReasons,
    neverEnteredDirectories,
    secretDirectories,
    maxPathLength,
    secretFileNames,
    secretFileSuffixes,
    dotenvTemplateSuffixes,
    secretContentPatterns: secretContentPatterns.map(({ name, pattern }) => ({ name, pattern: pattern.source, flags: pattern.flags })),
    binaryProbeBytes,
    hostSettingPattern: hostSettingPattern.source,
    extractors: extractorList.map(({ name, version, tables }) => ({ name, version, tables })),
    combining: { elementFieldPrecedence, connectionConfidence, documentTitleConfidence },
  };
}

/** SHA-256 (hex, first 16 characters) of a rule set's canonical JSON. */
export function rulesVersionOf(ruleSet: ExtractionRuleSet): string {
  return createHash('sha256').update(canonicalJson(ruleSet)).digest('hex').slice(0, 16);
}

/** The rules version of this release, e.g. `3f9a0c1d2b4e5f60`. */
export const extractionRulesVersion: string = rulesVersionOf(describeExtractionRules());
