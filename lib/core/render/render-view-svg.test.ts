import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { element, guid, } from '../../../test/support/model-fixtures';
import { layoutFingerprint } from './layout';
import { formatNumber, renderViewSvg } from './render-view-svg';
import { allNodes, expectGolden, parseXmlStrict, xmllint, xmllintMissing, type XmlNode } from '../../../test/support/render-checks';
import { nastyModel } from '../../../test/support/render-arbitraries';
import { ids, mainSource, modelOf, revisionSource, shopModel, shopViews } from '../../../test/support/render-fixtures';
import { escapeXml } from './svg-text';

if (xmllintMissing) console.log(`render-view-svg: xmllint checks skipped: ${xmllintMissing}`);

const svgElements = new Set(['svg', 'title', 'desc', 'defs', 'marker', 'path', 'rect', 'g', 'text', 'circle', 'ellipse']);

/** Well-formed to saxes (strict, namespaces) and xmllint; only our SVG elements, all in the SVG namespace; the root sized. */
function checkSvg(svg: string): XmlNode {
  const root = parseXmlStrict(svg);
  if (!xmllintMissing) xmllint(svg);
  expect(root.name).toBe('svg');
  expect(root.attributes.xmlns).toBe('http://www.w3.org/2000/svg');
  expect(root.attributes.width).toMatch(/^\d+$/);
  expect(root.attributes.height).toMatch(/^\d+$/);
  expect(root.attributes.viewBox).toMatch(/^-?[\d.]+ -?[\d.]+ \d+ \d+$/);
  for (const node of allNodes(root)) {
    expect(svgElements.has(node.name), `element ${node.name}`).toBe(true);
    expect(node.uri).toBe('http://www.w3.org/2000/svg');
  }
  // Numbers: at most two decimals, a full stop, no exponent.
  for (const node of allNodes(root)) {
    for (const [name, value] of Object.entries(node.attributes)) {
      if (['x', 'y', 'width', 'height', 'r', 'cx', 'cy', 'rx', 'ry', 'd', 'transform', 'viewBox'].includes(name)) {
        expect(value, `${node.name} ${name}`).not.toMatch(/\d\.\d{3}|\de[+-]?\d|NaN|Infinity/);
      }
    }
  }
  return root;
}

const textOf = (root: XmlNode) => allNodes(root).filter((n) => n.name === 'text').map((n) => n.text);
const desc = (root: XmlNode) => root.children.find((n) => n.name === 'desc')!.text;

describe('renderViewSvg on the shop', () => {
  const model = shopModel();
  const views = shopViews();
  const landscape = views[0]!;

  it.each(views.map((view) => [view.name, view] as const))('matches the golden file of %s and is well-formed', (name, view) => {
    const svg = renderViewSvg({ model, view, source: revisionSource });
    checkSvg(svg);
    const { expected, actual } = expectGolden(`${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.svg`, svg);
    expect(actual).toBe(expected);
  });

  it('names the revision, the fingerprint and what the picture drops in <desc>', () => {
    const root = checkSvg(renderViewSvg({ model, view: landscape, source: revisionSource }));
    const text = desc(root);
    expect(text).toContain(`View "System landscape" (${landscape.id})`);
    expect(text).toContain(`Revision "Release 1.4" (${revisionSource.kind === 'revision' ? revisionSource.id : ''}), model version 42`);
    expect(text).toContain(`Layout fingerprint ${layoutFingerprint(landscape)}`);
    expect(text).toContain('Not shown: provenance, status, long descriptions, tags, owners, other levels (5 elements, 5 relationships), messages, contracts, schemas, scenarios, promises, costs, comments.');
    expect(desc(checkSvg(renderViewSvg({ model, view: landscape, source: mainSource })))).toContain('Stream "main" at model version 57.');
  });

  it('draws cards with kind, technology, two description lines, fact dots, STALE badges and contained counts', () => {
    const root = checkSvg(renderViewSvg({ model, view: landscape, source: revisionSource }));
    const cards = allNodes(root).filter((n) => n.attributes.class === 'card');
    expect(cards.map((c) => c.attributes['data-element-id'])).toEqual([ids.audit, ids.customer, ids.payments, ids.shop, ids.warehouse]);
    const payments = cards[2]!;
    const texts = textOf(payments);
    expect(texts.slice(0, 2)).toEqual(['Payment Provider', 'system · SaaS']);
    // The long description: two lines, the second cut with an ellipsis.
    expect(texts.slice(2, 4)).toHaveLength(2);
    expect(texts[3]).toMatch(/…$/);
    const dot = allNodes(payments).find((n) => n.name === 'circle' && n.children.some((c) => c.name === 'title'))!;
    expect(dot.children[0]!.text).toBe('fact: inferred');
    const stale = allNodes(payments).find((n) => n.attributes.class === 'stale')!;
    expect(stale.children[0]!.attributes['stroke-dasharray']).toBe('3 2');
    expect(textOf(stale)).toEqual(['STALE']);
    // Declared elements have no dot; the shop contains three elements.
    const shop = cards[3]!;
    expect(allNodes(shop).some((n) => n.name === 'circle' && n.children.some((c) => c.name === 'title'))).toBe(false);
    expect(textOf(allNodes(shop).find((n) => n.attributes.class === 'contained')!)).toEqual(['3 inside']);
  });

  it('draws relationships as arrowed paths, behavioural ones teal and thicker, keeping the line shape', () => {
    const root = checkSvg(renderViewSvg({ model, view: landscape, source: revisionSource }));
    const paths = new Map(allNodes(root).filter((n) => n.attributes['data-relationship-id'] && n.name === 'path').map((n) => [n.attributes['data-relationship-id'], n]));
    const step = paths.get(guid(102))!;
    expect(step.attributes).toMatchObject({ class: 'behavioural', stroke: '#2dd4bf', 'stroke-width': '2.5', 'marker-end': 'url(#arrow-behavioural)' });
    expect(step.attributes.d).toMatch(/^M[-\d. ]+ (H[-\d.]+ V[-\d.]+ H[-\d.]+|V[-\d.]+ H[-\d.]+ V[-\d.]+)$/);
    expect(paths.get(guid(103))!.attributes.d).toMatch(/^M[-\d. ]+ C[-\d. ]+$/);
    expect(paths.get(guid(104))!.attributes.d).toMatch(/^M[-\d. ]+ L[-\d. ]+$/);
    expect(paths.get(guid(101))!.attributes).toMatchObject({ class: 'structural', stroke: '#94a3b8', 'stroke-width': '1.5', 'marker-end': 'url(#arrow-structural)' });
    const labels = allNodes(root).filter((n) => n.attributes.class === 'edge-label');
    expect(labels.map((l) => textOf(l).join(' | '))).toContain('Charges cards | [REST]');
  });

  it('frames the children of a root with its name, kind and technology', () => {
    const root = checkSvg(renderViewSvg({ model, view: views[1]!, source: revisionSource }));
    const frame = allNodes(root).find((n) => n.attributes.class === 'frame')!;
    expect(frame.attributes['data-element-id']).toBe(ids.shop);
    expect(textOf(frame)).toEqual(['Shop', 'system · Kubernetes']);
  });

  it('renders the same bytes twice, and whatever order the model was built in', () => {
    const first = renderViewSvg({ model, view: landscape, source: revisionSource });
    expect(renderViewSvg({ model, view: landscape, source: revisionSource })).toBe(first);
    const reversed = modelOf([...model.element.values()].reverse(), [...model.relationship.values()].reverse());
    expect(renderViewSvg({ model: reversed, view: { ...landscape, positions: [...landscape.positions].reverse() }, source: revisionSource })).toBe(first);
  });

  it('changes the fingerprint and the bytes with the view name, root or a position', () => {
    const variants = [
      landscape,
      { ...landscape, name: 'Landscape' },
      { ...landscape, rootElementId: ids.warehouse },
      { ...landscape, positions: landscape.positions.map((p, i) => (i === 0 ? { ...p, y: 10 } : p)) },
      // A position of an element the view does not show: the picture stays, the fingerprint and so the bytes change.
      { ...landscape, positions: landscape.positions.map((p) => (p.elementId === ids.web ? { ...p, x: 1 } : p)) },
    ];
    const svgs = variants.map((view) => renderViewSvg({ model, view, source: revisionSource }));
    expect(new Set(svgs).size).toBe(svgs.length);
    for (const [i, svg] of svgs.entries()) expect(svg).toContain(layoutFingerprint(variants[i]!));
  });
});

