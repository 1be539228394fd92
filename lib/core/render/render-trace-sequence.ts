/**
 * A playback trace as a Mermaid `sequenceDiagram` (docs/sequence-diagrams.md).
 *
 * Participants are the elements and channels of the events in order of first
 * appearance, named by the model; calls, responses, publishes, routes,
 * deliveries and writes are messages; failures are crosses, time-outs
 * crosses with the deadline, retries notes with their attempt numbers, dead
 * letters and drops marked. The scenario document gives the blocks: a call
 * with an `onError` list is a `critical` region with the list as its
 * `option`, a call that was retried a `loop`, a `parallel` step and a
 * message delivered to more than one subscription a `par`, a `branch` step
 * an `alt` labelled with the list it took. The events stay in trace order:
 * where work of one block interleaves with another's (a parallel branch
 * waiting on a time-out, a delivery retried later), the block is closed and
 * opened again.
 *
 * Pure and deterministic: the same run gives the same bytes. Model text
 * (names, step IDs, details) is data: it is coded exactly as the flowchart
 * export codes its labels (flowchartText), comments as its comments.
 */
import type { ElementKind, ModelSnapshot } from '../model/model-records';
import type { PlaybackEvent, RunResult } from '../playback/playback-types';
import type { ScenarioDocument, Step, StepList } from '../playback/scenario-document';
import { assignIdentifiers, identifierBase } from './identifiers';
import { flowchartComment, flowchartText } from './render-view-flowchart';

/** What a participant is: an element of that kind, or a channel. */
export type ParticipantKind = ElementKind | 'channel';

/** The name and kind of each element and channel a diagram may show, by ID. */
export type SequenceParticipants = Readonly<Record<string, { name: string; kind: ParticipantKind }>>;

/** What the sequence diagram of a run reads. */
export interface TraceSequenceInput {
  scenario: Pick<ScenarioDocument, 'id' | 'name' | 'steps'>;
  run: Pick<RunResult, 'engineVersion' | 'hash' | 'modelVersion' | 'issues' | 'events' | 'labels'>;
  /** Names and kinds of the elements and channels (sequenceParticipants); an ID missing here is named by the run's labels and drawn as a plain participant. */
  participants: SequenceParticipants;
}

/**
 * Words the sequence diagram lexer reads as syntax where a participant ID
 * stands (mermaid 11, case-insensitive, each followed by a word boundary).
 */
const sequenceKeywords: ReadonlySet<string> = new Set([
  'participant', 'actor', 'as', 'end', 'loop', 'rect', 'opt', 'alt', 'else', 'par', 'par_over', 'and', 'critical', 'option', 'break',
  'box', 'create', 'destroy', 'note', 'over', 'left', 'right', 'of', 'links', 'link', 'properties', 'details', 'activate', 'deactivate',
  'title', 'acctitle', 'accdescr', 'autonumber', 'off', 'sequencediagram',
]);

// ---------------------------------------------------------------- the steps of the document

type ListKey = 'then' | 'onError' | 'else' | `branch ${number}` | `handler ${string}`;

interface StepPlace {
  step: Step;
  /** The step whose list holds this one, and which list; null at the top. */
  parent: { stepId: string; list: ListKey } | null;
}

function indexSteps(steps: StepList | null): Map<string, StepPlace> {
  const places = new Map<string, StepPlace>();
  const walk = (list: StepList | null | undefined, parent: StepPlace['parent']) => {
    for (const step of list ?? []) {
      if (!step || typeof step.id !== 'string') continue;
      places.set(step.id, { step, parent });
      const under = (key: ListKey, inner: StepList | null | undefined) => walk(inner, { stepId: step.id!, list: key });
      switch (step.type) {
        case 'call':
          under('then', step.then);
          under('onError', step.onError);
          break;
        case 'publish':
          for (const subscriptionId of Object.keys(step.handlers ?? {}).sort()) under(`handler ${subscriptionId}`, step.handlers?.[subscriptionId]);
          break;
        case 'parallel':
          for (const [i, branch] of (step.branches ?? []).entries()) under(`branch ${i}`, branch);
          break;
        case 'branch':
          under('then', step.then);
          under('else', step.else);
          break;
        case 'write':
          break;
      }
    }
  };
  walk(steps, null);
  return places;
}

