import { secretContentPatterns } from '../../core/extract/content-clearance';
import type { AiDataPart } from './ai-task';

/**
 * Part 1 "AI design proposals": the prompt never carries a secret. Before a prompt is built, every
 * data part is cleared the way a scan clears files (lib/core/extract/content-clearance.ts): text a
 * secret pattern matches (private keys, cloud and host tokens) and the value of any credential
 * the workspace holds are replaced by a marker naming what was taken out. Values shorter than
 * `shortestWithheldValue` are not searched for: they would mark ordinary words.
 */
export const shortestWithheldValue = 8;

const globalPatterns = secretContentPatterns.map(({ name, pattern }) => ({ name, pattern: new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`) }));

/** The text with secrets replaced by `[withheld: <what>]`. */
export function withholdSecrets(text: string, secretValues: readonly string[]): string {
  let cleared = text;
  for (const value of secretValues) if (value.length >= shortestWithheldValue) cleared = cleared.split(value).join('[withheld: workspace credential]');
  for (const { name, pattern } of globalPatterns) cleared = cleared.replace(pattern, `[withheld: ${name}]`);
  return cleared;
}

/** Every part cleared of secrets; labels too, since they may name a file or a record. */
export function withholdSecretsInParts(parts: readonly AiDataPart[], secretValues: readonly string[]): AiDataPart[] {
  return parts.map((part) => ({ ...part, label: withholdSecrets(part.label, secretValues), text: withholdSecrets(part.text, secretValues) }));
}
