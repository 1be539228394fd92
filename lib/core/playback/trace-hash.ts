/**
 * The `hash` of a run result (part 1 playback rule 13: "The same model
 * revision and scenario always give the same events and hash"): SHA-256, in
 * lower-case hex, of these bytes —
 *
 *   the number of events and the number of outcomes, each one word;
 *   per event, in sequence order, 13 words:
 *     sequence, atMs % 2^32, floor(atMs / 2^32), #kind, #stepId, attempt,
 *     #from, #to, #target, #payload, #detail, #message, #headers
 *   per outcome, in `outcomes` order, 2 words: #stepId, #outcome
 *   then one line per entry of the value table, in table order, in UTF-8:
 *     "T" JSON.stringify(text) "\n"     for a text
 *     "J" canonical JSON "\n"           for a JSON value (payload, headers)
 *
 * where a word is an unsigned 32-bit little-endian integer, null is
 * 0xFFFFFFFF, atMs is in whole milliseconds (timeouts and backoffs are whole
 * numbers), and `#x` is the 0-based position of x in the value table: the
 * distinct texts and the distinct JSON values (by canonical JSON: object keys
 * sorted by UTF-16 code units, no white space, scalars as JSON.stringify
 * writes them) of the events and outcomes, in order of first use (event by
 * event, fields in the order above, then the outcomes). So the hash does not
 * depend on the key order a store gives back, and each repeated ID, text or
 * payload is hashed once: an event is 52 bytes whatever its texts.
 */
import { createHash } from 'node:crypto';
import { endianness } from 'node:os';
import { canonicalJson } from '../model/canonical-json';
import type { PlaybackEvent, StepOutcomeEntry } from './playback-types';

// Null as a position: -1 in variables (a small integer for the engine), 0xFFFFFFFF once stored in a word.
const nullPosition = -1;
const wordsPerEvent = 13;
const chunkWords = 1 << 14;
const chunkBytes = chunkWords * 4;
// One buffer for every hash: hashing is synchronous, and a new 64 KiB buffer per run is memory outside the heap
// that the collector has to account for.
const chunk = Buffer.allocUnsafeSlow(chunkBytes);
const words = new Uint32Array(chunk.buffer, chunk.byteOffset, chunkWords);
// Words are written in the host's order and swapped before hashing where that is not little-endian.
const bigEndianHost = endianness() === 'BE';

/** The value table: positions by first use, and its lines for the hash. */
class ValueTable {
  readonly lines: string[] = [];
  private readonly texts = new Map<string, number>();
  private readonly jsonByValue = new Map<unknown, number>();
  private readonly jsonByText = new Map<string, number>();
  /** Per position: 1 for a text used as an ID, else 0. */
  private readonly isId: number[] = [];
  /** Per position of a JSON value: UTF-8 bytes of it as JSON, as the run result writes it (texts: 0). */
  private readonly sizes: number[] = [];
  /** The most UTF-8 bytes of a text as JSON string, quotes included (null: 4). */
  longestText = 4;

  /** Bytes of the JSON value at `position` as JSON (null: 4). */
  jsonBytes(position: number): number {
    return position < 0 ? 4 : this.sizes[position]!;
  }

  /** A text that is an ID (`from`, `to`, `target`, `message`). */
  id(value: string | null): number {
    const position = this.text(value);
    if (position >= 0) this.isId[position] = 1;
    return position;
  }

  /** The texts used as IDs, in order of first use. */
  ids(): string[] {
    const ids: string[] = [];
    for (const [value, position] of this.texts) if (this.isId[position] === 1) ids.push(value);
    return ids;
  }

  text(value: string | null): number {
    if (value === null) return nullPosition;
    let position = this.texts.get(value);
    if (position === undefined) {
      const json = JSON.stringify(value);
      position = this.lines.push(`T${json}\n`) - 1;
      this.isId.push(0);
      this.sizes.push(0);
      // A text that could not pass the longest even at 3 bytes a unit is not measured.
      const bytes = json.length * 3 <= this.longestText ? 0 : Buffer.byteLength(json, 'utf8');
      if (bytes > this.longestText) this.longestText = bytes;
      this.texts.set(value, position);
    }
    return position;
  }

  json(value: unknown): number {
    if (value === null || value === undefined) return nullPosition;
    let position = this.jsonByValue.get(value);
    if (position === undefined) {
      const canonical = canonicalJson(value);
      position = this.jsonByText.get(canonical);
      if (position === undefined) {
        position = this.lines.push(`J${canonical}\n`) - 1;
        this.isId.push(0);
        // Canonical JSON has the bytes of JSON.stringify's text: only the key order differs.
        this.sizes.push(Buffer.byteLength(canonical, 'utf8'));
        this.jsonByText.set(canonical, position);
      }
      this.jsonByValue.set(value, position);
    }
    return position;
  }
}

