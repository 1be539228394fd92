import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignIdentifiers, identifierBase, reservedIdentifiers } from './identifiers';
import { compareOrdinal } from './ordinal-order';
import { nastyName } from '../../../test/support/render-arbitraries';

describe('identifierBase', () => {
  it.each([
    ['Order Service', 'order_service'],
    ['  Hello, World! ', '_hello_world_'],
    ['API', 'api'],
    ['a--b__c', 'a_b_c'],
    ['Ünïcödé', '_n_c_d_'],
    ['😀', '_'],
    ['123 Go', 'element_123_go'],
    ['9', 'element_9'],
    ['', 'element_'],
    ['end', 'end_'],
    ['End', 'end_'],
    ['MODEL', 'model_'],
    ['classDef', 'classdef_'],
    ['Software System', 'software_system'],
    ['softwareSystem', 'softwaresystem_'],
    ['deploymentEnvironment', 'deploymentenvironment_'],
    ['_self', '_self_'],
    ['end_', 'end_'],
  ])('%j gives %j', (name, id) => {
    expect(identifierBase(name)).toBe(id);
  });

  it('holds the reserved words the brief lists, compared in lower case', () => {
    for (const word of ['end', 'subgraph', 'graph', 'flowchart', 'style', 'classdef', 'class', 'click', 'linkstyle', 'direction', 'model', 'views', 'workspace', 'person', 'softwaresystem', 'container', 'component', 'group', 'tags', 'description', 'properties', 'this', 'include', 'exclude', 'autolayout', 'theme', 'styles', 'element', 'relationship', 'deploymentenvironment']) {
      expect(reservedIdentifiers.has(word)).toBe(true);
    }
  });
});

describe('assignIdentifiers', () => {
  it('numbers repeats in ordinal name then ID order', () => {
    const ids = assignIdentifiers([
      { id: 'c', name: 'shop' },
      { id: 'b', name: 'Shop' },
      { id: 'a', name: 'shop' },
    ]);
    // Ordinal: "Shop" < "shop" (code points), then ID a < c.
    expect(Object.fromEntries(ids)).toEqual({ b: 'shop', a: 'shop_2', c: 'shop_3' });
  });

  it('never takes a base another name gives', () => {
    const ids = assignIdentifiers([
      { id: '1', name: 'a' },
      { id: '2', name: 'a' },
      { id: '3', name: 'a 2' },
    ]);
    expect(Object.fromEntries(ids)).toEqual({ '1': 'a', '2': 'a_3', '3': 'a_2' });
  });

  it('gives every record a unique, well-formed, unreserved identifier whatever the names and their order', () => {
    fc.assert(
      fc.property(fc.array(nastyName(), { maxLength: 30 }), fc.integer(), (names, seed) => {
        const records = names.map((name, i) => ({ id: `id-${String(i).padStart(3, '0')}`, name }));
        const ids = assignIdentifiers(records);
        const values = [...ids.values()];
        expect(new Set(values).size).toBe(records.length);
        for (const id of values) {
          expect(id).toMatch(/^[a-z_][a-z0-9_]*$/);
          expect(reservedIdentifiers.has(id)).toBe(false);
        }
        const shuffled = [...records].sort((a, b) => ((a.id.charCodeAt(5) * seed) % 7) - ((b.id.charCodeAt(5) * seed) % 7) || compareOrdinal(a.id, b.id));
        expect(assignIdentifiers(shuffled)).toEqual(ids);
      }),
    );
  });
});

describe('compareOrdinal', () => {
  it('compares code points, not UTF-16 units', () => {
    // U+FFFD is below U+1F600 as a code point, above its surrogates as a unit.
    expect(compareOrdinal('\ufffd', '😀')).toBeLessThan(0);
    expect(compareOrdinal('Z', 'a')).toBeLessThan(0);
    expect(compareOrdinal('a', 'ab')).toBeLessThan(0);
    expect(compareOrdinal('é', 'z')).toBeGreaterThan(0);
  });
});
