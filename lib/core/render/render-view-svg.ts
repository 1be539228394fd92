/**
 * The SVG export of a view (part 1 "Diagram and model exports", "SVG"): a
 * dark-theme picture of the level the view shows, deterministic to the byte —
 * fixed order, numbers with at most two decimals and a full stop, nothing from
 * the clock, randomness or the caller, fonts named by family and not embedded.
 */
import type { ElementKind, ElementRecord, FactStatus, RelationshipRecord } from '../model/model-records';
import { layoutFingerprint, layoutGrid, layoutView, type Placement } from './layout';
import { collapseSpaces, escapeXml, fitText, textWidth, wrapLines } from './svg-text';
import { comparisonText, droppedInformation, markColours, viewContents, type RecordMark, type RenderSource, type RenderViewInput, type ViewContents } from './view-contents';

export type { RenderViewInput } from './view-contents';

/** Colours and fonts of the picture. Only DejaVu and Liberation fonts exist on our machines: each family has fallbacks. */
export const svgTheme = Object.freeze({
  fontFamily: "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif",
  background: '#0b1120',
  card: '#161e2e',
  frameFill: '#111827',
  text: '#f1f5f9',
  mutedText: '#94a3b8',
  descriptionText: '#cbd5e1',
  structural: '#94a3b8',
  behavioural: '#2dd4bf',
  stale: '#fb923c',
  labelCard: '#0f172a',
  kind: Object.freeze({ actor: '#f5a524', system: '#4f8ff7', app: '#a477f2', store: '#f0609e', component: '#84cc16' } satisfies Record<ElementKind, string>),
  fact: Object.freeze({ declared: '#94a3b8', 'observed-in-source': '#22c55e', inferred: '#eab308', measured: '#38bdf8', unknown: '#ef4444' } satisfies Record<FactStatus, string>),
});

const card = { width: layoutGrid.cardWidth, height: layoutGrid.cardHeight, padding: 16, textLeft: 52 };
const margin = 32;
const captionHeight = 64;
const framePadding = 28;
const frameHeader = 56;
const labelMaxWidth = 200;

/** A number as the SVG writes it: at most two decimals, a full stop, no exponent, no negative zero. */
export function formatNumber(value: number): string {
  // Whole numbers (most coordinates) round to themselves: no arithmetic then.
  if (Number.isInteger(value) && Math.abs(value) < 1e12) return value === 0 ? '0' : String(value);
  const rounded = Math.round(value * 100) / 100;
  return rounded === 0 ? '0' : String(rounded);
}
const n = formatNumber;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

class Bounds {
  minX = Infinity;
  minY = Infinity;
  maxX = -Infinity;
  maxY = -Infinity;
  add(x: number, y: number, width = 0, height = 0): void {
    this.minX = Math.min(this.minX, x);
    this.minY = Math.min(this.minY, y);
    this.maxX = Math.max(this.maxX, x + width);
    this.maxY = Math.max(this.maxY, y + height);
  }
  get empty(): boolean {
    return this.minX > this.maxX;
  }
}

/** The kind icon, drawn with primitives in a 28 by 28 box at (x, y). */
function kindIcon(kind: ElementKind, x: number, y: number): string {
  const colour = svgTheme.kind[kind];
  const open = `<g transform="translate(${n(x)} ${n(y)})" fill="none" stroke="${colour}" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">`;
  switch (kind) {
    case 'actor':
      return `${open}<circle cx="14" cy="8.5" r="5"/><path d="M4 26 C4 17 24 17 24 26"/></g>`;
    case 'system':
      return `${open}<circle cx="14" cy="14" r="11"/><ellipse cx="14" cy="14" rx="4.5" ry="11"/><path d="M3 14 H25"/></g>`;
    case 'app':
      return `${open}<rect x="2.5" y="4.5" width="23" height="19" rx="2.5"/><path d="M2.5 10 H25.5"/><circle cx="6" cy="7.3" r="0.6" fill="${colour}"/><circle cx="9" cy="7.3" r="0.6" fill="${colour}"/></g>`;
    case 'store':
      return `${open}<ellipse cx="14" cy="6.5" rx="10" ry="3.5"/><path d="M4 6.5 V21.5 A10 3.5 0 0 0 24 21.5 V6.5"/><path d="M4 14 A10 3.5 0 0 0 24 14"/></g>`;
    case 'component':
      return `${open}<rect x="8" y="4" width="17" height="20" rx="2"/><rect x="4" y="8" width="8" height="4" rx="1" fill="${svgTheme.card}"/><rect x="4" y="16" width="8" height="4" rx="1" fill="${svgTheme.card}"/></g>`;
  }
}