describe('SVG text', () => {
  it('escapes markup characters, replaces what XML 1.0 forbids and puts line breaks on one line', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
    expect(escapeXml('a\u0000b\u0001c\ufffed\ud800e\tf')).toBe('a\ufffdb\ufffdc\ufffdd\ufffde\tf');
    expect(escapeXml('one\ntwo\r\nthree\rfour')).toBe('one two three four');
    expect(escapeXml(']]><script>')).toBe(']]&gt;&lt;script&gt;');
  });

  it('writes numbers with at most two decimals and a full stop', () => {
    expect([0.005, 1.005, -0.001, 12.3456, 1e7, -2.5, 1 / 3].map(formatNumber)).toEqual(['0.01', '1', '0', '12.35', '10000000', '-2.5', '0.33']);
  });

  it('fits 10,000-character descriptions and names into the card', () => {
    const long = 'x'.repeat(10_000);
    const model = modelOf([element({ id: guid(1), name: long, description: `${'word '.repeat(2000)}` }), element({ id: guid(2), name: 'b', description: long })]);
    const root = checkSvg(renderViewSvg({ model, view: { id: guid(9), name: long, rootElementId: null, positions: [] }, source: mainSource }));
    const texts = textOf(root);
    for (const text of texts) expect(text.length).toBeLessThan(200);
    expect(texts.filter((t) => t.endsWith('…')).length).toBeGreaterThanOrEqual(4);
  });

  it('keeps scripts, CDATA ends and entities as text', () => {
    const nasty = `<script>alert(1)</script>]]>&amp;"'`;
    const model = modelOf([element({ id: guid(1), name: nasty, technology: nasty, description: nasty })], []);
    const root = checkSvg(renderViewSvg({ model, view: { id: guid(9), name: nasty, rootElementId: null, positions: [] }, source: { kind: 'revision', id: nasty, name: nasty, modelVersion: 1 } }));
    expect(root.children.find((n) => n.name === 'title')!.text).toBe(nasty);
    expect(textOf(root)).toContain(nasty);
  });
});

describe('renderViewSvg on adversarial models', () => {
  it('always writes well-formed SVG of our elements only, the same bytes each time', () => {
    fc.assert(
      fc.property(nastyModel(), ({ model, views }) => {
        for (const view of views) {
          const svg = renderViewSvg({ model, view, source: revisionSource });
          const root = checkSvg(svg);
          expect(root.children.find((n) => n.name === 'title')!.text).toBe(escapeXmlDecoded(view.name));
          expect(renderViewSvg({ model, view, source: revisionSource })).toBe(svg);
        }
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 150) },
    );
  }, 600_000);
});

/** What an XML reader gets back from escapeXml: the text on one line, forbidden characters as U+FFFD. */
function escapeXmlDecoded(text: string): string {
  return text
    .replace(/\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/g, ' ')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|\p{Cs}/gu, '\ufffd');
}
