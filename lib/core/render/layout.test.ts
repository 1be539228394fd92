import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { element, guid, relationship } from '../../../test/support/model-fixtures';
import { layoutFingerprint, layoutFingerprintInput, layoutView } from './layout';
import { modelOf } from '../../../test/support/render-fixtures';
import { viewContents, type RenderableView } from './view-contents';

const view = (fields: Partial<RenderableView> = {}): RenderableView => ({ id: guid(900), name: 'V', rootElementId: null, positions: [], ...fields });

describe('viewContents', () => {
  const model = modelOf(
    [
      element({ id: guid(1), name: 'beta' }),
      element({ id: guid(2), name: 'Alpha' }),
      element({ id: guid(3), name: 'child b', parentId: guid(1) }),
      element({ id: guid(4), name: 'child a', parentId: guid(1) }),
      element({ id: guid(5), name: 'grandchild', parentId: guid(3) }),
      element({ id: guid(6), name: 'beta' }),
    ],
    [
      relationship({ id: guid(11), fromId: guid(1), toId: guid(2) }),
      relationship({ id: guid(12), fromId: guid(3), toId: guid(2) }),
      relationship({ id: guid(13), fromId: guid(3), toId: guid(4) }),
      relationship({ id: guid(14), fromId: guid(5), toId: guid(4) }),
      relationship({ id: guid(10), fromId: guid(1), toId: guid(2) }),
    ],
  );

  it('shows the top-level elements without a root, by ordinal name then ID', () => {
    const contents = viewContents(model, view());
    expect(contents.frame).toBeNull();
    expect(contents.elements.map((e) => e.id)).toEqual([guid(2), guid(1), guid(6)]);
    expect(contents.relationships.map((r) => r.id)).toEqual([guid(10), guid(11)]);
    expect(contents.containedCount.get(guid(1))).toBe(2);
    expect(contents.otherLevels).toEqual({ elements: 3, relationships: 3 });
  });

  it('shows the children of the root inside its frame, and relationships whose ends both show', () => {
    const contents = viewContents(model, view({ rootElementId: guid(1) }));
    expect(contents.frame?.id).toBe(guid(1));
    expect(contents.elements.map((e) => e.name)).toEqual(['child a', 'child b']);
    expect(contents.relationships.map((r) => r.id)).toEqual([guid(13)]);
    expect(contents.containedCount.get(guid(3))).toBe(1);
  });

  it('shows nothing when the root is not in the model', () => {
    const contents = viewContents(model, view({ rootElementId: guid(77) }));
    expect(contents).toMatchObject({ frame: null, missingRootId: guid(77), elements: [], relationships: [] });
  });
});

describe('layoutView', () => {
  const four = [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }];

  it('puts everything on the three-column grid from 0,0 when nothing is saved', () => {
    const placed = layoutView(four, []);
    expect([...placed.values()]).toEqual([
      { x: 0, y: 0, saved: false },
      { x: 340, y: 0, saved: false },
      { x: 680, y: 0, saved: false },
      { x: 0, y: 200, saved: false },
    ]);
  });

  it('keeps saved positions and starts the grid at their left edge, 80 below the lowest card', () => {
    const placed = layoutView(four, [
      { elementId: 'b', x: 100, y: 50 },
      { elementId: 'd', x: 500.5, y: 300 },
    ]);
    expect(placed.get('b')).toEqual({ x: 100, y: 50, saved: true });
    expect(placed.get('d')).toEqual({ x: 500.5, y: 300, saved: true });
    // Lowest card: y 300, 120 high; 80 below its bottom edge.
    expect(placed.get('a')).toEqual({ x: 100, y: 500, saved: false });
    expect(placed.get('c')).toEqual({ x: 440, y: 500, saved: false });
  });

  it('is not moved by saved positions of elements the view does not show', () => {
    const placed = layoutView(four, [{ elementId: 'hidden', x: -900, y: 9000 }]);
    expect(placed).toEqual(layoutView(four, []));
  });
});

describe('layoutFingerprint', () => {
  const base = view({ name: 'Context', rootElementId: guid(1), positions: [
    { elementId: guid(3), x: 10, y: -20.25 },
    { elementId: guid(2), x: 0, y: 1e21 },
  ] });

  it('hashes the documented JSON encoding of name, root and positions in element-ID order', () => {
    const input = `["Context","${guid(1)}",[["${guid(2)}",0,1e+21],["${guid(3)}",10,-20.25]]]`;
    expect(layoutFingerprintInput(base)).toBe(input);
    expect(layoutFingerprint(base)).toBe(`sha256:${createHash('sha256').update(input, 'utf8').digest('hex')}`);
    expect(layoutFingerprintInput(view({ name: 'a"b', positions: [] }))).toBe('["a\\"b",null,[]]');
  });

  it('does not depend on the order positions are listed in', () => {
    expect(layoutFingerprint({ ...base, positions: [...base.positions].reverse() })).toBe(layoutFingerprint(base));
  });

  it('changes with the name, the root and any position, shown or not', () => {
    const fingerprints = [
      base,
      { ...base, name: 'Context ' },
      { ...base, rootElementId: null },
      { ...base, rootElementId: guid(2) },
      { ...base, positions: [{ ...base.positions[0]!, x: 10.5 }, base.positions[1]!] },
      { ...base, positions: [base.positions[0]!] },
      { ...base, positions: [...base.positions, { elementId: guid(99), x: 0, y: 0 }] },
    ].map(layoutFingerprint);
    expect(new Set(fingerprints).size).toBe(fingerprints.length);
    for (const fingerprint of fingerprints) expect(fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});
