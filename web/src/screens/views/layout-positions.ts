import type { ViewPosition } from './views-api';

/** Whether two saved layouts hold the same positions (order aside): the check that nobody else saved one in between. */
export function samePositions(a: readonly ViewPosition[], b: readonly ViewPosition[]): boolean {
  if (a.length !== b.length) return false;
  const byId = new Map(a.map((p) => [p.elementId.toLowerCase(), p]));
  return b.every((p) => {
    const other = byId.get(p.elementId.toLowerCase());
    return other !== undefined && other.x === p.x && other.y === p.y;
  });
}

/**
 * The body of PUT …/layout after a move: every card drawn keeps the place it
 * is drawn at (so saving one element's position does not send the others'
 * grid places elsewhere: part 1 starts the grid below the saved ones), and
 * saved positions of elements this level does not show are kept as they are.
 */
export function layoutAfterMove(saved: readonly ViewPosition[], drawn: readonly ViewPosition[]): ViewPosition[] {
  const shown = new Set(drawn.map((p) => p.elementId.toLowerCase()));
  return [...saved.filter((p) => !shown.has(p.elementId.toLowerCase())), ...drawn.map((p) => ({ elementId: p.elementId, x: Math.round(p.x), y: Math.round(p.y) }))];
}