/** The hash of a trace, the IDs its events hold (what `labels` names) and the size of their JSON. */
export interface TraceDigest {
  hash: string;
  /** The distinct texts of the events' `from`, `to`, `target` and `message`, in order of first use. */
  ids: string[];
  /**
   * UTF-8 bytes of the `events` list as JSON, from above: payloads and
   * headers exact, each of the 7 texts of an event counted as the longest
   * text of the trace, member names and numbers at their longest. Every
   * event carries its payload, so the size grows with payloads, not only with
   * the event count.
   */
  eventsJsonBytes: number;
}

// One event's member names, braces, commas and its three numbers at their longest (JSON.stringify of a double: 24 characters).
const eventFrameBytes = '{"sequence":,"atMs":,"kind":,"stepId":,"attempt":,"from":,"to":,"target":,"payload":,"detail":,"message":,"headers":},'.length + 3 * 24;
const textsPerEvent = 7;

/**
 * The run hash over the events and outcomes, the IDs the events hold and the
 * size of their JSON, read in one pass (the table has each distinct value
 * once, measured once).
 *
 * @example
 * digestTrace([], []).hash // 'af5570f5…' (SHA-256 of eight zero bytes)
 */
export function digestTrace(events: readonly PlaybackEvent[], outcomes: readonly StepOutcomeEntry[]): TraceDigest {
  const table = new ValueTable();
  const hash = createHash('sha256');
  let w = 0;
  const flushWords = (): void => {
    const bytes = chunk.subarray(0, w * 4);
    hash.update(bigEndianHost ? bytes.swap32() : bytes);
    w = 0;
  };
  words[w++] = events.length;
  words[w++] = outcomes.length;
  // Neighbouring events mostly repeat a field (one delivery's step, message, payload, channel):
  // a one-entry memo per field skips most table lookups.
  // (Each memo starts at null, whose position is nullPosition.)
  let kind: string | null = null;
  let kindAt = nullPosition;
  let step: string | null = null;
  let stepAt = nullPosition;
  let from: string | null = null;
  let fromAt = nullPosition;
  let to: string | null = null;
  let toAt = nullPosition;
  let target: string | null = null;
  let targetAt = nullPosition;
  let payload: unknown = null;
  let payloadAt = nullPosition;
  let detail: string | null = null;
  let detailAt = nullPosition;
  let message: string | null = null;
  let messageAt = nullPosition;
  let headers: unknown = null;
  let headersAt = nullPosition;
  // Bytes of the events' payloads and headers as JSON; a memo miss changes them.
  let valueBytes = 8;
  let valuesJsonBytes = 0;
  for (let n = 0; n < events.length; n++) {
    const e = events[n]!;
    if (e.kind !== kind) kindAt = table.text((kind = e.kind));
    if (e.stepId !== step) stepAt = table.text((step = e.stepId));
    if (e.from !== from) fromAt = table.id((from = e.from));
    if (e.to !== to) toAt = table.id((to = e.to));
    if (e.target !== target) targetAt = table.id((target = e.target));
    if (e.payload !== payload) {
      payloadAt = table.json((payload = e.payload));
      valueBytes = table.jsonBytes(payloadAt) + table.jsonBytes(headersAt);
    }
    if (e.detail !== detail) detailAt = table.text((detail = e.detail));
    if (e.message !== message) messageAt = table.id((message = e.message));
    if (e.headers !== headers) {
      headersAt = table.json((headers = e.headers));
      valueBytes = table.jsonBytes(payloadAt) + table.jsonBytes(headersAt);
    }
    valuesJsonBytes += valueBytes;
    if (w + wordsPerEvent > chunkWords) flushWords();
    const atMs = e.atMs;
    // Most times are below 2^32: no division (a floating-point remainder costs a quarter of this loop).
    const atMsHigh = atMs < 0x100000000 ? 0 : Math.floor(atMs / 0x100000000);
    words[w] = e.sequence;
    words[w + 1] = atMs - atMsHigh * 0x100000000;
    words[w + 2] = atMsHigh;
    words[w + 3] = kindAt;
    words[w + 4] = stepAt;
    words[w + 5] = e.attempt ?? nullPosition;
    words[w + 6] = fromAt;
    words[w + 7] = toAt;
    words[w + 8] = targetAt;
    words[w + 9] = payloadAt;
    words[w + 10] = detailAt;
    words[w + 11] = messageAt;
    words[w + 12] = headersAt;
    w += wordsPerEvent;
  }
  for (const o of outcomes) {
    if (w + 2 > chunkWords) flushWords();
    words[w] = table.text(o.stepId);
    words[w + 1] = table.text(o.outcome);
    w += 2;
  }
  flushWords();
  hash.update(table.lines.join(''), 'utf8');
  const eventsJsonBytes = 2 + valuesJsonBytes + events.length * (eventFrameBytes + textsPerEvent * table.longestText);
  return { hash: hash.digest('hex'), ids: table.ids(), eventsJsonBytes };
}

/**
 * The run hash alone.
 *
 * @example
 * hashTrace([], []) // 'af5570f5…'
 */
export function hashTrace(events: readonly PlaybackEvent[], outcomes: readonly StepOutcomeEntry[]): string {
  return digestTrace(events, outcomes).hash;
}
