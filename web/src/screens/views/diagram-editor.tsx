import type { ComponentChildren } from 'preact';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from '../../api/client';
import { ErrorNotice, Loading } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import { layoutAfterMove, samePositions } from './layout-positions';
import { cardName, cardPosition, cardsOf, cleanServiceSvg, fingerprintOf, moveCard, pointInSvg } from './service-svg';
import { type View, type ViewPosition, viewsApi } from './views-api';

/** Arrow keys move a focused card this far (with Shift, `bigStep`), in the picture's units. */
const keyStep = 10;
const bigStep = 50;
/** Keyboard moves are saved once the keys rest this long, so a run of presses is one save. */
const keySaveDelayMs = 600;
/** A press that moves less than this is a click, not a drag. */
const dragThreshold = 3;

interface Drag {
  pointerId: number;
  card: SVGGElement;
  start: { x: number; y: number };
  origin: { x: number; y: number };
  moved: boolean;
}

/** What the diagram shows the page around it: the SVG text drawn (for the PNG) and its fingerprint. */
export interface DrawnDiagram {
  svgText: string;
  fingerprint: string | null;
  /** How many positions the view's layout holds. */
  savedPositions: number;
}

/**
 * The view's diagram as the service draws it (GET …/export/svg, inserted as
 * it comes after `cleanServiceSvg`), with its cards movable by mouse, pen or
 * touch (pointer events) and by keyboard (focus a card, arrow keys). A move is
 * saved with PUT …/layout and the SVG is then fetched again, so the picture on
 * screen is always the service's own rendering of the saved layout.
 */
