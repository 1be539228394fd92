import { describe, expect, it } from 'vitest';
import { channelKey, cleanDescription, cleanName, elementKey, jsonPointer, messageKey } from './fact-keys';

describe('fact keys', () => {
  it('meet for element names that differ only in case and spacing; keep the case of message names', () => {
    expect(elementKey('store', ' Orders  DB ')).toBe(elementKey('store', 'orders-db'));
    expect(messageKey('OrderPlaced')).not.toBe(messageKey('orderplaced'));
    expect(jsonPointer(['paths', '/orders/{id}', 'get', 0, 'a~b'])).toBe('/paths/~1orders~1{id}/get/0/a~0b');
  });

  it('keep a channel or message name apart per broker and per document, and leave an unscoped name as it is', () => {
    expect(channelKey('orders.placed', { broker: 'rabbitmq' })).toBe('channel://rabbitmq/orders.placed');
    expect(channelKey('heartbeat', { document: 'tools/a/asyncapi.yaml' })).toBe('channel:tools/a/asyncapi.yaml#heartbeat');
    expect(channelKey('billing')).toBe('channel:billing');
    expect(messageKey(' Heartbeat ', { document: 'a.yaml' })).toBe('message:a.yaml#Heartbeat');
    const keys = [channelKey('x', { broker: 'a' }), channelKey('x', { broker: 'b' }), channelKey('x', { document: 'a' }), channelKey('x'), channelKey('a/x')];
    expect(new Set(keys).size).toBe(keys.length);
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
