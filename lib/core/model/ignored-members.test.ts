import { describe, expect, it } from 'vitest';
import { closestField, memberPath, unknownMember } from './ignored-members';

describe('ignored members', () => {
  it('writes JSON paths from the root, bracketing keys that are not plain names', () => {
    expect(memberPath(memberPath(memberPath('$', 'elements'), 0), 'nmae')).toBe('$.elements[0].nmae');
    expect(memberPath('$', 'a.b')).toBe('$["a.b"]');
    expect(memberPath('$', '9lives')).toBe('$["9lives"]');
  });

  it.each([
    ['nmae', 'name'],
    ['Name', 'name'],
    ['sorce', 'source'],
    ['opertion', 'operation'],
    ['routing_key', 'routingKey'],
    ['expect', 'expected'],
    ['element', 'elements'],
    ['channel', null],
    ['ID', 'id'],
    ['to', null],
    ['identity', null],
  ])('guesses the field %s meant: %s', (key, meant) => {
    const known = ['id', 'name', 'source', 'operation', 'routingKey', 'expected', 'elements', 'change', 'toId'];
    expect(closestField(key, known)).toBe(meant);
  });

  it('quotes a key with control characters as JSON does', () => {
    expect(unknownMember('$', 'a\nb', ['name'], 'a channel')).toEqual({ path: '$["a\\nb"]', reason: 'a channel has no field a\\nb; ignored' });
  });
});