export function DiagramEditor({
  projectId,
  view,
  editable,
  onDrawn,
  children,
}: {
  projectId: string;
  view: View;
  editable: boolean;
  onDrawn: (diagram: DrawnDiagram) => void;
  /** Controls shown in the diagram's toolbar (downloads). */
  children?: ComponentChildren;
}) {
  const instructionsId = useId();
  const [round, setRound] = useState(0);
  // A new object per answer, so an answer with the same bytes still redraws (and undoes a move that was refused).
  const picture = useLoad(async (signal) => ({ text: await viewsApi.svg(projectId, view.id, signal) }), [projectId, view.id, round]);
  const hostRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement | null>(null);
  const drag = useRef<Drag | null>(null);
  const keyTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const focusAfterDraw = useRef<string | null>(null);
  // The positions this picture was drawn from: a save first checks that nobody saved other ones since.
  const savedPositions = useRef<ViewPosition[]>(view.positions);
  const [drawError, setDrawError] = useState<ApiError | undefined>(undefined);
  const [fit, setFit] = useState(true);
  const [status, setStatus] = useState('');

  const redraw = () => setRound((r) => r + 1);

  const save = useAction(async (movedId: string) => {
    const svg = svgRef.current;
    if (!svg) return;
    const drawn = [...cardsOf(svg)].map(([elementId, card]) => ({ elementId, ...cardPosition(card) }));
    const moved = drawn.find((p) => p.elementId === movedId);
    setStatus('Saving the layout…');
    try {
      const current = await viewsApi.get(projectId, view.id);
      if (!samePositions(current.positions, savedPositions.current)) {
        savedPositions.current = current.positions;
        throw new ApiError({
          type: 'layout_changed',
          title: 'The layout was changed by someone else',
          detail: 'Your move was not saved. The diagram now shows the layout saved meanwhile; move the element again.',
          status: 409,
          errors: [],
        });
      }
      const answer = await viewsApi.replaceLayout(projectId, view.id, layoutAfterMove(current.positions, drawn));
      savedPositions.current = answer.positions;
      setStatus(moved ? `Saved: ${cardName(cardsOf(svg).get(movedId)!)} at ${Math.round(moved.x)}, ${Math.round(moved.y)}.` : 'Saved.');
    } catch (cause) {
      setStatus('The move was not saved.');
      throw cause;
    } finally {
      // Saved or refused, draw what the service now holds.
      redraw();
    }
  });

  const busy = save.pending || picture.loading;
  const busyRef = useRef(busy);
  busyRef.current = busy;

  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host || picture.data === undefined) return;
    let svg: SVGSVGElement;
    try {
      svg = cleanServiceSvg(picture.data.text);
      setDrawError(undefined);
    } catch (cause) {
      setDrawError(new ApiError({ type: 'invalid_diagram', title: 'The diagram could not be drawn', detail: String(cause), status: 0, errors: [] }));
      return;
    }
    svg.setAttribute('role', 'group');
    svg.setAttribute('aria-label', `Diagram of the view ${view.name}`);
    for (const [, card] of cardsOf(svg)) {
      if (!editable) continue;
      card.setAttribute('tabindex', '0');
      card.setAttribute('role', 'button');
      card.setAttribute('aria-roledescription', 'movable element');
      card.setAttribute('aria-label', cardName(card));
      card.setAttribute('aria-describedby', instructionsId);
    }
    host.replaceChildren(svg);
    svgRef.current = svg;
    if (focusAfterDraw.current) {
      const card = cardsOf(svg).get(focusAfterDraw.current);
      focusAfterDraw.current = null;
      if (card) card.focus();
    }
    onDrawn({ svgText: picture.data.text, fingerprint: fingerprintOf(picture.data.text), savedPositions: savedPositions.current.length });
  }, [picture.data, editable, view.name]);


  const cardOf = (target: EventTarget | null): SVGGElement | null => {
    const element = target instanceof Element ? target.closest('g.card[data-element-id]') : null;
    return element instanceof SVGGElement && svgRef.current?.contains(element) ? element : null;
  };

  const startSave = (card: SVGGElement) => {
    if (keyTimer.current) {
      clearTimeout(keyTimer.current);
      keyTimer.current = null;
    }
    const id = card.getAttribute('data-element-id')!;
    if (hostRef.current?.contains(document.activeElement) && document.activeElement === card) focusAfterDraw.current = id;
    void save.run(id);
  };

  const onPointerDown = (event: PointerEvent) => {
    if (!editable || busyRef.current || event.button !== 0) return;
    const card = cardOf(event.target);
    const svg = svgRef.current;
    if (!card || !svg) return;
    event.preventDefault();
    card.focus({ preventScroll: true });
    hostRef.current!.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, card, start: pointInSvg(svg, event.clientX, event.clientY), origin: cardPosition(card), moved: false };
  };

  const onPointerMove = (event: PointerEvent) => {
    const current = drag.current;
    const svg = svgRef.current;
    if (!current || !svg || event.pointerId !== current.pointerId) return;
    const at = pointInSvg(svg, event.clientX, event.clientY);
    const dx = at.x - current.start.x;
    const dy = at.y - current.start.y;
    if (!current.moved && Math.hypot(dx, dy) < dragThreshold) return;
    current.moved = true;
    current.card.classList.add('dragging');
    moveCard(current.card, { x: Math.round(current.origin.x + dx), y: Math.round(current.origin.y + dy) });
  };

  const endDrag = (event: PointerEvent, cancelled: boolean) => {
    const current = drag.current;
    if (!current || event.pointerId !== current.pointerId) return;
    drag.current = null;
    current.card.classList.remove('dragging');
    if (hostRef.current?.hasPointerCapture(event.pointerId)) hostRef.current.releasePointerCapture(event.pointerId);
    if (!current.moved) return;
    if (cancelled) {
      moveCard(current.card, current.origin);
      return;
    }
    startSave(current.card);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!editable) return;
    const card = cardOf(event.target);
    if (!card) return;
    if (event.key === 'Escape' && drag.current) {
      moveCard(drag.current.card, drag.current.origin);
      drag.current.card.classList.remove('dragging');
      drag.current = null;
      return;
    }
    const step = event.shiftKey ? bigStep : keyStep;
    const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[event.key];
    if (!delta) return;
    event.preventDefault();
    if (busyRef.current) {
      setStatus('Wait a moment: the last move is being saved.');
      return;
    }
    const at = cardPosition(card);
    const next = { x: at.x + delta[0]!, y: at.y + delta[1]! };
    moveCard(card, next);
    setStatus(`${cardName(card)} at ${next.x}, ${next.y}; saved when you stop.`);
    if (keyTimer.current) clearTimeout(keyTimer.current);
    keyTimer.current = setTimeout(() => startSave(card), keySaveDelayMs);
  };

  // The cards (role button) take the input; the host listens for them all, through the latest handlers.
  const handlers = useRef({ onPointerDown, onPointerMove, endDrag, onKeyDown });
  handlers.current = { onPointerDown, onPointerMove, endDrag, onKeyDown };
  useEffect(() => {
    const host = hostRef.current!;
    const listeners = {
      pointerdown: (e: Event) => handlers.current.onPointerDown(e as PointerEvent),
      pointermove: (e: Event) => handlers.current.onPointerMove(e as PointerEvent),
      pointerup: (e: Event) => handlers.current.endDrag(e as PointerEvent, false),
      pointercancel: (e: Event) => handlers.current.endDrag(e as PointerEvent, true),
      keydown: (e: Event) => handlers.current.onKeyDown(e as KeyboardEvent),
    };
    for (const [type, listener] of Object.entries(listeners)) host.addEventListener(type, listener);
    return () => {
      for (const [type, listener] of Object.entries(listeners)) host.removeEventListener(type, listener);
      if (keyTimer.current) clearTimeout(keyTimer.current);
    };
  }, []);

  return (
    <div class="diagram-editor">
      <div class="diagram-toolbar">
        {children}
        <label class="choice">
          <input type="checkbox" checked={fit} onChange={(e) => setFit((e.currentTarget as HTMLInputElement).checked)} /> Fit to the window
        </label>
        <button type="button" class="secondary" onClick={redraw} disabled={busy}>
          Draw again
        </button>
      </div>
      {editable ? (
        <p id={instructionsId} class="hint">
          Drag an element, or focus it with Tab and use the arrow keys (Shift moves further). Each move is saved to the view's layout and the service draws the diagram again.
        </p>
      ) : (
        <p class="hint">Only editors can move elements of a view.</p>
      )}
      <ErrorNotice error={save.error} />
      <ErrorNotice error={picture.error ?? drawError} />
      {picture.data === undefined && !picture.error ? <Loading label="Drawing the diagram…" /> : null}
      <div
        ref={hostRef}
        class={`diagram view-diagram${fit ? ' fit' : ''}${busy ? ' busy' : ''}${editable ? ' editable' : ''}`}
        aria-busy={busy}
      />
      <p class="diagram-status" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
