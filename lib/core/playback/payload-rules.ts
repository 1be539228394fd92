/**
 * Checks of the JSON values a scenario carries (`request`, `response`,
 * `payload`, `change`). Part 1 "Limits": "U+0000 is refused in payloads";
 * "Payload size | 64 KB; nested arrays and objects in a payload 32 (save)";
 * validation code invalid-payload: "Invalid Unicode, a number over 40
 * characters or outside 64-bit float range, or nesting over 64 levels".
 */
import { playbackLimits } from './playback-limits';
import { childPath } from './json-path';

/** Why a payload is refused: `not-json` is a value JSON cannot hold (a function, undefined, a class instance…). */
export type PayloadProblemKind = 'not-json' | 'nul' | 'invalid-unicode' | 'number' | 'too-deep';

/** One refused value inside a payload: its JSON path and the reason. */
export interface PayloadProblem {
  kind: PayloadProblemKind;
  path: string;
  message: string;
}

// With the `u` flag a well-paired surrogate is one code point, so `\p{Cs}` only matches a lone half.
const loneSurrogate = /\p{Cs}/u;

function textProblem(text: string): PayloadProblemKind | null {
  if (text.includes('\u0000')) return 'nul';
  if (loneSurrogate.test(text)) return 'invalid-unicode';
  return null;
}

const messages: Readonly<Record<PayloadProblemKind, string>> = {
  'not-json': 'is not a JSON value',
  nul: 'must not contain U+0000',
  'invalid-unicode': 'must be valid Unicode text',
  number: `must be a number of at most ${playbackLimits.numberCharacters} characters within the 64-bit float range`,
  'too-deep': 'nests arrays and objects too deeply',
};

interface Found {
  kind: PayloadProblemKind;
  segments: Array<string | number>;
}

function inspect(value: unknown, depth: number, maxDepth: number): Found | null {
  switch (typeof value) {
    case 'string': {
      const kind = textProblem(value);
      return kind ? { kind, segments: [] } : null;
    }
    case 'number':
      // JSON.parse turns a number outside the double range into ±Infinity; String() is the JSON text of a double.
      return Number.isFinite(value) && String(value).length <= playbackLimits.numberCharacters ? null : { kind: 'number', segments: [] };
    case 'boolean':
      return null;
    case 'object': {
      if (value === null) return null;
      if (depth + 1 > maxDepth) return { kind: 'too-deep', segments: [] };
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const found = inspect(value[i], depth + 1, maxDepth);
          if (found) {
            found.segments.unshift(i);
            return found;
          }
        }
        return null;
      }
      const prototype = Object.getPrototypeOf(value) as unknown;
      if (prototype !== Object.prototype && prototype !== null) return { kind: 'not-json', segments: [] };
      for (const key of Object.keys(value)) {
        const keyKind = textProblem(key);
        if (keyKind) return { kind: keyKind, segments: [key] };
        const found = inspect((value as Record<string, unknown>)[key], depth + 1, maxDepth);
        if (found) {
          found.segments.unshift(key);
          return found;
        }
      }
      return null;
    }
    default:
      return { kind: 'not-json', segments: [] };
  }
}

/**
 * The first refused value inside a payload (in document order), or null.
 * `maxDepth` is 32 when a scenario is saved and 64 when it is validated.
 *
 * @example
 * payloadProblem({ a: ['\u0000'] }, 'steps[0].payload', 32) // { kind: 'nul', path: 'steps[0].payload.a[0]', … }
 */
export function payloadProblem(value: unknown, path: string, maxDepth: number): PayloadProblem | null {
  const found = inspect(value, 0, maxDepth);
  if (!found) return null;
  let at = path;
  for (const segment of found.segments) at = childPath(at, segment);
  return { kind: found.kind, path: at, message: messages[found.kind] };
}

/** Bytes of the payload's JSON text in UTF-8: what "Payload size | 64 KB" measures. */
export function payloadBytes(value: unknown): number {
  if (value === null || value === undefined) return 0;
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}

// An upper bound of the JSON bytes: a UTF-16 unit is at most 6 bytes escaped (\uXXXX), plus quotes and separators.
function sizeBound(value: unknown, limit: number): number {
  switch (typeof value) {
    case 'string':
      return value.length * 6 + 2;
    case 'number':
      return 25;
    case 'boolean':
      return 5;
    case 'object': {
      if (value === null) return 4;
      let total = 2;
      if (Array.isArray(value)) {
        for (const item of value) {
          total += sizeBound(item, limit) + 1;
          if (total > limit) return total;
        }
        return total;
      }
      for (const key of Object.keys(value)) {
        total += key.length * 6 + 4 + sizeBound((value as Record<string, unknown>)[key], limit);
        if (total > limit) return total;
      }
      return total;
    }
    default:
      return 4;
  }
}

/**
 * True when the payload's JSON text is at most `limitBytes` in UTF-8. A cheap
 * bound answers for most payloads; only a payload near the limit is serialised.
 */
export function payloadFits(value: unknown, limitBytes: number): boolean {
  return sizeBound(value, limitBytes) <= limitBytes || payloadBytes(value) <= limitBytes;
}
