import { describe, expect, it } from 'vitest';
import { createLogger, logFormatFromEnvironment, type LogLevel } from './logger';

function collecting(format: 'json' | 'text', level: LogLevel = 'info') {
  const lines: string[] = [];
  const log = createLogger({ level, format, now: () => new Date('2026-11-23T10:00:00.000Z'), write: (_, line) => lines.push(line) });
  return { lines, log };
}

describe('createLogger', () => {
  it('json: one object per line with time, level, message and the fields; a field cannot replace those three', () => {
    const { lines, log } = collecting('json');
    log.info('GET /health 200 3 ms', { type: 'access', status: 200, message: 'spoofed', level: 'error' });
    expect(JSON.parse(lines[0]!)).toEqual({ time: '2026-11-23T10:00:00.000Z', level: 'info', message: 'GET /health 200 3 ms', type: 'access', status: 200 });
  });

  it('json: an error keeps its stack in `error`, and a message with quotes or newlines stays on one line', () => {
    const { lines, log } = collecting('json');
    log.error('failed "here"\nand there', new Error('boom'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('\n');
    const entry = JSON.parse(lines[0]!);
    expect(entry.message).toBe('failed "here"\nand there');
    expect(entry.error).toMatch(/^Error: boom\n\s+at /);
  });

  it('text: time, padded level, message, then name=value fields', () => {
    const { lines, log } = collecting('text');
    log.warn('slow', { durationMs: 1200, routeKey: 'GET /health' });
    expect(lines).toEqual(['2026-11-23T10:00:00.000Z warn  slow durationMs=1200 routeKey=GET /health']);
  });

  it('drops entries below the level', () => {
    const { lines, log } = collecting('json', 'warn');
    log.info('quiet');
    log.debug('quieter');
    log.warn('loud');
    expect(lines.map((l) => JSON.parse(l).message)).toEqual(['loud']);
  });

  it('LOG_FORMAT: text only when asked, json otherwise', () => {
    expect(logFormatFromEnvironment('text')).toBe('text');
    expect(logFormatFromEnvironment(undefined)).toBe('json');
    expect(logFormatFromEnvironment('TEXT')).toBe('json');
  });
});

describe('createLogger json values', () => {
  it('numbers that JSON cannot hold are null, a field left undefined is left out, and names are escaped', () => {
    const { lines, log } = collecting('json');
    log.info('odd', { ratio: Number.NaN, big: Number.POSITIVE_INFINITY, flag: false, none: null, gone: undefined as unknown as string, 'a"b': 'x\ny' });
    expect(JSON.parse(lines[0]!)).toEqual({ time: '2026-11-23T10:00:00.000Z', level: 'info', message: 'odd', ratio: null, big: null, flag: false, none: null, 'a"b': 'x\ny' });
  });

  it('without a clock given, the time is the current time in ISO 8601', () => {
    const lines: string[] = [];
    const log = createLogger({ write: (_, line) => lines.push(line) });
    const before = Date.now();
    log.info('now');
    const time = Date.parse(JSON.parse(lines[0]!).time);
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(Date.now());
  });
});
