/**
 * Layout of a view and its fingerprint (part 1 "Diagram and model exports",
 * "Layout" and "Layout fingerprint").
 */
import { createHash } from 'node:crypto';
import type { ViewPosition } from '../model/view-store';
import { compareOrdinal } from './ordinal-order';
import type { RenderableView } from './view-contents';

/**
 * The grid of part 1 and the card it places. A position is the top-left corner
 * of a card; "80 below the lowest of them" is read as 80 below the lowest
 * card's bottom edge, the same 80 gap the grid leaves between rows.
 */
export const layoutGrid = Object.freeze({
  columns: 3,
  columnStep: 340,
  rowStep: 200,
  gapBelowSaved: 80,
  cardWidth: 260,
  cardHeight: 120,
  /** Saved coordinates are drawn clamped to ±this, so numbers stay plain decimals; the fingerprint keeps them as saved. */
  maxCoordinate: 10_000_000,
});

/** Where a card goes: top-left corner, and whether the position was saved. */
export interface Placement {
  readonly x: number;
  readonly y: number;
  readonly saved: boolean;
}

function clamp(value: number): number {
  return Math.min(layoutGrid.maxCoordinate, Math.max(-layoutGrid.maxCoordinate, value));
}

/**
 * Places the shown elements (already in ordinal name then ID order): saved
 * positions first; the others on the three-column grid in that order, from
 * 0,0 when no shown element has a saved position, else from the left edge of
 * the positioned ones and 80 below the lowest. Saved positions of elements not
 * shown move nothing.
 */
export function layoutView(elements: readonly { readonly id: string }[], positions: readonly ViewPosition[]): Map<string, Placement> {
  const saved = new Map<string, ViewPosition>();
  for (const position of positions) {
    if (Number.isFinite(position.x) && Number.isFinite(position.y)) saved.set(position.elementId, position);
  }
  const placements = new Map<string, Placement>();
  let left = Infinity;
  let lowest = -Infinity;
  for (const element of elements) {
    const position = saved.get(element.id);
    if (!position) continue;
    const x = clamp(position.x);
    const y = clamp(position.y);
    placements.set(element.id, { x, y, saved: true });
    left = Math.min(left, x);
    lowest = Math.max(lowest, y);
  }
  const startX = placements.size === 0 ? 0 : left;
  const startY = placements.size === 0 ? 0 : lowest + layoutGrid.cardHeight + layoutGrid.gapBelowSaved;
  let index = 0;
  for (const element of elements) {
    if (placements.has(element.id)) continue;
    const column = index % layoutGrid.columns;
    const row = Math.floor(index / layoutGrid.columns);
    placements.set(element.id, { x: startX + column * layoutGrid.columnStep, y: startY + row * layoutGrid.rowStep, saved: false });
    index++;
  }
  return placements;
}

/**
 * The exact bytes the layout fingerprint hashes: the UTF-8 of the JSON array
 * `[name, rootElementId or null, [[elementId, x, y], …]]` with the positions in
 * ordinal element-ID order, written by JSON.stringify (no spaces; numbers in
 * their shortest round-trip form; lone surrogates as \u escapes). Every saved
 * position counts, shown or not.
 */
export function layoutFingerprintInput(view: Pick<RenderableView, 'name' | 'rootElementId' | 'positions'>): string {
  const positions = [...view.positions].sort((a, b) => compareOrdinal(a.elementId, b.elementId)).map((p) => [p.elementId, p.x, p.y]);
  return JSON.stringify([view.name, view.rootElementId, positions]);
}

/**
 * `sha256:` and the hex SHA-256 of the view name, root element ID and saved
 * positions (see layoutFingerprintInput for the bytes).
 *
 * @example
 * layoutFingerprint({ name: 'Context', rootElementId: null, positions: [] }); // 'sha256:…'
 */
export function layoutFingerprint(view: Pick<RenderableView, 'name' | 'rootElementId' | 'positions'>): string {
  return `sha256:${createHash('sha256').update(layoutFingerprintInput(view), 'utf8').digest('hex')}`;
}
