import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpProblem } from './problem';
import { parseBody, parseQuery } from './parse-input';

const errorsOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpProblem) return { errors: error.errors, detail: error.detail };
    throw error;
  }
  throw new Error('it did not refuse');
};

describe('request errors', () => {
  const schema = z.strictObject({
    name: z.string('must be a string'),
    notes: z.string().nullable(),
    kind: z.enum(['a', 'b']).nullable(),
    size: z.union([z.int(), z.string()]).nullable(),
    later: z.string().optional(),
    inner: z.strictObject({ when: z.string().nullable(), what: z.number() }),
    items: z.array(z.strictObject({ id: z.string(), label: z.string().nullable() })),
    picked: z.discriminatedUnion('type', [z.strictObject({ type: z.literal('x'), x: z.number().nullable() }), z.strictObject({ type: z.literal('y'), y: z.number() })]),
  });
  const whole = { name: 'n', notes: null, kind: null, size: null, inner: { when: null, what: 1 }, items: [{ id: 'i', label: null }], picked: { type: 'x', x: null } };

  it('names a member left out as required, and says when it may be null, at any depth', () => {
    const { notes: _, kind: __, size: ___, name: ____, ...rest } = whole;
    const refused = errorsOf(() => parseBody(schema, { ...rest, inner: { what: 1 }, items: [{ id: 'i' }, { label: 'l' }], picked: { type: 'y' } }));
    expect(refused.errors).toEqual([
      { field: 'name', message: 'is required' },
      { field: 'notes', message: 'is required (it may be null)' },
      { field: 'kind', message: 'is required (it may be null)' },
      { field: 'size', message: 'is required (it may be null)' },
      { field: 'inner.when', message: 'is required (it may be null)' },
      { field: 'items[0].label', message: 'is required (it may be null)' },
      { field: 'items[1].id', message: 'is required' },
      { field: 'picked.y', message: 'is required' },
    ]);
    expect(refused.detail).toBe('name: is required');
    expect(errorsOf(() => parseBody(schema, { ...whole, picked: { type: 'x' } })).errors).toEqual([{ field: 'picked.x', message: 'is required (it may be null)' }]);
  });

  it('keeps the words of a value that is there, and leaves the request as it came', () => {
    const body = { ...whole, notes: 7, name: null, inner: { what: 1 } };
    const copy = structuredClone(body);
    expect(errorsOf(() => parseBody(schema, body)).errors).toEqual([
      { field: 'name', message: 'must be a string' },
      { field: 'notes', message: expect.not.stringContaining('required') },
      { field: 'inner.when', message: 'is required (it may be null)' },
    ]);
    expect(body).toEqual(copy);
  });

  it('a query parameter left out is required (a query has no null)', () => {
    const query = z.strictObject({ kind: z.string('must be a string'), page: z.string().optional() });
    expect(errorsOf(() => parseQuery(query, new URLSearchParams('page=2'))).errors).toEqual([{ field: 'kind', message: 'is required' }]);
  });
});
