import { randomBytes } from 'node:crypto';

let lastMs = 0;
let sequence = 0;

/**
 * A new price ID: a UUID version 7 (RFC 9562 5.7), whose first 48 bits are the milliseconds of
 * its making, so the price list ordered by ID (its page index) is oldest first. Within one
 * millisecond a 12-bit sequence keeps IDs of one process rising (a CSV of many rows keeps its order).
 */
export function newPriceId(nowMs: number = Date.now()): string {
  let ms = Math.max(nowMs, lastMs);
  if (ms === lastMs) {
    sequence += 1;
    if (sequence > 0xfff) {
      ms += 1;
      sequence = randomBytes(2).readUInt16BE() & 0x7ff;
    }
  } else {
    // A random start leaves room to count up before the sequence runs out.
    sequence = randomBytes(2).readUInt16BE() & 0x7ff;
  }
  lastMs = ms;
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
