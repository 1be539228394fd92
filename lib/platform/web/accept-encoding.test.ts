import { describe, expect, it } from 'vitest';
import { preferredCoding } from './accept-encoding';

describe('preferredCoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
    ['identity', 'identity'],
    ['GZIP', 'gzip'],
    ['gzip;q=abc', 'identity'],
  ] as const)('%j → %s', (header, coding) => {
    expect(preferredCoding(header)).toBe(coding);
  });
});