function kindAndTechnology(element: ElementRecord): string {
  const technology = element.technology === null ? '' : collapseSpaces(element.technology);
  return technology === '' ? element.kind : `${element.kind} · ${technology}`;
}

function factDot(status: FactStatus, cx: number, cy: number, r: number): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${r}" fill="${svgTheme.fact[status]}" stroke="${svgTheme.background}" stroke-width="1"><title>fact: ${escapeXml(status)}</title></circle>`;
}

function staleBadge(stale: { sinceRevision: string; reason: string }, x: number, y: number): string {
  return (
    `<g class="stale"><rect x="${n(x)}" y="${n(y)}" width="46" height="16" rx="3" fill="none" stroke="${svgTheme.stale}" stroke-width="1.2" stroke-dasharray="3 2"/>` +
    `<text x="${n(x + 23)}" y="${n(y + 11.5)}" font-size="9.5" font-weight="bold" fill="${svgTheme.stale}" text-anchor="middle" letter-spacing="0.6">STALE</text>` +
    `<title>${escapeXml(`stale since revision ${stale.sinceRevision}: ${collapseSpaces(stale.reason)}`)}</title></g>`
  );
}

/** A comparison's mark on a card or an edge: its colour, removed ones dashed. */
function markStroke(mark: RecordMark | undefined, width: number): string {
  if (mark === undefined) return '';
  return ` stroke="${markColours[mark]}" stroke-width="${width}"${mark === 'removed' ? ' stroke-dasharray="7 4"' : ''}`;
}

function drawCard(element: ElementRecord, at: Placement, contained: number, mark?: RecordMark): string {
  const { x, y } = at;
  const colour = svgTheme.kind[element.kind];
  const dot = element.factStatus !== 'declared';
  const nameWidth = card.width - card.textLeft - card.padding + 4 - (dot ? 14 : 0);
  const parts: string[] = [
    `<g class="card${mark ? ` ${mark}` : ''}" data-element-id="${escapeXml(element.id)}" transform="translate(${n(x)} ${n(y)})">`,
    mark
      ? `<rect width="${card.width}" height="${card.height}" rx="10" fill="${svgTheme.card}"${markStroke(mark, 3)}><title>${mark}</title></rect>`
      : `<rect width="${card.width}" height="${card.height}" rx="10" fill="${svgTheme.card}" stroke="${colour}" stroke-width="1.5"/>`,
    `<rect x="0" y="12" width="4" height="${card.height - 24}" rx="2" fill="${colour}"/>`,
    kindIcon(element.kind, card.padding, 14),
    `<text x="${card.textLeft}" y="32" font-size="15" font-weight="bold" fill="${svgTheme.text}">${escapeXml(fitText(collapseSpaces(element.name), nameWidth, 15, true))}</text>`,
    `<text x="${card.textLeft}" y="50" font-size="12" fill="${colour}">${escapeXml(fitText(kindAndTechnology(element), card.width - card.textLeft - card.padding + 4, 12))}</text>`,
  ];
  if (element.description !== null) {
    const lines = wrapLines(element.description, card.width - 2 * card.padding, 12, 2);
    lines.forEach((line, i) => {
      parts.push(`<text x="${card.padding}" y="${74 + i * 16}" font-size="12" fill="${svgTheme.descriptionText}">${escapeXml(line)}</text>`);
    });
  }
  if (dot) parts.push(factDot(element.factStatus, card.width - 16, 16, 5));
  if (element.stale) parts.push(staleBadge(element.stale, card.padding, card.height - 22));
  if (contained > 0) {
    const text = `${contained} inside`;
    const width = Math.ceil(textWidth(text, 10.5)) + 14;
    const bx = card.width - card.padding - width;
    parts.push(
      `<g class="contained"><rect x="${n(bx)}" y="${card.height - 22}" width="${width}" height="16" rx="8" fill="${colour}" fill-opacity="0.18" stroke="${colour}" stroke-width="1"/>` +
        `<text x="${n(bx + width / 2)}" y="${card.height - 10.5}" font-size="10.5" fill="${svgTheme.text}" text-anchor="middle">${text}</text>` +
        `<title>${contained} contained ${contained === 1 ? 'element' : 'elements'}</title></g>`,
    );
  }
  parts.push('</g>');
  return parts.join('');
}

