/**
 * The deterministic player of part 1 "Playback rules" 1–13. It runs a
 * PlaybackPlan in virtual time and returns the trace and the step outcomes.
 *
 * How it runs (README.md beside this file states the same for readers of a trace):
 * - Work is done in items of a WorkQueue ordered by (virtual time, scheduling
 *   order). Only a timeout (a timer at the deadline) and a retry backoff (the
 *   next attempt) are scheduled later than now; everything else runs at once,
 *   inside the item that caused it (rule 1).
 * - A step list runs its steps one after the other. A step that must wait
 *   (for a timer, a retry, a callee) suspends its list; its list goes on when
 *   the step ends.
 * - A publish routes the message at once, depth first: the subscriptions of a
 *   channel by ID (each delivery starts at once and runs its handler until it
 *   must wait), then its bindings by ID (rule 7). The publisher goes on when
 *   routing is done; it does not wait for any consumer (rule 5).
 * - Outcomes are recorded per attempt (a "frame"); the frame of the attempt
 *   that settled a call or delivery hands its outcomes to the frame around
 *   it, so the outcomes of the run are those "in the attempt that settled its
 *   call or delivery" (part 1 "Assertion").
 */
import { playbackLimits } from './playback-limits';
import type { EventKind, PlaybackEvent, ScenarioIssue } from './playback-types';
import {
  routeAnswer,
  type RouteAnswer,
  type BranchPlan,
  type CallPlan,
  type ChannelNode,
  type FaultCounter,
  type ParallelPlan,
  type PlanStep,
  type PlaybackPlan,
  type PublishPlan,
  type SubscriptionNode,
  type WritePlan,
} from './playback-plan';
import type { JsonValue, StepOutcome } from './scenario-document';
import { WorkQueue } from './work-queue';

/** The trace and the outcomes by step index, or the trace-too-large issue. */
export type EngineResult = { ok: true; events: PlaybackEvent[]; outcomes: ReadonlyMap<number, StepOutcome> } | { ok: false; issue: ScenarioIssue };

/** Called once when a step ends; `failed` is an unhandled failure (rule 4). */
type Done = (failed: boolean) => void;

