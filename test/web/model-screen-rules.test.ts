import { describe, expect, it } from 'vitest';
import { ApiError } from '../../web/src/api/client';
import { buildElementTree, countMatches } from '../../web/src/screens/model/element-tree';
import { formFieldOf, splitFieldErrors } from '../../web/src/screens/model/field-errors';
import { matchesFilters, readFilters } from '../../web/src/screens/model/record-filters';
import { toFormValues, toRecordBody } from '../../web/src/screens/model/record-form-values';
import type { ElementRecord } from '../../lib/core/model/model-records';

/** The pure rules behind the model screens: the tree, the filters, where an API message goes, and the form's body. */

const element = (id: string, name: string, parentId: string | null, extra: Partial<ElementRecord> = {}): ElementRecord => ({
  id,
  kind: parentId ? 'app' : 'system',
  name,
  description: null,
  technology: null,
  status: 'current',
  parentId,
  tags: [],
  icon: null,
  factStatus: 'declared',
  provenance: null,
  stale: null,
  ...extra,
});

describe('the element tree', () => {
  const elements = [element('a', 'Shop', null), element('b', 'Web', 'a', { factStatus: 'inferred' }), element('c', 'Api', 'a'), element('d', 'Lost', 'not-loaded'), element('e', 'Checkout', 'b')];

  it('nests by parent, sorts by name, and puts an element whose parent is not loaded at the top, marked', () => {
    const tree = buildElementTree(elements);
    expect(tree.map((n) => [n.element.name, n.parentMissing])).toEqual([
      ['Lost', true],
      ['Shop', false],
    ]);
    expect(tree[1]!.children.map((n) => n.element.name)).toEqual(['Api', 'Web']);
    expect(tree[1]!.children[1]!.children.map((n) => n.element.name)).toEqual(['Checkout']);
  });

  it('with a filter keeps the matches and their ancestors, the ancestors marked as context', () => {
    const filters = readFilters(new URLSearchParams('truth=inferred'));
    const tree = buildElementTree(elements, (e) => matchesFilters(e, filters));
    expect(tree.map((n) => [n.element.name, n.matches])).toEqual([['Shop', false]]);
    expect(tree[0]!.children.map((n) => [n.element.name, n.matches, n.children.length])).toEqual([['Web', true, 0]]);
    expect(countMatches(tree)).toBe(1);
  });
});

describe('the filters', () => {
  it('read from the address; unknown labels are ignored; stale, provenance and text all apply', () => {
    expect(readFilters(new URLSearchParams('truth=bogus&stale=1&q=Sh'))).toEqual({ truth: null, staleOnly: true, provenanceOnly: false, text: 'Sh' });
    const stale = element('x', 'Shop', null, { stale: { sinceRevision: 'abc', reason: 'evidence-not-found' }, provenance: { source: 'git:x', revision: null, confidence: null, acceptedBy: null, acceptedAt: null } });
    expect(matchesFilters(stale, readFilters(new URLSearchParams('stale=1&provenance=1&q=sho')))).toBe(true);
    expect(matchesFilters(element('y', 'Shop', null), readFilters(new URLSearchParams('stale=1')))).toBe(false);
    expect(matchesFilters(element('y', 'Shop', null), readFilters(new URLSearchParams('provenance=1')))).toBe(false);
    expect(matchesFilters(element('y', 'Shop', null), readFilters(new URLSearchParams('truth=declared&q=SHOP')))).toBe(true);
  });
});

describe('API field messages in a form', () => {
  const paths = new Set(['name', 'tags', 'retry.maxAttempts', 'provenance.source', 'consumerIds']);

  it('a list entry goes to its list, a nested member to its control; a path no control holds to nothing', () => {
    expect(formFieldOf('tags[2]', paths)).toBe('tags');
    expect(formFieldOf('consumerIds[0]', paths)).toBe('consumerIds');
    expect(formFieldOf('retry.maxAttempts', paths)).toBe('retry.maxAttempts');
    expect(formFieldOf('provenance.source', paths)).toBe('provenance.source');
    expect(formFieldOf('retry', paths)).toBeNull();
    expect(formFieldOf('body', paths)).toBeNull();
    expect(formFieldOf('relationship:1234', paths)).toBeNull();
  });

  it('splits an error: messages joined per field with their own path, the rest kept for the notice', () => {
    const error = new ApiError({
      type: 'validation_error',
      title: 'Invalid element',
      detail: 'all of it',
      status: 400,
      errors: [
        { field: 'tags[0]', message: 'must be a string' },
        { field: 'tags[3]', message: 'must be a string' },
        { field: 'name', message: 'must not be empty' },
        { field: 'id', message: 'must be the ID in the path' },
      ],
    });
    const { fields, rest } = splitFieldErrors(error, paths);
    expect(fields!.fieldMessage('tags')).toBe('tags[0]: must be a string; tags[3]: must be a string');
    expect(fields!.fieldMessage('name')).toBe('must not be empty');
    expect(rest!.problem.errors).toEqual([{ field: 'id', message: 'must be the ID in the path' }]);
    expect(rest!.problem.detail).toBe('all of it');
    expect(splitFieldErrors(new ApiError({ ...error.problem, errors: [{ field: 'name', message: 'x' }] }), paths).rest!.problem.detail).toBe('See the messages beside the fields.');
  });
});

describe('the edit form and the body it sends', () => {
  it('round-trips a record, keeping what the form does not show (acceptance, stale mark)', () => {
    const record = element('a', 'Shop', null, {
      tags: ['x', 'y'],
      factStatus: 'measured',
      provenance: { source: 'otel:1', revision: null, confidence: 0.5, acceptedBy: 'u', acceptedAt: '2024-01-01T00:00:00Z' },
      stale: { sinceRevision: 'abc', reason: 'gone' },
    });
    const values = toFormValues('elements', record as never);
    expect(values.tags).toBe('x, y');
    expect(values['provenance.confidence']).toBe('0.5');
    expect(toRecordBody('elements', values, record)).toEqual(record);
  });

  it('empty optional text is null, empty groups are null, numbers are read and other text is sent for the API to refuse', () => {
    const values = toFormValues('operations', { name: 'Op', ownerId: 'o', transport: 'http', factStatus: 'declared' });
    const body = toRecordBody('operations', values, null);
    expect(body).toMatchObject({ name: 'Op', requestSchemaId: null, timeoutMs: null, retry: null, provenance: null });
    const withRetry = toRecordBody('operations', { ...values, 'retry.maxAttempts': '3', 'retry.backoffMs': '', timeoutMs: 'soon' }, null);
    expect(withRetry).toMatchObject({ retry: { maxAttempts: 3, backoffMs: null }, timeoutMs: 'soon' });
    expect(toRecordBody('schemas', { name: '', description: '', content: 'x' }, null)).toEqual({ name: '', description: null, content: 'x' });
  });
});