interface Point {
  x: number;
  y: number;
}

interface EdgeGeometry {
  path: string;
  mid: Point;
  /** Extent of the path beyond the cards (self loops), for the picture's bounds. */
  reach: Box | null;
}

type LineShape = 'curve' | 'straight' | 'step';

/** The relationship's lineShape hint when it names one of the kept shapes (any case, outer spaces ignored), else null. */
function keptLineShape(hint: string | null): LineShape | null {
  const shape = hint?.trim().toLowerCase();
  return shape === 'curve' || shape === 'straight' || shape === 'step' ? shape : null;
}

/** Where the ray from p (inside box) along dir leaves the box. */
function exitPoint(box: Box, p: Point, dir: Point): Point {
  const tx = dir.x > 0 ? (box.x + box.width - p.x) / dir.x : dir.x < 0 ? (box.x - p.x) / dir.x : Infinity;
  const ty = dir.y > 0 ? (box.y + box.height - p.y) / dir.y : dir.y < 0 ? (box.y - p.y) / dir.y : Infinity;
  const t = Math.max(0, Math.min(tx, ty));
  return { x: p.x + dir.x * t, y: p.y + dir.y * t };
}

function edgeBetween(a: Box, b: Box, hint: string | null, offset: number): EdgeGeometry {
  const ca = { x: a.x + a.width / 2, y: a.y + a.height / 2 };
  const cb = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  const dx = cb.x - ca.x;
  const dy = cb.y - ca.y;
  const kept = keptLineShape(hint);
  const alignedInRow = Math.abs(dy) < 1;
  const alignedInColumn = Math.abs(dx) < 1;
  // "default decide": straight between neighbours on one row or column; an arc round the cards between two
  // that line up further apart (a straight line would cross those cards); a curve otherwise.
  if (kept === null && alignedInRow && Math.abs(dx) > layoutGrid.columnStep * 1.5) return arcAround(a, b, 'below', offset);
  if (kept === null && alignedInColumn && Math.abs(dy) > layoutGrid.rowStep * 1.5) return arcAround(a, b, 'right', offset);
  const shape = kept ?? (alignedInRow || alignedInColumn ? 'straight' : 'curve');
  if (shape === 'straight') {
    const length = Math.hypot(dx, dy);
    const dir = length === 0 ? { x: 1, y: 0 } : { x: dx / length, y: dy / length };
    const o = Math.max(-(a.height / 2 - 10), Math.min(a.height / 2 - 10, offset));
    const shift = { x: -dir.y * o, y: dir.x * o };
    const start = exitPoint(a, { x: ca.x + shift.x, y: ca.y + shift.y }, dir);
    const end = exitPoint(b, { x: cb.x + shift.x, y: cb.y + shift.y }, { x: -dir.x, y: -dir.y });
    return { path: `M${n(start.x)} ${n(start.y)} L${n(end.x)} ${n(end.y)}`, mid: { x: (start.x + end.x) / 2, y: (start.y + end.y) / 2 }, reach: null };
  }
  // Curves and steps leave and enter through the sides facing each other: left/right when the horizontal gap is the larger.
  const horizontal = Math.abs(dx) - a.width >= Math.abs(dy) - a.height;
  let start: Point;
  let end: Point;
  if (horizontal) {
    const side = dx >= 0 ? 1 : -1;
    const o = Math.max(-(a.height / 2 - 12), Math.min(a.height / 2 - 12, offset));
    start = { x: ca.x + (side * a.width) / 2, y: ca.y + o };
    end = { x: cb.x - (side * b.width) / 2, y: cb.y + o };
  } else {
    const side = dy >= 0 ? 1 : -1;
    const o = Math.max(-(a.width / 2 - 12), Math.min(a.width / 2 - 12, offset));
    start = { x: ca.x + o, y: ca.y + (side * a.height) / 2 };
    end = { x: cb.x + o, y: cb.y - (side * b.height) / 2 };
  }
  const mid = { x: (start.x + end.x) / 2, y: (start.y + end.y) / 2 };
  if (shape === 'curve') {
    const c1 = horizontal ? { x: mid.x, y: start.y } : { x: start.x, y: mid.y };
    const c2 = horizontal ? { x: mid.x, y: end.y } : { x: end.x, y: mid.y };
    return { path: `M${n(start.x)} ${n(start.y)} C${n(c1.x)} ${n(c1.y)} ${n(c2.x)} ${n(c2.y)} ${n(end.x)} ${n(end.y)}`, mid, reach: null };
  }
  const path = horizontal
    ? `M${n(start.x)} ${n(start.y)} H${n(mid.x)} V${n(end.y)} H${n(end.x)}`
    : `M${n(start.x)} ${n(start.y)} V${n(mid.y)} H${n(end.x)} V${n(end.y)}`;
  return { path, mid, reach: null };
}

