import { describe, expect, it } from 'vitest';
import { StartupRefusalError } from '../config/startup-refusal';
import { readDatabasePoolSize } from './database-pool-size';

describe('readDatabasePoolSize', () => {
  it('is 2 when Database__MaxPoolSize is unset or empty', () => {
    expect(readDatabasePoolSize({})).toBe(2);
    expect(readDatabasePoolSize({ Database__MaxPoolSize: ' ' })).toBe(2);
  });

  it('reads a whole number and moves it into 1..100', () => {
    expect(readDatabasePoolSize({ Database__MaxPoolSize: '1' })).toBe(1);
    expect(readDatabasePoolSize({ Database__MaxPoolSize: ' 5 ' })).toBe(5);
    expect(readDatabasePoolSize({ Database__MaxPoolSize: '0' })).toBe(1);
    expect(readDatabasePoolSize({ Database__MaxPoolSize: '500' })).toBe(100);
  });

  it('refuses anything else with a message naming the variable and the fix', () => {
    expect(() => readDatabasePoolSize({ Database__MaxPoolSize: 'two' })).toThrow(StartupRefusalError);
    expect(() => readDatabasePoolSize({ Database__MaxPoolSize: '1.5' })).toThrow(/Database__MaxPoolSize must be a whole number \(got "1\.5"\)\. Set a number from 1 to 100/);
  });
});