/** The element a step is drawn at when it has no event of its own (a skipped step): its caller, publisher or writer, else the first one inside it. */
function actorOfStep(step: Step): string | null {
  switch (step.type) {
    case 'call':
    case 'publish':
      return step.from;
    case 'write':
      return step.by;
    case 'parallel':
      return firstActor((step.branches ?? []).flatMap((branch) => branch ?? []));
    case 'branch':
      return firstActor([...(step.then ?? []), ...(step.else ?? [])]);
  }
}

function firstActor(list: StepList): string | null {
  for (const step of list) {
    const actor = step ? actorOfStep(step) : null;
    if (actor !== null) return actor;
  }
  return null;
}

// ---------------------------------------------------------------- blocks

type BlockKind = 'critical' | 'loop' | 'par' | 'alt';

/** One block an event sits in: which block (`key`), which of its sections. */
interface Frame {
  key: string;
  kind: BlockKind;
  /** Section of a critical, par or alt block; '' for a loop. */
  section: string;
  /** The text after the keyword that opens the block, or after `option`/`and`/`else` for a later section. */
  label: string;
  sectionLabel: string;
  /** A message-level event of a fan-out: it stays in whichever section is open, and opens none. */
  sticky?: true;
}

const deliveryKinds: ReadonlySet<string> = new Set(['Delivered', 'DeliveryFailed', 'DeadLettered', 'RetryScheduled']);

/** What the whole trace says about each step: retried calls, retried deliveries, the subscriptions each publish reached, the list each branch took. */
interface TraceFacts {
  /** Step ID → highest attempt of its call. */
  callAttempts: Map<string, number>;
  /** `<step> <subscription>` → highest attempt of that delivery. */
  deliveryAttempts: Map<string, number>;
  /** Publish step → subscriptions its message reached, in order of first event. */
  reached: Map<string, string[]>;
  /** Branch step → the BranchTaken detail. */
  taken: Map<string, string>;
}

/**
 * Whether an event of a publish step is about one delivery (its target is a
 * subscription), not about the message's route (its channel or a binding).
 * Dropped names its subscription when the delivery gave up (no dead-letter
 * channel, or a faulty one), a binding when a dead letter's route failed
 * (docs/playback.md "Event members by kind").
 */
function isDeliveryEvent(event: PlaybackEvent, place: StepPlace | undefined): boolean {
  if (place?.step.type !== 'publish' || event.target === null) return false;
  if (deliveryKinds.has(event.kind)) return true;
  return event.kind === 'Dropped' && (event.to === null || (event.detail ?? '').startsWith('dead-letter channel:'));
}

function gatherFacts(events: readonly PlaybackEvent[], places: Map<string, StepPlace>): TraceFacts {
  const facts: TraceFacts = { callAttempts: new Map(), deliveryAttempts: new Map(), reached: new Map(), taken: new Map() };
  for (const event of events) {
    if (event.stepId === null) continue;
    const place = places.get(event.stepId);
    if (place?.step.type === 'call' && event.attempt !== null) facts.callAttempts.set(event.stepId, Math.max(facts.callAttempts.get(event.stepId) ?? 0, event.attempt));
    if (isDeliveryEvent(event, place) && event.target !== null) {
      const key = `${event.stepId} ${event.target}`;
      if (event.attempt !== null) facts.deliveryAttempts.set(key, Math.max(facts.deliveryAttempts.get(key) ?? 0, event.attempt));
      const list = facts.reached.get(event.stepId) ?? [];
      if (!list.includes(event.target)) list.push(event.target);
      facts.reached.set(event.stepId, list);
    }
    if (event.kind === 'BranchTaken' && event.detail !== null) facts.taken.set(event.stepId, event.detail);
  }
  return facts;
}