/** A curve between two cards on one row (below the row) or one column (right of it), clear of the cards between. */
function arcAround(a: Box, b: Box, side: 'below' | 'right', offset: number): EdgeGeometry {
  const depth = 64 + Math.abs(offset);
  if (side === 'below') {
    const direction = b.x > a.x ? 1 : -1;
    const y = a.y + a.height;
    const startX = a.x + a.width / 2 + direction * 40 + offset;
    const endX = b.x + b.width / 2 - direction * 40 + offset;
    const path = `M${n(startX)} ${n(y)} C${n(startX)} ${n(y + depth)} ${n(endX)} ${n(y + depth)} ${n(endX)} ${n(y)}`;
    return { path, mid: { x: (startX + endX) / 2, y: y + depth * 0.75 }, reach: { x: Math.min(startX, endX), y, width: Math.abs(endX - startX), height: depth * 0.75 } };
  }
  const direction = b.y > a.y ? 1 : -1;
  const x = a.x + a.width;
  const startY = a.y + a.height / 2 + direction * 24 + offset / 2;
  const endY = b.y + b.height / 2 - direction * 24 + offset / 2;
  const path = `M${n(x)} ${n(startY)} C${n(x + depth)} ${n(startY)} ${n(x + depth)} ${n(endY)} ${n(x)} ${n(endY)}`;
  return { path, mid: { x: x + depth * 0.75, y: (startY + endY) / 2 }, reach: { x, y: Math.min(startY, endY), width: depth * 0.75, height: Math.abs(endY - startY) } };
}

/** A relationship from a card to itself: a loop round the card's top-right corner, larger for each further loop. */
function selfLoop(box: Box, index: number): EdgeGeometry {
  // A large circular arc from the top side to the right side, each end 30 from the corner, bulging outwards.
  const r = 40 + index * 12;
  const corner = { x: box.x + box.width, y: box.y };
  const halfChord = 15 * Math.SQRT2;
  const beyond = Math.sqrt(r * r - halfChord * halfChord) / Math.SQRT2;
  const centre = { x: corner.x - 15 + beyond, y: corner.y + 15 - beyond };
  const far = { x: centre.x + r / Math.SQRT2, y: centre.y - r / Math.SQRT2 };
  const path = `M${n(corner.x - 30)} ${n(corner.y)} A${r} ${r} 0 1 1 ${n(corner.x)} ${n(corner.y + 30)}`;
  return { path, mid: { x: far.x, y: far.y - 12 }, reach: { x: centre.x - r, y: centre.y - r, width: 2 * r, height: 2 * r } };
}

interface LabelCard {
  svg: string;
  box: Box;
}

