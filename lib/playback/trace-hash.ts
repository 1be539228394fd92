/**
 * The `hash` of a run result (part 1 playback rule 13: "The same model
 * revision and scenario always give the same events and hash"): SHA-256, in
 * lower-case hex, of this UTF-8 text —
 *
 *   one line per event, in sequence order:
 *     "E[" sequence "," atMs "," #kind "," #stepId "," attempt "," #from "," #to ","
 *          #target "," #payload "," #detail "," #message "," #headers "]\n"
 *   then one line per outcome, in `outcomes` order:
 *     "O[" #stepId "," #outcome "]\n"
 *   then one line per entry of the value table, in table order:
 *     "T" JSON.stringify(text) "\n"     for a text
 *     "J" canonical JSON "\n"           for a JSON value (payload, headers)
 *
 * where numbers are written as JSON writes them, null as `null`, and `#x` is
 * the 0-based position of x in the value table: the distinct texts and the
 * distinct JSON values (by canonical JSON: object keys sorted by UTF-16 code
 * units, no white space, scalars as JSON.stringify writes them) of the lines
 * above, in order of first use. So the hash does not depend on the key order a
 * store gives back, and each repeated ID, text or payload is hashed once: the
 * text stays a few dozen bytes per event.
 */
import { createHash } from 'node:crypto';
import type { PlaybackEvent, StepOutcomeEntry } from './playback-types';

/** JSON text with object keys sorted, so that equal values give equal text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i++) text += (i === 0 ? '' : ',') + canonicalJson(value[i]);
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  // Few keys (most payload objects): in place, by UTF-16 code units as sort() orders strings, since
  // sort() would allocate a work copy for each object.
  if (keys.length > 16) keys.sort();
  else for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    while (j >= 0 && keys[j]! > key) {
      keys[j + 1] = keys[j]!;
      j--;
    }
    keys[j + 1] = key;
  }
  let text = '{';
  for (let i = 0; i < keys.length; i++) text += `${i === 0 ? '' : ','}${JSON.stringify(keys[i])}:${canonicalJson(record[keys[i]!])}`;
  return `${text}}`;
}

// The event and outcome lines are ASCII: written byte by byte into a buffer fed to the hash,
// the same bytes as the text above without building strings (about half the time of a run otherwise).
const chunkBytes = 1 << 16;
const longestLine = 12 * 24 + 8;

/** Writes a number as JSON writes it (or `null`) at `at`; returns the position after it. */
function writeNumber(buffer: Uint8Array, at: number, value: number | null): number {
  if (value === null) {
    buffer[at] = 110;
    buffer[at + 1] = 117;
    buffer[at + 2] = 108;
    buffer[at + 3] = 108;
    return at + 4;
  }
  if (value >= 0 && value < 10 && Number.isInteger(value)) {
    buffer[at] = 48 + value;
    return at + 1;
  }
  if (!Number.isSafeInteger(value) || value < 0) {
    const text = JSON.stringify(value);
    for (let i = 0; i < text.length; i++) buffer[at + i] = text.charCodeAt(i);
    return at + text.length;
  }
  let digits = 1;
  for (let bound = 10; bound <= value; bound *= 10) digits++;
  if (value < 0x80000000) {
    // Small integers (positions, sequences, most times): 32-bit integer arithmetic.
    let rest = value | 0;
    for (let i = at + digits - 1; i >= at; i--) {
      const next = (rest / 10) | 0;
      buffer[i] = 48 + rest - next * 10;
      rest = next;
    }
    return at + digits;
  }
  let rest = value;
  for (let i = at + digits - 1; i >= at; i--) {
    const next = Math.floor(rest / 10);
    buffer[i] = 48 + (rest - next * 10);
    rest = next;
  }
  return at + digits;
}

/**
 * The run hash over the events and outcomes.
 *
 * @example
 * hashTrace([], []) // 'e3b0c442…' (SHA-256 of the empty text)
 */