// ---------------------------------------------------------------- the renderer

/** The text of a label: model text coded as the flowchart export codes it; never empty (mermaid then reads the next line). */
function text(value: string): string {
  const coded = flowchartText(value);
  return coded === '' ? '#8203;' : coded;
}

class SequenceWriter {
  private readonly lines: string[] = [];
  private readonly open: Frame[] = [];
  /** Record IDs of the participants, in order of first use. */
  readonly used: string[] = [];

  use(id: string): string {
    if (!this.used.includes(id)) this.used.push(id);
    return `\u0000${id}\u0000`;
  }

  private indent(): string {
    return '    '.repeat(this.open.length + 1);
  }

  /** Moves from the open blocks to `frames`: closes what does not continue, switches sections, opens the rest. */
  enter(frames: readonly Frame[]): void {
    let keep = 0;
    // A sticky frame keeps an open block of the same key in whatever section it is; one not open is left out.
    const wanted = frames.filter((frame, i) => !frame.sticky || this.open[i]?.key === frame.key);
    while (keep < wanted.length && keep < this.open.length && wanted[keep]!.key === this.open[keep]!.key && (wanted[keep]!.sticky || wanted[keep]!.section === this.open[keep]!.section)) keep++;
    const switchSection = keep < wanted.length && keep < this.open.length && wanted[keep]!.key === this.open[keep]!.key;
    while (this.open.length > keep + (switchSection ? 1 : 0)) {
      this.open.pop();
      this.lines.push(`${this.indent()}end`);
    }
    if (switchSection) {
      const frame = wanted[keep]!;
      const word = frame.kind === 'critical' ? 'option' : frame.kind === 'par' ? 'and' : 'else';
      this.open.pop();
      this.lines.push(`${this.indent()}${word} ${frame.sectionLabel}`);
      this.open.push(frame);
      keep++;
    }
    for (const frame of wanted.slice(keep)) {
      this.lines.push(`${this.indent()}${frame.kind} ${frame.label}`);
      this.open.push(frame);
    }
  }

  line(statement: string): void {
    this.lines.push(`${this.indent()}${statement}`);
  }

  comment(value: string): void {
    this.lines.push(`${this.indent()}${flowchartComment(value)}`);
  }

  closeAll(): void {
    this.enter([]);
  }

  /** The body with each participant placeholder replaced by its identifier. */
  body(identifiers: ReadonlyMap<string, string>): string[] {
    return this.lines.map((line) => line.replace(/\u0000([^\u0000]*)\u0000/g, (_, id: string) => identifiers.get(id)!));
  }
}

/** Participant identifiers: the export's identifiers (identifiers.ts), kept off the sequence keywords. */
function participantIdentifiers(ids: readonly string[], nameOf: (id: string) => string): Map<string, string> {
  // A name whose identifier would be a keyword is read with a trailing underscore, inside the same numbering of repeats.
  const records = ids.map((id) => {
    const name = nameOf(id);
    return { id, name: sequenceKeywords.has(identifierBase(name)) ? `${name}_` : name };
  });
  return assignIdentifiers(records);
}

const guidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * The sequence diagram of a run: three comment lines (scenario; run hash,
 * engine and model version; what the diagram leaves out), `sequenceDiagram`,
 * the participants, then one statement per event inside its blocks. A run
 * that did not play (issues) gives the comment lines, one comment per issue
 * and no participants.
 *
 * @example
 * const text = renderTraceSequence({ scenario, run, participants: sequenceParticipants(model, scenario, run) });
 */