function labelCard(relationship: RelationshipRecord, at: Point): LabelCard | null {
  const label = relationship.label === null ? '' : collapseSpaces(relationship.label);
  const technology = relationship.technology === null ? '' : collapseSpaces(relationship.technology);
  const dot = relationship.factStatus !== 'declared';
  const lines: { text: string; size: number; fill: string }[] = [];
  if (label !== '') lines.push({ text: fitText(label, labelMaxWidth, 12), size: 12, fill: svgTheme.text });
  if (technology !== '') lines.push({ text: fitText(`[${technology}]`, labelMaxWidth, 11), size: 11, fill: svgTheme.mutedText });
  const parts: string[] = [];
  let box: Box;
  if (lines.length === 0) {
    box = { x: at.x - 6, y: at.y - 6, width: 12, height: 12 };
  } else {
    const width = Math.ceil(Math.max(...lines.map((line) => textWidth(line.text, line.size)))) + 16;
    const height = lines.length * 15 + 8;
    box = { x: at.x - width / 2, y: at.y - height / 2, width, height };
    const stroke = relationship.kind === 'behavioural' ? svgTheme.behavioural : svgTheme.structural;
    parts.push(`<rect x="${n(box.x)}" y="${n(box.y)}" width="${width}" height="${height}" rx="6" fill="${svgTheme.labelCard}" stroke="${stroke}" stroke-width="1"/>`);
    lines.forEach((line, i) => {
      parts.push(`<text x="${n(at.x)}" y="${n(box.y + 16 + i * 15)}" font-size="${line.size}" fill="${line.fill}" text-anchor="middle">${escapeXml(line.text)}</text>`);
    });
    const full = [label, technology === '' ? '' : `[${technology}]`].filter((t) => t !== '').join(' ');
    if (lines.some((line) => line.text.endsWith('…'))) parts.push(`<title>${escapeXml(full)}</title>`);
  }
  if (dot) parts.push(factDot(relationship.factStatus, box.x + (lines.length === 0 ? 6 : 0), box.y + (lines.length === 0 ? 6 : 0), 4));
  if (relationship.stale) {
    parts.push(staleBadge(relationship.stale, at.x - 23, box.y + box.height + 3));
    box = { ...box, height: box.height + 19 };
  }
  if (parts.length === 0) return null;
  return { svg: `<g class="edge-label" data-relationship-id="${escapeXml(relationship.id)}">${parts.join('')}</g>`, box };
}

function sourceSentence(source: RenderSource): string {
  if (source.kind === 'comparison') return `${comparisonText(source)}.`;
  return source.kind === 'revision'
    ? `Revision "${source.name}" (${source.id}), model version ${source.modelVersion}.`
    : `Stream "${source.name}" at model version ${source.modelVersion}.`;
}

function sourceCaption(source: RenderSource): string {
  if (source.kind === 'comparison') return `${source.from} → ${source.to}`;
  return source.kind === 'revision' ? `revision ${source.name} · model version ${source.modelVersion}` : `${source.name} · model version ${source.modelVersion}`;
}

function describeRendering(input: RenderViewInput, contents: ViewContents, fingerprint: string): string {
  const sentences = [`View "${input.view.name}" (${input.view.id}).`, sourceSentence(input.source), `Layout fingerprint ${fingerprint}.`];
  if (contents.missingRootId !== null) sentences.push(`The root element ${contents.missingRootId} is not in this model, so the view shows nothing.`);
  sentences.push(droppedInformation(contents, 'svg'));
  return sentences.join(' ');
}

const markOrder: readonly RecordMark[] = ['added', 'removed', 'changed'];

/** The marks' legend under the caption, from `left`: a swatch and a word each, removed dashed. */
function legend(left: number, baseline: number): string {
  const step = 84;
  const parts = markOrder.map((mark, i) => {
    const x = left + i * step;
    return (
      `<rect x="${n(x)}" y="${n(baseline - 10)}" width="16" height="12" rx="3" fill="none"${markStroke(mark, 2)}/>` +
      `<text x="${n(x + 22)}" y="${n(baseline)}" font-size="12" fill="${svgTheme.text}">${mark}</text>`
    );
  });
  return `<g class="legend">${parts.join('')}</g>`;
}

