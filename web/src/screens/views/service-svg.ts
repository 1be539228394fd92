/**
 * The service's SVG export made ready to sit in the page: parsed as XML,
 * cut down to the elements and attributes the renderer writes (so no script,
 * event handler, foreign content or outside reference can come along even if
 * the export ever held one), and read for what the screen needs: the layout
 * fingerprint of its `<desc>` and the cards marked `data-element-id`
 * (lib/core/render/render-view-svg.ts draws each shown element as
 * `<g class="card" data-element-id=… transform="translate(x y)">`).
 */

const svgNamespace = 'http://www.w3.org/2000/svg';

/** Every element lib/core/render/render-view-svg.ts writes; anything else is dropped. */
const allowedElements = new Set(['svg', 'title', 'desc', 'defs', 'marker', 'g', 'rect', 'circle', 'ellipse', 'path', 'line', 'polyline', 'polygon', 'text', 'tspan']);

/** Thrown when the answer is not an SVG document. */
export class NotAnSvgError extends Error {
  override name = 'NotAnSvgError';
}

/** Parses the export and returns a clean `<svg>` element of this document, ready to insert. */
export function cleanServiceSvg(text: string): SVGSVGElement {
  const parsed = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = parsed.documentElement;
  if (parsed.getElementsByTagName('parsererror').length > 0 || root.namespaceURI !== svgNamespace || root.localName !== 'svg') {
    throw new NotAnSvgError('The diagram answer is not an SVG document.');
  }
  for (const element of [root, ...Array.from(root.querySelectorAll('*'))]) {
    if (element.namespaceURI !== svgNamespace || !allowedElements.has(element.localName)) {
      element.remove();
      continue;
    }
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value.trim();
      const reference = name === 'href' || name.endsWith(':href');
      if (name.startsWith('on') || name === 'style' || (reference && !value.startsWith('#')) || /^\s*javascript:/i.test(value)) element.removeAttribute(attribute.name);
    }
  }
  return document.importNode(root, true) as unknown as SVGSVGElement;
}

/** The layout fingerprint the export names in its `<desc>` (part 1 "Layout fingerprint"), or null. */
export function fingerprintOf(svgText: string): string | null {
  return /Layout fingerprint (sha256:[0-9a-f]{64})/.exec(svgText)?.[1] ?? null;
}

/** The card of each shown element, by element ID. */
export function cardsOf(svg: SVGSVGElement): Map<string, SVGGElement> {
  const cards = new Map<string, SVGGElement>();
  for (const card of Array.from(svg.querySelectorAll<SVGGElement>('g.card[data-element-id]'))) cards.set(card.getAttribute('data-element-id')!, card);
  return cards;
}

/** Top-left corner of a card: its `translate(x y)`. */
export function cardPosition(card: SVGGElement): { x: number; y: number } {
  const match = /translate\(\s*(-?[\d.]+)[\s,]+(-?[\d.]+)\s*\)/.exec(card.getAttribute('transform') ?? '');
  return match ? { x: Number(match[1]), y: Number(match[2]) } : { x: 0, y: 0 };
}

export function moveCard(card: SVGGElement, at: { x: number; y: number }): void {
  card.setAttribute('transform', `translate(${at.x} ${at.y})`);
}

/** The element name a card shows (its first line of text). */
export function cardName(card: SVGGElement): string {
  return card.querySelector('text')?.textContent ?? card.getAttribute('data-element-id') ?? 'element';
}

/** A point of the screen in the picture's own coordinates (what positions are saved in). */
export function pointInSvg(svg: SVGSVGElement, clientX: number, clientY: number): { x: number; y: number } {
  const matrix = svg.getScreenCTM();
  if (!matrix) return { x: clientX, y: clientY };
  const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
  return { x: point.x, y: point.y };
}