export function hashTrace(events: readonly PlaybackEvent[], outcomes: readonly StepOutcomeEntry[]): string {
  const table: string[] = [];
  const texts = new Map<string, number>();
  const jsonByValue = new Map<unknown, number>();
  const jsonByText = new Map<string, number>();
  const text = (value: string | null): number | null => {
    if (value === null) return null;
    let position = texts.get(value);
    if (position === undefined) {
      position = table.push(`T${JSON.stringify(value)}\n`) - 1;
      texts.set(value, position);
    }
    return position;
  };
  const json = (value: unknown): number | null => {
    if (value === null || value === undefined) return null;
    let position = jsonByValue.get(value);
    if (position === undefined) {
      const canonical = canonicalJson(value);
      position = jsonByText.get(canonical);
      if (position === undefined) {
        position = table.push(`J${canonical}\n`) - 1;
        jsonByText.set(canonical, position);
      }
      jsonByValue.set(value, position);
    }
    return position;
  };
  // Neighbouring events mostly repeat a field (one delivery's step, message,
  // payload, channel): a one-entry memo per field skips most table lookups.
  const memo = <T>(lookup: (value: T) => number | null) => {
    let primed = false;
    let last: T | undefined;
    let position: number | null = null;
    return (value: T): number | null => {
      if (!primed || value !== last) {
        primed = true;
        last = value;
        position = lookup(value);
      }
      return position;
    };
  };
  const memoText = () => memo(text);
  const memoJson = () => memo(json);
  const [kindOf, stepOf, fromOf, toOf, targetOf, detailOf, messageOf] = [memoText(), memoText(), memoText(), memoText(), memoText(), memoText(), memoText()];
  const [payloadOf, headersOf] = [memoJson(), memoJson()];
  const hash = createHash('sha256');
  const buffer = new Uint8Array(chunkBytes);
  let at = 0;
  const comma = 44;
  for (const e of events) {
    if (at > chunkBytes - longestLine) {
      hash.update(buffer.subarray(0, at));
      at = 0;
    }
    buffer[at++] = 69; // E
    buffer[at++] = 91; // [
    at = writeNumber(buffer, at, e.sequence);
    buffer[at++] = comma;
    at = writeNumber(buffer, at, e.atMs);
    buffer[at++] = comma;
    at = writeNumber(buffer, at, kindOf(e.kind));
    buffer[at++] = comma;
    at = writeNumber(buffer, at, stepOf(e.stepId));
    buffer[at++] = comma;
    at = writeNumber(buffer, at, e.attempt);
    buffer[at++] = comma;
    at = writeNumber(buffer, at, fromOf(e.from));
    buffer[at++] = comma;
    at = writeNumber(buffer, at, toOf(e.to));
    buffer[at++] = comma;
    at = writeNumber(buffer, at, targetOf(e.target));
    buffer[at++] = comma;
    at = writeNumber(buffer, at, payloadOf(e.payload));
    buffer[at++] = comma;
    at = writeNumber(buffer, at, detailOf(e.detail));
    buffer[at++] = comma;
    at = writeNumber(buffer, at, messageOf(e.message));
    buffer[at++] = comma;
    at = writeNumber(buffer, at, headersOf(e.headers));
    buffer[at++] = 93; // ]
    buffer[at++] = 10; // \n
  }
  for (const o of outcomes) {
    if (at > chunkBytes - longestLine) {
      hash.update(buffer.subarray(0, at));
      at = 0;
    }
    buffer[at++] = 79; // O
    buffer[at++] = 91;
    at = writeNumber(buffer, at, text(o.stepId));
    buffer[at++] = comma;
    at = writeNumber(buffer, at, text(o.outcome));
    buffer[at++] = 93;
    buffer[at++] = 10;
  }
  hash.update(buffer.subarray(0, at));
  for (let i = 0; i < table.length; i += 1024) hash.update(table.slice(i, i + 1024).join(''), 'utf8');
  return hash.digest('hex');
}