export function renderTraceSequence(input: TraceSequenceInput): string {
  const { scenario, run, participants } = input;
  const label = (id: string) => participants[id]?.name ?? run.labels[id] ?? id;
  const named = (value: string) => value.replace(guidPattern, (id) => run.labels[id] ?? run.labels[id.toLowerCase()] ?? id);
  const places = indexSteps(scenario.steps);
  const facts = gatherFacts(run.events, places);
  const writer = new SequenceWriter();

  for (const issue of run.issues) writer.comment(`Not played: ${issue.code}${issue.stepId === null ? '' : ` at step ${issue.stepId}`}: ${named(issue.message)}`);

  const framesOf = (event: PlaybackEvent): Frame[] => {
    if (event.stepId === null) return [];
    const place = places.get(event.stepId);
    if (!place) return [];
    return [...ancestorFrames(place), ...ownFrames(event, place)];
  };

  /** The blocks the step's own position puts it in: those of each step around it, for the list it is in. */
  const ancestorFrames = (place: StepPlace): Frame[] => {
    const chain: { stepId: string; list: ListKey }[] = [];
    for (let at = place.parent; at !== null; at = places.get(at.stepId)?.parent ?? null) chain.unshift(at);
    return chain.flatMap(({ stepId, list }) => framesInside(stepId, list));
  };

  /** The blocks of step `stepId` that its list `list` lies in. */
  const framesInside = (stepId: string, list: ListKey): Frame[] => {
    const step = places.get(stepId)!.step;
    switch (step.type) {
      case 'call':
        return list === 'onError' ? [criticalFrame(stepId, step, 'onError')] : callFrames(stepId, step);
      case 'parallel': {
        const n = Number(list.slice('branch '.length));
        return [{ key: `par ${stepId}`, kind: 'par', section: list, label: `step ${text(stepId)}, branch ${n + 1}`, sectionLabel: `branch ${n + 1}` }];
      }
      case 'branch':
        return [branchFrame(stepId, list)];
      case 'publish': {
        const subscriptionId = list.slice('handler '.length);
        return fanOutFrames(stepId, subscriptionId);
      }
      case 'write':
        return [];
    }
  };

  const criticalFrame = (stepId: string, step: Step & { type: 'call' }, section: 'main' | 'onError'): Frame => ({
    key: `critical ${stepId}`,
    kind: 'critical',
    section,
    label: `step ${text(stepId)}: call ${text(label(step.operation ?? ''))}`,
    sectionLabel: `on error of step ${text(stepId)}`,
  });

  /** The blocks of a call's own events and its `then`: critical (when it has an onError list), loop (when it was retried). */
  const callFrames = (stepId: string, step: Step & { type: 'call' }): Frame[] => {
    const frames: Frame[] = [];
    if ((step.onError ?? []).length > 0) frames.push(criticalFrame(stepId, step, 'main'));
    const attempts = facts.callAttempts.get(stepId) ?? 1;
    if (attempts > 1) frames.push({ key: `loop ${stepId}`, kind: 'loop', section: '', label: `step ${text(stepId)}: ${text(label(step.operation ?? ''))}, ${attempts} attempts`, sectionLabel: '' });
    return frames;
  };

  const branchFrame = (stepId: string, list: ListKey): Frame => {
    const detail = facts.taken.get(stepId) ?? `${list}:`;
    return { key: `alt ${stepId}`, kind: 'alt', section: list, label: `step ${text(stepId)}, ${text(named(detail))}`, sectionLabel: `step ${text(stepId)}, ${text(named(detail))}` };
  };

  /** The blocks of one delivery of a publish: the fan-out par (more than one subscription reached), the delivery's loop (retried). */
  const fanOutFrames = (stepId: string, subscriptionId: string): Frame[] => {
    const frames: Frame[] = [];
    const reached = facts.reached.get(stepId) ?? [];
    const step = places.get(stepId)!.step as Step & { type: 'publish' };
    const messageName = text(label(step.message ?? ''));
    if (reached.length > 1) {
      const to = `${messageName} to ${text(label(subscriptionId))}`;
      frames.push({ key: `par ${stepId}`, kind: 'par', section: subscriptionId, label: `step ${text(stepId)}: ${to}`, sectionLabel: to });
    }
    const attempts = facts.deliveryAttempts.get(`${stepId} ${subscriptionId}`) ?? 1;
    if (attempts > 1) frames.push({ key: `loop ${stepId} ${subscriptionId}`, kind: 'loop', section: '', label: `${messageName} to ${text(label(subscriptionId))}, ${attempts} attempts`, sectionLabel: '' });
    return frames;
  };

  /** The blocks an event of the step itself opens. */
  const ownFrames = (event: PlaybackEvent, place: StepPlace): Frame[] => {
    const stepId = event.stepId!;
    const step = place.step;
    if (event.kind === 'StepSkipped') return [];
    switch (step.type) {
      case 'call':
        return callFrames(stepId, step);
      case 'branch':
        return event.kind === 'BranchTaken' ? [branchFrame(stepId, event.detail?.startsWith('else') ? 'else' : 'then')] : [];
      case 'publish': {
        if (isDeliveryEvent(event, place) && event.target !== null) return fanOutFrames(stepId, event.target);
        const reached = facts.reached.get(stepId) ?? [];
        if (reached.length < 2) return [];
        return [{ key: `par ${stepId}`, kind: 'par', section: '', label: '', sectionLabel: '', sticky: true }];
      }
      default:
        return [];
    }
  };

  const showCallAttempt = (event: PlaybackEvent) => event.attempt !== null && (facts.callAttempts.get(event.stepId ?? '') ?? 1) > 1;
  const showDeliveryAttempt = (event: PlaybackEvent) => event.attempt !== null && (facts.deliveryAttempts.get(`${event.stepId} ${event.target}`) ?? 1) > 1;

  for (const event of run.events) {
    writer.enter(framesOf(event));
    const at = `[${event.atMs} ms]`;
    const from = event.from;
    const to = event.to;
    const detail = event.detail === null ? '' : text(named(event.detail));
    const target = event.target === null ? '' : text(label(event.target));
    const message = event.message === null ? '' : text(label(event.message));
    const callAttempt = showCallAttempt(event) ? `, attempt ${event.attempt}` : '';
    const deliveryAttempt = showDeliveryAttempt(event) ? `, attempt ${event.attempt}` : '';
    const arrow = (a: string | null, kind: string, b: string | null, words: string) => {
      if (a === null || b === null) return note(a ?? b, words);
      writer.line(`${writer.use(a)}${kind}${writer.use(b)}: ${words}`);
    };
    const note = (over: string | null, words: string, also: string | null = null) => {
      const place = event.stepId === null ? undefined : places.get(event.stepId);
      const at1 = over ?? (place ? actorOfStep(place.step) : null) ?? writer.used[0] ?? null;
      if (at1 === null) return writer.comment(`${event.kind}: ${words}`);
      const pair = also !== null && also !== at1 ? `${writer.use(at1)},${writer.use(also)}` : writer.use(at1);
      writer.line(`Note over ${pair}: ${words}`);
    };
    switch (event.kind) {
      case 'RequestSent':
        arrow(from, '->>', to, `${at} ${target}${callAttempt}`);
        break;
      case 'ResponseReceived':
        arrow(to, '-->>', from, `${at} ${target} response${callAttempt}`);
        break;
      case 'RequestFailed':
        arrow(to, '--x', from, `${at} ${target} failed${callAttempt}: ${detail}`);
        break;
      case 'RequestTimedOut':
        arrow(to, '--x', from, `${at} ${target} timed out${callAttempt}: ${detail}`);
        break;
      case 'RetryScheduled':
        note(from, `${at} retry: ${detail}`, to);
        break;
      case 'Published':
        arrow(from, '-)', to, `${at} ${message}`);
        break;
      case 'PublishFailed':
        arrow(from, '-x', to, `${at} ${message} refused: ${detail}`);
        break;
      case 'Routed':
        arrow(from, '-)', to, `${at} ${message} routed${detail === '' ? '' : `: ${detail}`}`);
        break;
      case 'NotRouted':
        note(from, `${at} ${message} not routed to ${text(label(to ?? ''))}: ${detail}`, to);
        break;
      case 'Delivered':
        arrow(from, '-)', to, `${at} ${message} delivered${deliveryAttempt}`);
        break;
      case 'DeliveryFailed':
        arrow(from, '-x', to, `${at} ${message} delivery failed${deliveryAttempt}: ${detail}`);
        break;
      case 'DeadLettered':
        arrow(from, '-)', to, `${at} ${message} dead-lettered after attempt ${event.attempt ?? 1}`);
        break;
      case 'Dropped':
        if (to === null) note(from, `${at} ${message} dropped: ${detail}`);
        else arrow(from, '-x', to, `${at} ${message} dropped: ${detail}`);
        break;
      case 'DataWritten':
        arrow(from, '->>', to, `${at} write ${detail}`);
        break;
      case 'DataWriteFailed':
        arrow(from, '-x', to, `${at} write failed: ${detail}`);
        break;
      case 'BranchTaken':
        // The alt block entered above carries the detail.
        break;
      case 'StepSkipped':
        note(null, `${at} step ${text(event.stepId ?? '')} skipped: ${detail}`);
        break;
    }
  }
  writer.closeAll();

  const identifiers = participantIdentifiers(writer.used, label);
  const declarations = writer.used.map((id) => {
    const kind = participants[id]?.kind;
    const name = text(label(id));
    const identifier = identifiers.get(id)!;
    if (kind === 'actor') return `    actor ${identifier} as ${name}`;
    if (kind === 'store') return `    participant ${identifier}@{ "type": "database" } as ${name}`;
    if (kind === 'channel') return `    participant ${identifier}@{ "type": "queue" } as ${name}`;
    return `    participant ${identifier} as ${name}`;
  });
  const header = [
    flowchartComment(`Scenario "${scenario.name}" (${scenario.id})`),
    flowchartComment(`Run hash ${run.hash}; engine version ${run.engineVersion}, model version ${run.modelVersion}, ${run.events.length} events`),
    flowchartComment('Not shown: payloads, headers, step outcomes, assertion results; times are virtual milliseconds in brackets.'),
    'sequenceDiagram',
  ];
  return `${[...header, ...declarations, ...writer.body(identifiers)].join('\n')}\n`;
}

