/**
 * fast-check arbitraries for the renderer tests: adversarial text (quotes,
 * markup, CDATA ends, DSL substitutions, backslashes, control characters,
 * emoji, right-to-left text, Mermaid directives and keywords, lone surrogates)
 * and whole models and views built from it.
 */
import fc from 'fast-check';
import type { ElementKind, ElementRecord, FactStatus, ModelSnapshot, RelationshipRecord } from '../../lib/core/model/model-records';
import { element, guid, relationship } from './model-fixtures';
import { modelOf } from './render-fixtures';
import type { RenderableView } from '../../lib/core/render/view-contents';

/** Pieces that have broken exporters before, or could. */
export const nastyPieces: readonly string[] = [
  '"', "'", '""', '\\', '\\"', 'a\\', '<script>alert(1)</script>', ']]>', '<![CDATA[', '&amp;', '&#35;', '#35;', '&', '<', '>',
  '${X}', '${', '$$x^2$$', '%%{init: {"theme": "forest"}}%%', '%%', '%', '100%', 'end', 'subgraph', 'style', 'classDef', 'direction LR', 'direction\u00a0TB',
  'style x:y#35;z', 'fa:fa-car', 'click', '->', '-->', '--x->', '-[tag]->', '|', '`', '[', ']', '(', ')', '{', '}', ';', ':', '-->', '==>', '---', '# comment', '// comment', '/* x */',
  '\n', '\r\n', '\r', '\t', '\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001f', '\u007f', '\u0085', '\u009f', '\u2028', '\u2029', '\ufeff', '\ufffe', '\uffff',
  '\ud800', '\udfff', '😀', '👩‍👩‍👧', '🏳️‍🌈', 'שלום', 'مرحبا بالعالم', '\u202e', '\u202d', '\u2066', 'İ', 'ﬂ°°35¶ß', '¶ß', '\u200b', ' ', '  ', 'é', 'e\u0301', '日本語',
  'x'.repeat(300),
];

/** Adversarial one-line-or-not text, from the pieces above and random strings (lone surrogates included). */
export function nastyText(maxPieces = 6): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...nastyPieces) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
    { weight: 1, arbitrary: fc.constantFrom('Shop', 'API', 'Orders', 'a', 'b') },
  );
  return fc.array(piece, { minLength: 0, maxLength: maxPieces }).map((pieces) => pieces.join(''));
}

/** A name: adversarial text that is never empty. */
export function nastyName(): fc.Arbitrary<string> {
  return nastyText().map((text) => (text === '' ? '"' : text));
}

const kinds: readonly ElementKind[] = ['actor', 'system', 'app', 'store', 'component'];
const facts: readonly FactStatus[] = ['declared', 'observed-in-source', 'inferred', 'measured', 'unknown'];

/** A model and some of its views: up to 9 elements on up to three levels, relationships between any of them, all text adversarial. */
export function nastyModel(): fc.Arbitrary<{ model: ModelSnapshot; views: RenderableView[] }> {
  const elementSpec = fc.record({
    kind: fc.constantFrom(...kinds),
    name: nastyName(),
    description: fc.option(fc.oneof(nastyText(12), nastyText(3).map((t) => `${t}${'word '.repeat(2000)}`)), { nil: null }),
    technology: fc.option(nastyText(3), { nil: null }),
    parent: fc.option(fc.nat(), { nil: null }),
    factStatus: fc.constantFrom(...facts),
    stale: fc.option(fc.record({ sinceRevision: fc.constant(guid(999)), reason: nastyText(2) }), { nil: null }),
    tags: fc.array(nastyText(2), { maxLength: 3 }),
  });
  const relationshipSpec = fc.record({
    from: fc.nat(),
    to: fc.nat(),
    label: fc.option(nastyText(4), { nil: null }),
    technology: fc.option(nastyText(2), { nil: null }),
    kind: fc.constantFrom('structural' as const, 'behavioural' as const),
    lineShape: fc.option(fc.oneof(fc.constantFrom('curve', 'straight', 'step', ' Step ', 'zigzag'), nastyText(2)), { nil: null }),
    factStatus: fc.constantFrom(...facts),
    stale: fc.boolean(),
  });
  const viewSpec = fc.record({
    name: nastyName(),
    root: fc.option(fc.nat(), { nil: null }),
    positions: fc.array(fc.record({ element: fc.nat(), x: fc.double({ min: -5000, max: 5000, noNaN: true }), y: fc.double({ min: -5000, max: 5000, noNaN: true }) }), { maxLength: 4 }),
  });
  return fc
    .record({
      elements: fc.array(elementSpec, { minLength: 1, maxLength: 9 }),
      relationships: fc.array(relationshipSpec, { maxLength: 10 }),
      views: fc.array(viewSpec, { minLength: 1, maxLength: 3 }),
    })
    .map(({ elements, relationships, views }) => {
      const records: ElementRecord[] = elements.map((spec, i) =>
        element({
          id: guid(i + 1),
          kind: spec.kind,
          name: spec.name,
          description: spec.description,
          technology: spec.technology,
          // Parents only point backwards, so there are no cycles, and at most three levels deep in practice.
          parentId: spec.parent === null || i === 0 ? null : guid((spec.parent % i) + 1),
          factStatus: spec.factStatus,
          stale: spec.stale,
          tags: spec.tags,
        }),
      );
      const links: RelationshipRecord[] = relationships.map((spec, i) =>
        relationship({
          id: guid(1000 + i),
          fromId: guid((spec.from % records.length) + 1),
          toId: guid((spec.to % records.length) + 1),
          label: spec.label,
          technology: spec.technology,
          kind: spec.kind,
          lineShape: spec.lineShape,
          factStatus: spec.factStatus,
          stale: spec.stale ? { sinceRevision: guid(998), reason: 'moved' } : null,
        }),
      );
      const viewRecords: RenderableView[] = views.map((spec, i) => {
        const positions = new Map<string, { elementId: string; x: number; y: number }>();
        for (const p of spec.positions) {
          const elementId = guid((p.element % records.length) + 1);
          positions.set(elementId, { elementId, x: p.x, y: p.y });
        }
        return { id: guid(2000 + i), name: spec.name, rootElementId: spec.root === null ? null : guid((spec.root % (records.length + 1)) + 1), positions: [...positions.values()] };
      });
      return { model: modelOf(records, links), views: viewRecords };
    });
}
