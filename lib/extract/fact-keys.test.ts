import { describe, expect, it } from 'vitest';
import { cleanDescription, cleanName, elementKey, jsonPointer, messageKey } from './fact-keys';

describe('fact keys', () => {
  it('meet for element names that differ only in case and spacing; keep the case of message names', () => {
    expect(elementKey('store', ' Orders  DB ')).toBe(elementKey('store', 'orders-db'));
    expect(messageKey('OrderPlaced')).not.toBe(messageKey('orderplaced'));
    expect(jsonPointer(['paths', '/orders/{id}', 'get', 0, 'a~b'])).toBe('/paths/~1orders~1{id}/get/0/a~0b');
  });

  it('take only names the model can hold', () => {
    expect(cleanName('  orders ')).toBe('orders');
    expect(cleanName('a\nb')).toBeNull();
    expect(cleanName('   ')).toBeNull();
    expect(cleanName('x'.repeat(201))).toBeNull();
    expect(cleanName(42)).toBeNull();
    expect(cleanDescription('line one\nline two')).toBe('line one\nline two');
    expect(cleanDescription('\u0000')).toBeNull();
    expect(Array.from(cleanDescription('😀'.repeat(3000))!)).toHaveLength(2000);
  });
});