function marker(id: string, colour: string): string {
  return `<marker id="${id}" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="11" markerHeight="11" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="${colour}"/></marker>`;
}

/**
 * The SVG document of a view: cards for the elements the view shows (placed
 * by the saved layout, then the grid), the root as a frame, relationships as
 * arrowed paths with label cards, and a `<desc>` naming the model read, the
 * layout fingerprint and what the picture drops. Same input, same bytes.
 *
 * @example
 * const svg = renderViewSvg({ model, view, source: { kind: 'stream', name: 'main', modelVersion: 12 } });
 */
export function renderViewSvg(input: RenderViewInput): string {
  const contents = viewContents(input.model, input.view);
  const fingerprint = layoutFingerprint(input.view);
  const placements = layoutView(contents.elements, input.view.positions);
  const boxOf = (id: string): Box => {
    const at = placements.get(id)!;
    return { x: at.x, y: at.y, width: card.width, height: card.height };
  };

  const content = new Bounds();
  for (const at of placements.values()) content.add(at.x, at.y, card.width, card.height);

  // Parallel relationships between the same two cards are spread apart; loops on one card grow outwards.
  const pairCount = new Map<string, number>();
  // Each key made once: a key made afresh is hashed afresh.
  const pairKeys = contents.relationships.map((r) => (r.fromId < r.toId ? `${r.fromId} ${r.toId}` : `${r.toId} ${r.fromId}`));
  for (const key of pairKeys) pairCount.set(key, (pairCount.get(key) ?? 0) + 1);
  const pairSeen = new Map<string, number>();
  const edges: string[] = [];
  const labels: string[] = [];
  contents.relationships.forEach((relationship, i) => {
    const key = pairKeys[i]!;
    const index = pairSeen.get(key) ?? 0;
    pairSeen.set(key, index + 1);
    const behavioural = relationship.kind === 'behavioural';
    let geometry: EdgeGeometry;
    if (relationship.fromId === relationship.toId) {
      geometry = selfLoop(boxOf(relationship.fromId), index);
    } else {
      const total = pairCount.get(key)!;
      // Offsets are measured across the line from the lower ID to the higher one, so A→B and B→A spread apart too.
      const sign = relationship.fromId < relationship.toId ? 1 : -1;
      const spread = index - (total - 1) / 2;
      geometry = edgeBetween(boxOf(relationship.fromId), boxOf(relationship.toId), relationship.lineShape, sign * spread * 18);
      // Their label cards are stacked, or they would cover each other.
      geometry.mid = { x: geometry.mid.x, y: geometry.mid.y + spread * 40 };
    }
    if (geometry.reach) content.add(geometry.reach.x, geometry.reach.y, geometry.reach.width, geometry.reach.height);
    const colour = behavioural ? svgTheme.behavioural : svgTheme.structural;
    const mark = input.marks?.get(relationship.id);
    edges.push(
      mark
        ? `<path class="${relationship.kind} ${mark}" data-relationship-id="${escapeXml(relationship.id)}" d="${geometry.path}" fill="none"${markStroke(mark, 3)} marker-end="url(#arrow-${mark})"/>`
        : `<path class="${relationship.kind}" data-relationship-id="${escapeXml(relationship.id)}" d="${geometry.path}" fill="none" stroke="${colour}" stroke-width="${behavioural ? 2.5 : 1.5}" marker-end="url(#arrow-${relationship.kind})"/>`,
    );
    const label = labelCard(relationship, geometry.mid);
    if (label) {
      labels.push(label.svg);
      content.add(label.box.x, label.box.y, label.box.width, label.box.height);
    }
  });

  let frameSvg = '';
  let frameNote = '';
  if (contents.frame) {
    const root = contents.frame;
    if (content.empty) {
      content.add(0, 0, card.width, card.height);
      frameNote = `<text x="0" y="64" font-size="13" fill="${svgTheme.mutedText}">No elements inside.</text>`;
    }
    const box = {
      x: content.minX - framePadding,
      y: content.minY - framePadding - frameHeader,
      width: content.maxX - content.minX + 2 * framePadding,
      height: content.maxY - content.minY + 2 * framePadding + frameHeader,
    };
    box.width = Math.max(box.width, 320);
    const colour = svgTheme.kind[root.kind];
    const textWidthAvailable = box.width - 60 - 16;
    frameSvg =
      `<g class="frame" data-element-id="${escapeXml(root.id)}">` +
      `<rect x="${n(box.x)}" y="${n(box.y)}" width="${n(box.width)}" height="${n(box.height)}" rx="14" fill="${svgTheme.frameFill}" stroke="${colour}" stroke-width="1.5" stroke-dasharray="8 5"/>` +
      kindIcon(root.kind, box.x + 18, box.y + 14) +
      frameNote +
      `<text x="${n(box.x + 58)}" y="${n(box.y + 30)}" font-size="16" font-weight="bold" fill="${svgTheme.text}">${escapeXml(fitText(collapseSpaces(root.name), textWidthAvailable, 16, true))}</text>` +
      `<text x="${n(box.x + 58)}" y="${n(box.y + 47)}" font-size="12" fill="${colour}">${escapeXml(fitText(kindAndTechnology(root), textWidthAvailable, 12))}</text>` +
      '</g>';
    content.add(box.x, box.y, box.width, box.height);
  }

  let emptyNote = '';
  if (content.empty) {
    const note = contents.missingRootId !== null ? `The root element ${contents.missingRootId} is not in this model.` : 'This level has no elements.';
    emptyNote = `<text x="0" y="20" font-size="13" fill="${svgTheme.mutedText}">${escapeXml(note)}</text>`;
    content.add(0, 0, Math.max(320, Math.ceil(textWidth(note, 13))), 32);
  }

  const titleWidth = Math.max(content.maxX - content.minX, 420);
  const left = content.minX - margin;
  const top = content.minY - margin - captionHeight;
  const width = Math.ceil(titleWidth + 2 * margin);
  const height = Math.ceil(content.maxY - top + margin);
  const caption =
    `<g class="caption"><text x="${n(content.minX)}" y="${n(top + margin + 4)}" font-size="18" font-weight="bold" fill="${svgTheme.text}">${escapeXml(fitText(collapseSpaces(input.view.name), titleWidth, 18, true))}</text>` +
    `<text x="${n(content.minX)}" y="${n(top + margin + 24)}" font-size="12" fill="${svgTheme.mutedText}">${escapeXml(fitText(collapseSpaces(sourceCaption(input.source)), titleWidth, 12))}</text></g>`;

  // Every part of the document goes into one list joined once: the text is copied once, not once per level.
  const parts: string[] = [];
  const line = (...pieces: string[]) => {
    if (pieces.length === 1 && pieces[0] === '') return;
    parts.push(...pieces, '\n');
  };
  line('<?xml version="1.0" encoding="UTF-8"?>');
  line(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${n(left)} ${n(top)} ${width} ${height}" font-family="${svgTheme.fontFamily}">`);
  line(`<title>${escapeXml(input.view.name)}</title>`);
  line(`<desc>${escapeXml(describeRendering(input, contents, fingerprint))}</desc>`);
  const markMarkers = input.marks ? markOrder.map((mark) => marker(`arrow-${mark}`, markColours[mark])).join('') : '';
  line(`<defs>${marker('arrow-structural', svgTheme.structural)}${marker('arrow-behavioural', svgTheme.behavioural)}${markMarkers}</defs>`);
  line(`<rect x="${n(left)}" y="${n(top)}" width="${width}" height="${height}" fill="${svgTheme.background}"/>`);
  line(caption);
  if (input.marks) line(legend(content.minX, top + margin + 46));
  line(frameSvg);
  line(emptyNote);
  line('<g class="relationships">', ...edges, '</g>');
  const cards: string[] = [];
  for (const element of contents.elements) {
    if (cards.length > 0) cards.push('\n');
    cards.push(drawCard(element, placements.get(element.id)!, contents.containedCount.get(element.id) ?? 0, input.marks?.get(element.id)));
  }
  line('<g class="elements">', ...cards, '</g>');
  line('<g class="relationship-labels">', ...labels, '</g>');
  line('</svg>');
  return parts.join('');
}
