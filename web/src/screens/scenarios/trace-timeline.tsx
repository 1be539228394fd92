import { useId, useMemo, useState } from 'preact/hooks';
import { eventKindLook, isFaultInjected } from './event-kinds';
import { eventKinds, type TraceEvent } from './scenario-api';

/** Events drawn at first and added by each "show more": a long trace stays quick to draw. */
export const timelinePageSize = 100;

const guid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Record IDs in a detail sentence written with the names the run gave them. */
export function withNames(text: string, labels: Record<string, string>): string {
  return text.replace(guid, (id) => labels[id] ?? labels[id.toLowerCase()] ?? id);
}

function nameOf(id: string | null, labels: Record<string, string>): string | null {
  return id === null ? null : (labels[id] ?? id);
}

function TraceEventRow({ event, labels }: { event: TraceEvent; labels: Record<string, string> }) {
  const look = eventKindLook(event.kind);
  const from = nameOf(event.from, labels);
  const to = nameOf(event.to, labels);
  const target = nameOf(event.target, labels);
  const fault = isFaultInjected(event.detail);
  const route = `${from ?? '—'} → ${to ?? '—'}`;
  // A subscription's or binding's name is already "<from> → <to>": show only what it adds (a binding's key).
  let targetText = target !== null && target !== to && target !== from ? target : null;
  if (targetText?.startsWith(route)) targetText = targetText.slice(route.length).trim() || null;
  return (
    <li class={`trace-event event-${look.group}`}>
      <span class="event-time">
        <span class="offscreen">at </span>
        {event.atMs} ms
      </span>
      <div class="event-body">
        <p class="event-head">
          <span class={`badge event-kind event-kind-${look.group}`} title={look.meaning}>
            <span aria-hidden="true">{look.symbol} </span>
            {event.kind}
          </span>
          {fault ? <span class="badge event-fault">fault injected</span> : null}
          {event.stepId !== null ? (
            <span class="event-step">
              step <code>{event.stepId}</code>
            </span>
          ) : null}
          {event.attempt !== null ? <span class="event-attempt">{event.kind === 'RetryScheduled' ? `next: attempt ${event.attempt}` : `attempt ${event.attempt}`}</span> : null}
          <span class="event-sequence">#{event.sequence}</span>
        </p>
        {from || to || target ? (
          <p class="event-route">
            {route}
            {targetText ? <span class="event-target"> · {targetText}</span> : null}
          </p>
        ) : null}
        {event.detail ? <p class="event-detail">{withNames(event.detail, labels)}</p> : null}
        {event.payload !== null && event.payload !== undefined ? (
          <details class="event-payload">
            <summary>Payload</summary>
            <pre>{JSON.stringify(event.payload, null, 2)}</pre>
            {event.headers && Object.keys(event.headers).length > 0 ? <pre>{JSON.stringify(event.headers, null, 2)}</pre> : null}
          </details>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The trace as a timeline: events in time order (the trace's own order) with
 * their time, kind, step, attempt, route and detail; a filter by kind; the
 * first events at once and more on request.
 */
export function TraceTimeline({ events, labels }: { events: readonly TraceEvent[]; labels: Record<string, string> }) {
  const id = useId();
  const counts = useMemo(() => {
    const byKind = new Map<string, number>();
    for (const event of events) byKind.set(event.kind, (byKind.get(event.kind) ?? 0) + 1);
    // Part 1's order of kinds, then any kind a newer engine adds.
    const known: string[] = eventKinds.filter((kind) => byKind.has(kind));
    return [...known, ...[...byKind.keys()].filter((kind) => !known.includes(kind))].map((kind) => ({ kind, count: byKind.get(kind)! }));
  }, [events]);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [shown, setShown] = useState(timelinePageSize);
  const visible = useMemo(() => events.filter((event) => !hidden.has(event.kind)), [events, hidden]);

  const toggle = (kind: string, on: boolean) => {
    const next = new Set(hidden);
    if (on) next.delete(kind);
    else next.add(kind);
    setHidden(next);
    setShown(timelinePageSize);
  };
  const showEveryKind = () => {
    setHidden(new Set());
    setShown(timelinePageSize);
  };

  if (events.length === 0) return <p class="empty">The trace has no events.</p>;
  return (
    <div class="trace-timeline">
      <fieldset class="kind-filter">
        <legend>Show event kinds</legend>
        <div class="kind-filter-options">
          {counts.map(({ kind, count }) => {
            const look = eventKindLook(kind);
            return (
              <label key={kind} class="kind-option">
                <input type="checkbox" checked={!hidden.has(kind)} onChange={(e) => toggle(kind, (e.currentTarget as HTMLInputElement).checked)} />
                <span class={`badge event-kind event-kind-${look.group}`}>
                  <span aria-hidden="true">{look.symbol} </span>
                  {kind}
                </span>{' '}
                ({count})
              </label>
            );
          })}
        </div>
        {hidden.size > 0 ? (
          <button type="button" class="secondary" onClick={showEveryKind}>
            Show every kind
          </button>
        ) : null}
      </fieldset>
      <p id={`${id}-count`} class="timeline-count" aria-live="polite">
        Showing {Math.min(shown, visible.length)} of {visible.length} events{visible.length !== events.length ? ` (${events.length} in the trace)` : ''}.
      </p>
      <ol class="timeline" aria-label="Trace events in time order" aria-describedby={`${id}-count`}>
        {visible.slice(0, shown).map((event) => (
          <TraceEventRow key={event.sequence} event={event} labels={labels} />
        ))}
      </ol>
      {visible.length > shown ? (
        <button type="button" class="secondary" onClick={() => setShown(shown + timelinePageSize)}>
          Show {Math.min(timelinePageSize, visible.length - shown)} more events ({visible.length - shown} not shown)
        </button>
      ) : null}
    </div>
  );
}