// Thrown where a limit of part 1 "Limits" is passed; caught by runPlaybackPlan.
class TraceTooLargeError extends Error {
  override readonly name = 'TraceTooLargeError';
  constructor(
    readonly stepId: string | null,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The outcomes recorded in one attempt of a call or delivery (the root frame:
 * the scenario itself). A promoted frame is the settling attempt: what it
 * records is recorded in its parent too.
 */
class Frame {
  promoted = false;
  outcomes: Map<number, StepOutcome> | null = null;

  constructor(readonly parent: Frame | null) {}

  record(index: number, outcome: StepOutcome): void {
    let frame: Frame = this;
    for (;;) {
      (frame.outcomes ??= new Map()).set(index, outcome);
      if (!frame.promoted || frame.parent === null) return;
      frame = frame.parent;
    }
  }

  /** Marks this frame as the attempt that settled its call or delivery. */
  promote(): void {
    if (this.promoted) return;
    this.promoted = true;
    if (this.outcomes !== null && this.parent !== null) for (const [index, outcome] of this.outcomes) this.parent.record(index, outcome);
  }

  /** The outcome a branch reads: from this attempt or the ones around it. */
  lookup(index: number): StepOutcome | undefined {
    for (let frame: Frame | null = this; frame !== null; frame = frame.parent) {
      const outcome = frame.outcomes?.get(index);
      if (outcome !== undefined) return outcome;
    }
    return undefined;
  }
}

/** One message on its way: rule 9 "A channel takes one message once" holds per journey. */
interface Journey {
  readonly step: PublishPlan;
  readonly frame: Frame;
  readonly taken: Set<ChannelNode>;
  /** Bindings matched so far ("Bindings matched per message | 200"). */
  matched: number;
  /** Rule 12: a dead-lettered message is not delivered at the dead-letter channel, and a faulty route gives Dropped. */
  readonly deadLetter: boolean;
}

const noSteps: readonly PlanStep[] = [];

/**
 * Counts one attempt against each fault that applies and returns the one that
 * fails it: "A call counts one attempt against the fault on its operation and
 * one against the fault on the operation owner; when both apply, the operation
 * fault gives the kind. A delivery does the same with its subscription and its
 * consumer."
 */
function failingFault(first: FaultCounter | null, second: FaultCounter | null): FaultCounter | null {
  let failing: FaultCounter | null = null;
  if (first !== null) {
    first.attempts++;
    if (first.failFirst === null || first.attempts <= first.failFirst) failing = first;
  }
  if (second !== null) {
    second.attempts++;
    if (failing === null && (second.failFirst === null || second.attempts <= second.failFirst)) failing = second;
  }
  return failing;
}

const alreadyTaken = 'the target channel already took this message';
const handlerFailed = 'the handler failed';
const calleeFailed = 'the callee failed';
const noDeadLetter = 'every attempt failed and the subscription has no dead-letter channel';

class Engine {
  readonly queue = new WorkQueue();
  readonly events: PlaybackEvent[] = [];
  readonly root = new Frame(null);
  workItems = 0;
  /** "attempt N in M ms" by M * 16 + N, so that retry events share one text. */
  private readonly retryDetails = new Map<number, string>();

  constructor(readonly plan: PlaybackPlan) {}

  emit(
    kind: EventKind,
    stepId: string,
    attempt: number | null,
    from: string | null,
    to: string | null,
    target: string | null,
    payload: JsonValue,
    detail: string | null,
    message: string | null,
    headers: Readonly<Record<string, string>> | null,
  ): void {
    const events = this.events;
    if (events.length >= playbackLimits.events) throw new TraceTooLargeError(stepId, `the playback passed the limit of ${playbackLimits.events} events`);
    events.push({ sequence: events.length + 1, atMs: this.queue.now, kind, stepId, attempt, from, to, target, payload, detail, message, headers });
  }

  /**
   * Counts one work item: a step started, a delivery attempt started, or a
   * timer, retry or dead letter's routing scheduled ("Scheduled work items
   * per playback | 200000").
   * Steps count too, so that work which gives no events (parallel steps with
   * empty branches, replayed by retries) is bounded as well.
   */
  work(stepId: string): void {
    if (++this.workItems > playbackLimits.workItems) {
      throw new TraceTooLargeError(stepId, `the playback passed the limit of ${playbackLimits.workItems} scheduled work items`);
    }
  }

  schedule(delayMs: number, stepId: string, run: () => void): void {
    this.work(stepId);
    this.queue.push(this.queue.now + delayMs, run);
  }

  retryDetail(attempt: number, backoffMs: number): string {
    const key = backoffMs * 16 + attempt;
    let detail = this.retryDetails.get(key);
    if (detail === undefined) {
      detail = `attempt ${attempt} in ${backoffMs} ms`;
      this.retryDetails.set(key, detail);
    }
    return detail;
  }

  run(): void {
    this.runList(this.plan.steps, this.root, () => {});
    for (let item = this.queue.pop(); item !== undefined; item = this.queue.pop()) item();
  }

  /**
   * Runs a step list. Rule 4: "A failing step without onError skips the later
   * steps of its list" (StepSkipped for each; the list then ends failed).
   * Steps that end at once are looped over, not recursed into, so a long
   * list does not deepen the stack.
   */
  runList(steps: readonly PlanStep[], frame: Frame, done: Done): void {
    let index = 0;
    const afterStep = (failed: boolean): boolean => {
      if (failed) {
        const failedStep = steps[index]!;
        for (let later = index + 1; later < steps.length; later++) {
          const skipped = steps[later]!;
          this.emit('StepSkipped', skipped.id, null, null, null, null, null, failedStep.failedDetail, null, null);
          frame.record(skipped.index, 'Skipped');
        }
        done(true);
        return false;
      }
      index++;
      return true;
    };
    const next = (): void => {
      while (index < steps.length) {
        let running = true;
        let endedAtOnce = false;
        let endedFailed = false;
        this.runStep(steps[index]!, frame, (failed) => {
          if (running) {
            endedAtOnce = true;
            endedFailed = failed;
          } else if (afterStep(failed)) next();
        });
        running = false;
        if (!endedAtOnce || !afterStep(endedFailed)) return;
      }
      done(false);
    };
    next();
  }

  runStep(step: PlanStep, frame: Frame, done: Done): void {
    this.work(step.id);
    switch (step.type) {
      case 'call':
        this.call(step, frame, done);
        return;
      case 'publish':
        this.publish(step, frame, done);
        return;
      case 'write':
        this.write(step, frame, done);
        return;
      case 'parallel':
        this.parallel(step, frame, done);
        return;
      case 'branch':
        this.branch(step, frame, done);
        return;
    }
  }

  /**
   * Rules 2 and 3: "A call fails when the callee fails or takes longer than the
   * operation timeout; a response exactly at the end of the timeout is late."
   * "A failed call is retried up to the operation attempts; each attempt runs
   * `then` again". `onError` "runs in the caller after every attempt failed".
   */
  call(step: CallPlan, frame: Frame, done: Done): void {
    const { id, from, ownerId, operationId, timeoutMs } = step;
    const settleFailure = (attempt: number, callee: Frame): void => {
      if (attempt < step.maxAttempts) {
        this.emit('RetryScheduled', id, attempt + 1, from, ownerId, operationId, null, this.retryDetail(attempt + 1, step.backoffMs), null, null);
        this.schedule(step.backoffMs, id, () => start(attempt + 1));
        return;
      }
      callee.promote();
      frame.record(step.index, 'Failed');
      if (step.onError.length === 0) done(true);
      else this.runList(step.onError, frame, done);
    };
    const start = (attempt: number): void => {
      this.emit('RequestSent', id, attempt, from, ownerId, operationId, step.request, null, null, null);
      const callee = new Frame(frame);
      const fault = failingFault(step.operationFault, step.ownerFault);
      // An Outage never reaches the callee. Under Timeout and Error the callee works (rule 3: "each attempt
      // runs `then` again, so writes and messages repeat"); a Timeout answers too late whatever `then` did,
      // an Error answers the failure once `then` is done.
      if (fault !== null && fault.kind === 'Outage') {
        this.emit('RequestFailed', id, attempt, from, ownerId, operationId, null, fault.detail, null, null);
        settleFailure(attempt, callee);
        return;
      }
      const lateByFault = fault !== null && fault.kind === 'Timeout';
      const deadline = timeoutMs === null ? Infinity : this.queue.now + timeoutMs;
      let pending = true;
      if (timeoutMs !== null) {
        this.schedule(timeoutMs, id, () => {
          if (!pending) return;
          pending = false;
          this.emit('RequestTimedOut', id, attempt, from, ownerId, operationId, null, lateByFault ? step.timeoutFaultDetail : step.timeoutDetail, null, null);
          settleFailure(attempt, callee);
        });
      }
      // "`then` runs inside the callee before it responds"; after a timeout it goes on, unheard.
      this.runList(step.then, callee, (failed) => {
        if (lateByFault || !pending || this.queue.now >= deadline) return;
        pending = false;
        if (fault !== null) {
          this.emit('RequestFailed', id, attempt, from, ownerId, operationId, null, fault.detail, null, null);
          settleFailure(attempt, callee);
          return;
        }
        if (failed) {
          this.emit('RequestFailed', id, attempt, from, ownerId, operationId, null, calleeFailed, null, null);
          settleFailure(attempt, callee);
          return;
        }
        this.emit('ResponseReceived', id, attempt, from, ownerId, operationId, step.response, null, null, null);
        callee.promote();
        frame.record(step.index, 'Succeeded');
        done(false);
      });
    };
    start(1);
  }

  /** Rules 5, 7–11: publish on the channel, deliver to its subscriptions, follow its bindings. */
  publish(step: PublishPlan, frame: Frame, done: Done): void {
    const channel = step.channel;
    const fault = failingFault(channel.fault, null);
    if (fault !== null) {
      this.emit('PublishFailed', step.id, null, step.from, channel.id, channel.id, step.payload, fault.detail, step.messageId, step.headers);
      frame.record(step.index, 'Failed');
      done(true);
      return;
    }
    this.emit('Published', step.id, null, step.from, channel.id, channel.id, step.payload, null, step.messageId, step.headers);
    frame.record(step.index, 'Succeeded');
    this.enter({ step, frame, taken: new Set([channel]), matched: 0, deadLetter: false }, channel, true);
    done(false);
  }

  /**
   * A message arrives on a channel: its subscriptions receive it (not at a
   * dead-letter channel, rule 12), then each binding is followed or not
   * (rules 8–11), depth first.
   */
  enter(journey: Journey, channel: ChannelNode, deliver: boolean): void {
    const step = journey.step;
    if (deliver) for (const subscription of channel.subscriptions()) this.deliver(journey, subscription, 1);
    for (const binding of channel.bindings()) {
      const { id, sourceId, targetId } = binding;
      let answer: RouteAnswer | null = null;
      if (binding.pattern !== null) {
        // Rule 8: "A step without routingKey passes no binding that has one."
        if (step.routingKey === null) {
          this.emit('NotRouted', step.id, null, sourceId, targetId, id, step.payload, binding.noKeyDetail, step.messageId, step.headers);
          continue;
        }
        answer = routeAnswer(binding, step.routingKey, step.routingWords!);
        if (!answer.passes) {
          this.emit('NotRouted', step.id, null, sourceId, targetId, id, step.payload, answer.detail, step.messageId, step.headers);
          continue;
        }
      }
      if (++journey.matched > playbackLimits.bindingsPerMessage) {
        throw new TraceTooLargeError(step.id, `a message of step ${JSON.stringify(step.id)} matched over ${playbackLimits.bindingsPerMessage} bindings`);
      }
      const target = this.plan.graph.channel(targetId);
      // Rule 9: "A channel takes one message once; a cycle of bindings ends."
      if (journey.taken.has(target)) {
        this.emit('NotRouted', step.id, null, sourceId, targetId, id, step.payload, alreadyTaken, step.messageId, step.headers);
        continue;
      }
      this.emit('Routed', step.id, null, sourceId, targetId, id, step.payload, answer === null ? null : answer.detail, step.messageId, step.headers);
      const fault = failingFault(target.fault, null);
      if (fault !== null) {
        // Rule 11 "closes that route only": the channel refused the message, so another route may still bring
        // it there. Rule 12 "gives Dropped for that route" for a dead-lettered message.
        this.emit(journey.deadLetter ? 'Dropped' : 'PublishFailed', step.id, null, sourceId, targetId, id, step.payload, fault.detail, step.messageId, step.headers);
        continue;
      }
      journey.taken.add(target);
      this.enter(journey, target, true);
    }
  }

  /** One delivery attempt; "a consumer failure does not fail the publisher" (rule 5). */
  deliver(journey: Journey, subscription: SubscriptionNode, attempt: number): void {
    const step = journey.step;
    this.work(step.id);
    const fault = failingFault(subscription.subscriptionFault, subscription.consumerFault);
    // A dead-lettered message has no handler: handlers belong to the subscriptions the publish reaches.
    // An Outage never reaches the consumer; under Error its handler runs and the delivery fails after it.
    const handler = journey.deadLetter || fault?.kind === 'Outage' ? noSteps : (step.handlers.get(subscription.id) ?? noSteps);
    if (handler.length === 0) {
      // Most deliveries: nothing runs, so no frame of outcomes and no callback are needed.
      if (fault !== null) {
        this.emit('DeliveryFailed', step.id, attempt, subscription.channelId, subscription.consumerId, subscription.id, step.payload, fault.detail, step.messageId, step.headers);
        this.deliveryFailed(journey, subscription, attempt, null);
        return;
      }
      this.emit('Delivered', step.id, attempt, subscription.channelId, subscription.consumerId, subscription.id, step.payload, null, step.messageId, step.headers);
      return;
    }
    const consumer = new Frame(journey.frame);
    this.runList(handler, consumer, (failed) => {
      if (fault !== null) {
        this.emit('DeliveryFailed', step.id, attempt, subscription.channelId, subscription.consumerId, subscription.id, step.payload, fault.detail, step.messageId, step.headers);
        this.deliveryFailed(journey, subscription, attempt, consumer);
        return;
      }
      if (failed) {
        this.emit('DeliveryFailed', step.id, attempt, subscription.channelId, subscription.consumerId, subscription.id, step.payload, handlerFailed, step.messageId, step.headers);
        this.deliveryFailed(journey, subscription, attempt, consumer);
        return;
      }
      this.emit('Delivered', step.id, attempt, subscription.channelId, subscription.consumerId, subscription.id, step.payload, null, step.messageId, step.headers);
      consumer.promote();
    });
  }

  /**
   * Rule 6: "A consumer that fails every attempt sends the message to the
   * dead-letter channel of its subscription; without one the message is lost
   * and the trace shows Dropped. A fault on the dead-letter channel also gives
   * Dropped."
   */
  deliveryFailed(journey: Journey, subscription: SubscriptionNode, attempt: number, consumer: Frame | null): void {
    const step = journey.step;
    if (attempt < subscription.maxAttempts) {
      this.emit('RetryScheduled', step.id, attempt + 1, subscription.channelId, subscription.consumerId, subscription.id, step.payload, this.retryDetail(attempt + 1, subscription.backoffMs), step.messageId, step.headers);
      this.schedule(subscription.backoffMs, step.id, () => this.deliver(journey, subscription, attempt + 1));
      return;
    }
    consumer?.promote();
    const deadLetterId = subscription.deadLetterChannelId;
    if (deadLetterId === null) {
      this.emit('Dropped', step.id, attempt, subscription.channelId, null, subscription.id, step.payload, noDeadLetter, step.messageId, step.headers);
      return;
    }
    const deadLetter = this.plan.graph.channel(deadLetterId);
    const fault = failingFault(deadLetter.fault, null);
    if (fault !== null) {
      this.emit('Dropped', step.id, attempt, subscription.channelId, deadLetterId, subscription.id, step.payload, `dead-letter channel: ${fault.detail}`, step.messageId, step.headers);
      return;
    }
    this.emit('DeadLettered', step.id, attempt, subscription.channelId, deadLetterId, subscription.id, step.payload, null, step.messageId, step.headers);
    // The copy follows the dead-letter channel's bindings after the message has finished its own routing
    // (later in the same instant when the consumer failed at once), and starts with every channel the message
    // took: so a channel takes the message once however soon the consumer failed, and cycles through dead
    // letters end too.
    this.schedule(0, step.id, () => {
      const taken = new Set(journey.taken);
      taken.add(deadLetter);
      this.enter({ step, frame: journey.frame, taken, matched: 0, deadLetter: true }, deadLetter, false);
    });
  }

  /** A write: DataWritten, or DataWriteFailed when its store element has a fault. */
  write(step: WritePlan, frame: Frame, done: Done): void {
    const fault = failingFault(step.storeFault, null);
    if (fault !== null) {
      this.emit('DataWriteFailed', step.id, null, step.by, step.store, step.store, step.change, step.failedWriteDetail, null, null);
      frame.record(step.index, 'Failed');
      done(true);
      return;
    }
    this.emit('DataWritten', step.id, null, step.by, step.store, step.store, step.change, step.writtenDetail, null, null);
    frame.record(step.index, 'Succeeded');
    done(false);
  }

  /** "Starts all branches at the same instant; ends when the slowest ends." Failed when a branch ended failed. */
  parallel(step: ParallelPlan, frame: Frame, done: Done): void {
    let left = step.branches.length;
    let failed = false;
    if (left === 0) {
      frame.record(step.index, 'Succeeded');
      done(false);
      return;
    }
    for (const branch of step.branches) {
      this.runList(branch, frame, (branchFailed) => {
        failed ||= branchFailed;
        if (--left > 0) return;
        frame.record(step.index, failed ? 'Failed' : 'Succeeded');
        done(failed);
      });
    }
  }

  /** "`then` runs when the outcome of step `whenStep` equals `is`, `else` when not"; no outcome counts as Skipped. */
  branch(step: BranchPlan, frame: Frame, done: Done): void {
    const seen = frame.lookup(step.whenIndex) ?? 'Skipped';
    const takeThen = seen === step.is;
    this.emit('BranchTaken', step.id, null, null, null, null, null, `${takeThen ? 'then' : 'else'}: step ${JSON.stringify(step.whenStep)} is ${seen}`, null, null);
    this.runList(takeThen ? step.then : step.else, frame, (failed) => {
      frame.record(step.index, failed ? 'Failed' : 'Succeeded');
      done(failed);
    });
  }
}

/**
 * Plays a plan to its end: the events in trace order and the outcome of each
 * step (by document index) in the attempts that settled, or trace-too-large
 * when a limit of part 1 "Limits" is passed (then nothing of the trace is
 * kept: "a scenario with a problem plays nothing").
 *
 * @example
 * const result = runPlaybackPlan(buildPlaybackPlan(model, index, scenario));
 */
export function runPlaybackPlan(plan: PlaybackPlan): EngineResult {
  const engine = new Engine(plan);
  try {
    engine.run();
  } catch (error) {
    if (!(error instanceof TraceTooLargeError)) throw error;
    return { ok: false, issue: { stepId: error.stepId, code: 'trace-too-large', message: error.message } };
  }
  return { ok: true, events: engine.events, outcomes: engine.root.outcomes ?? new Map() };
}
