/**
 * How much JSON a trace's events make, from above: the run result carries
 * every event with its payload and headers, so the size grows with payloads,
 * not only with the event count (playbackLimits.traceJsonBytes).
 */
import { payloadBytes } from './payload-rules';
import type { PlaybackEvent } from './playback-types';

// An event's member names, numbers, kind and three GUIDs take under 320 bytes; texts at most 6 bytes per UTF-16 unit escaped.
const eventFrameBytes = 320;
const bytesPerUnit = 6;

/**
 * An upper bound of the UTF-8 bytes of the events' JSON (commas and brackets
 * included). Each payload and headers object is measured once: the events of
 * one message share them.
 *
 * @example
 * traceJsonBytesBound(result.events) > playbackLimits.traceJsonBytes // trace-too-large
 */
export function traceJsonBytesBound(events: readonly PlaybackEvent[]): number {
  const measured = new Map<unknown, number>();
  const bytesOf = (value: unknown): number => {
    if (value === null) return 4;
    let bytes = measured.get(value);
    if (bytes === undefined) {
      bytes = payloadBytes(value);
      measured.set(value, bytes);
    }
    return bytes;
  };
  let total = 2;
  let payload: unknown = null;
  let payloadSize = 4;
  let headers: unknown = null;
  let headersSize = 4;
  for (const event of events) {
    if (event.payload !== payload) payloadSize = bytesOf((payload = event.payload));
    if (event.headers !== headers) headersSize = bytesOf((headers = event.headers));
    total += eventFrameBytes + payloadSize + headersSize + bytesPerUnit * ((event.stepId?.length ?? 0) + (event.detail?.length ?? 0));
  }
  return total;
}