/** Every element a step of the list (and the lists inside it) names as its actor or store. */
function stepElements(list: StepList | null | undefined, into: Set<string>): void {
  for (const step of list ?? []) {
    if (!step) continue;
    switch (step.type) {
      case 'call':
        if (step.from) into.add(step.from);
        stepElements(step.then, into);
        stepElements(step.onError, into);
        break;
      case 'publish':
        if (step.from) into.add(step.from);
        for (const handler of Object.values(step.handlers ?? {})) stepElements(handler, into);
        break;
      case 'write':
        if (step.by) into.add(step.by);
        if (step.store) into.add(step.store);
        break;
      case 'parallel':
        for (const branch of step.branches ?? []) stepElements(branch, into);
        break;
      case 'branch':
        stepElements(step.then, into);
        stepElements(step.else, into);
        break;
    }
  }
}

/**
 * The participants a run's diagram may show, read from the model it played
 * over: each element and channel its events go from or to, and each element
 * a step names (a skipped step is drawn at its caller, publisher or writer).
 */
export function sequenceParticipants(model: ModelSnapshot, scenario: Pick<ScenarioDocument, 'steps'>, run: Pick<RunResult, 'events'>): SequenceParticipants {
  const ids = new Set<string>();
  for (const event of run.events) {
    if (event.from !== null) ids.add(event.from);
    if (event.to !== null) ids.add(event.to);
  }
  stepElements(scenario.steps, ids);
  const participants: Record<string, { name: string; kind: ParticipantKind }> = {};
  for (const id of [...ids].sort()) {
    const element = model.element.get(id);
    if (element) participants[id] = { name: element.name, kind: element.kind };
    const channel = model.channel.get(id);
    if (channel) participants[id] = { name: channel.name, kind: 'channel' };
  }
  return participants;
}
