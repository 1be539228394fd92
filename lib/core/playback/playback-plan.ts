/**
 * Turns a validated scenario and the model into what the player runs: steps
 * with their records resolved (operation owner, timeout, attempts, backoff,
 * the fault counters that apply), numbered in document order, and a lazily
 * built channel graph (subscriptions by ID, then bindings by ID, part 1
 * playback rule 7). Only call it on a scenario that validateScenario passed.
 */
import type { ModelSnapshot } from '../model/model-records';
import { bindingsFrom, operationTimeoutMs, subscriptionsOf, type PlaybackIndex } from './playback-index';
import type { FaultKind, JsonValue, ScenarioDocument, Step, StepList, StepOutcome } from './scenario-document';
import { matchTopicPattern, topicWords, type TopicPattern } from './topic-pattern';

/** What a fault targets (part 1 "Fault": "GUID of an operation, channel, subscription or element"). */
export type FaultTargetKind = 'operation' | 'channel' | 'subscription' | 'element';

/**
 * One fault and the attempts counted against it so far: "failFirst: Number of
 * failing attempts in time order, minimum 1; null fails every attempt".
 */
export interface FaultCounter {
  readonly target: string;
  readonly targetKind: FaultTargetKind;
  readonly kind: FaultKind;
  readonly failFirst: number | null;
  /** The `detail` of the events it fails: "<kind> fault on <target kind> <target>". */
  readonly detail: string;
  attempts: number;
}

interface PlanBase {
  /** Position of the step in document order (pre-order), the key of its outcome. */
  readonly index: number;
  readonly id: string;
  /** The `detail` of the StepSkipped events this step's failure causes. */
  readonly failedDetail: string;
}

/** A call with its operation's contract resolved. */
export interface CallPlan extends PlanBase {
  readonly type: 'call';
  readonly from: string;
  readonly operationId: string;
  readonly ownerId: string;
  readonly timeoutMs: number | null;
  /** retry.maxAttempts, or 1 when the operation has no retry. */
  readonly maxAttempts: number;
  readonly backoffMs: number;
  readonly request: JsonValue;
  readonly response: JsonValue;
  readonly operationFault: FaultCounter | null;
  readonly ownerFault: FaultCounter | null;
  /** Details written once here, so that events share them. */
  readonly timeoutDetail: string;
  readonly timeoutFaultDetail: string | null;
  readonly then: readonly PlanStep[];
  readonly onError: readonly PlanStep[];
}

/** A publish with its channel node and routing key words. */
export interface PublishPlan extends PlanBase {
  readonly type: 'publish';
  readonly from: string;
  readonly channel: ChannelNode;
  readonly messageId: string;
  readonly payload: JsonValue;
  readonly headers: Readonly<Record<string, string>>;
  readonly routingKey: string | null;
  readonly routingWords: readonly string[] | null;
  /** Subscription ID (lower case) → handler steps. */
  readonly handlers: ReadonlyMap<string, readonly PlanStep[]>;
}

/** A write with the fault of its store. */
export interface WritePlan extends PlanBase {
  readonly type: 'write';
  readonly by: string;
  readonly store: string;
  readonly dataset: string;
  readonly change: JsonValue;
  readonly storeFault: FaultCounter | null;
  readonly writtenDetail: string;
  readonly failedWriteDetail: string | null;
}

/** A parallel step. */
export interface ParallelPlan extends PlanBase {
  readonly type: 'parallel';
  readonly branches: ReadonlyArray<readonly PlanStep[]>;
}

/** A branch with the step it reads resolved to its index. */
export interface BranchPlan extends PlanBase {
  readonly type: 'branch';
  readonly whenStep: string;
  readonly whenIndex: number;
  readonly is: StepOutcome;
  readonly then: readonly PlanStep[];
  readonly else: readonly PlanStep[];
}

/** One step ready to play. */
export type PlanStep = CallPlan | PublishPlan | WritePlan | ParallelPlan | BranchPlan;

/** A subscription ready for deliveries. */
export interface SubscriptionNode {
  readonly id: string;
  readonly channelId: string;
  readonly consumerId: string;
  readonly maxAttempts: number;
  readonly backoffMs: number;
  readonly deadLetterChannelId: string | null;
  readonly subscriptionFault: FaultCounter | null;
  readonly consumerFault: FaultCounter | null;
}

/** Whether a binding passes one routing key, and the `detail` of its Routed or NotRouted event. */
export interface RouteAnswer {
  readonly passes: boolean;
  readonly detail: string;
}

/** A binding ready for routing; routing-key answers are cached per key. */
export interface BindingNode {
  readonly id: string;
  readonly sourceId: string;
  readonly targetId: string;
  readonly routingKey: string | null;
  readonly pattern: TopicPattern | null;
  readonly answers: Map<string, RouteAnswer>;
  /** NotRouted detail for a message without routing key (bindings with a key). */
  readonly noKeyDetail: string;
}

/** A channel with its subscriptions and bindings in ID order, read from the index on first use. */
export class ChannelNode {
  private subscriptionNodes: readonly SubscriptionNode[] | null = null;
  private bindingNodes: readonly BindingNode[] | null = null;

  constructor(
    readonly id: string,
    readonly fault: FaultCounter | null,
    private readonly graph: ChannelGraph,
  ) {}

  /** The subscriptions on this channel, by ID. */
  subscriptions(): readonly SubscriptionNode[] {
    return (this.subscriptionNodes ??= this.graph.subscriptionsOf(this.id));
  }

  /** The bindings from this channel, by ID. */
  bindings(): readonly BindingNode[] {
    return (this.bindingNodes ??= this.graph.bindingsOf(this.id));
  }
}

/** The channels of the model as nodes, built on first use. */
export class ChannelGraph {
  private readonly nodes = new Map<string, ChannelNode>();

  constructor(
    private readonly index: PlaybackIndex,
    private readonly faults: ReadonlyMap<string, FaultCounter>,
  ) {}

  /** The node of a channel ID. */
  channel(id: string): ChannelNode {
    let node = this.nodes.get(id);
    if (!node) {
      node = new ChannelNode(id, this.faults.get(id) ?? null, this);
      this.nodes.set(id, node);
    }
    return node;
  }

  /** Subscription nodes of a channel, by ID. */
  subscriptionsOf(channelId: string): readonly SubscriptionNode[] {
    return subscriptionsOf(this.index, channelId).map((record) => ({
      id: record.id,
      channelId: record.channelId,
      consumerId: record.consumerId,
      maxAttempts: record.retry?.maxAttempts ?? 1,
      backoffMs: record.retry?.backoffMs ?? 0,
      deadLetterChannelId: record.deadLetterChannelId ?? null,
      subscriptionFault: this.faults.get(record.id) ?? null,
      consumerFault: this.faults.get(record.consumerId) ?? null,
    }));
  }

  /** Binding nodes from a channel, by ID. */
  bindingsOf(channelId: string): readonly BindingNode[] {
    return bindingsFrom(this.index, channelId).map(({ record, pattern }) => ({
      id: record.id,
      sourceId: record.sourceChannelId,
      targetId: record.targetChannelId,
      routingKey: record.routingKey,
      pattern,
      answers: new Map(),
      noKeyDetail: `the message has no routing key; the binding needs ${JSON.stringify(record.routingKey)}`,
    }));
  }
}

/** Rule 8 for one binding with a routing key and one message routing key, cached on the binding. */
export function routeAnswer(binding: BindingNode, routingKey: string, routingWords: readonly string[]): RouteAnswer {
  let answer = binding.answers.get(routingKey);
  if (answer === undefined) {
    const passes = matchTopicPattern(binding.pattern!, routingKey, routingWords);
    const key = JSON.stringify(routingKey);
    const pattern = JSON.stringify(binding.routingKey);
    answer = { passes, detail: passes ? `routing key ${key} matches ${pattern}` : `routing key ${key} does not match ${pattern}` };
    binding.answers.set(routingKey, answer);
  }
  return answer;
}

/** A scenario ready to play. */
export interface PlaybackPlan {
  readonly steps: readonly PlanStep[];
  /** Step IDs in document order (the index of each step). */
  readonly stepIds: readonly string[];
  readonly graph: ChannelGraph;
}

function faultCounters(model: ModelSnapshot, scenario: ScenarioDocument): Map<string, FaultCounter> {
  const counters = new Map<string, FaultCounter>();
  for (const fault of scenario.faults ?? []) {
    const target = fault!.target!.toLowerCase();
    const targetKind: FaultTargetKind = model.operation.has(target)
      ? 'operation'
      : model.channel.has(target)
        ? 'channel'
        : model.subscription.has(target)
          ? 'subscription'
          : 'element';
    const kind = fault!.kind as FaultKind;
    counters.set(target, { target, targetKind, kind, failFirst: fault!.failFirst, detail: `${kind} fault on ${targetKind} ${target}`, attempts: 0 });
  }
  return counters;
}

const noSteps: readonly PlanStep[] = Object.freeze([]);

/**
 * The plan of a validated scenario.
 *
 * @example
 * const plan = buildPlaybackPlan(model, buildPlaybackIndex(model), scenario);
 */
export function buildPlaybackPlan(model: ModelSnapshot, index: PlaybackIndex, scenario: ScenarioDocument): PlaybackPlan {
  const faults = faultCounters(model, scenario);
  const graph = new ChannelGraph(index, faults);
  const stepIds: string[] = [];
  const branches: Array<{ plan: { whenIndex: number }; whenStep: string }> = [];

  function list(steps: StepList | null): readonly PlanStep[] {
    if (!steps || steps.length === 0) return noSteps;
    return steps.map((step) => plan(step!));
  }

  function plan(step: Step): PlanStep {
    const index = stepIds.length;
    const id = step.id!;
    const failedDetail = `step ${JSON.stringify(id)} failed`;
    stepIds.push(id);
    switch (step.type) {
      case 'call': {
        const operation = model.operation.get(step.operation!.toLowerCase())!;
        const operationFault = faults.get(operation.id) ?? null;
        const timeoutDetail = `no response within ${operation.timeoutMs} ms`;
        return {
          type: 'call',
          index,
          id,
          failedDetail,
          from: step.from!.toLowerCase(),
          operationId: operation.id,
          ownerId: operation.ownerId,
          timeoutMs: operationTimeoutMs(operation),
          maxAttempts: operation.retry?.maxAttempts ?? 1,
          backoffMs: operation.retry?.backoffMs ?? 0,
          request: step.request ?? null,
          response: step.response ?? null,
          operationFault,
          ownerFault: faults.get(operation.ownerId) ?? null,
          timeoutDetail,
          timeoutFaultDetail: operationFault === null ? null : `${timeoutDetail} (${operationFault.detail})`,
          then: list(step.then),
          onError: list(step.onError),
        };
      }
      case 'publish': {
        const handlers = new Map<string, readonly PlanStep[]>();
        // Handlers in subscription-ID order, so document order does not depend on how the map was stored.
        const keys = Object.keys(step.handlers!)
          .map((key) => [key.toLowerCase(), key] as const)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        for (const [subscriptionId, key] of keys) handlers.set(subscriptionId, list(step.handlers![key]!));
        return {
          type: 'publish',
          index,
          id,
          failedDetail,
          from: step.from!.toLowerCase(),
          channel: graph.channel(step.channel!.toLowerCase()),
          messageId: step.message!.toLowerCase(),
          payload: step.payload ?? null,
          headers: step.headers!,
          routingKey: step.routingKey ?? null,
          routingWords: step.routingKey === null || step.routingKey === undefined ? null : topicWords(step.routingKey),
          handlers,
        };
      }
      case 'write': {
        const store = step.store!.toLowerCase();
        const storeFault = faults.get(store) ?? null;
        const writtenDetail = `dataset ${JSON.stringify(step.dataset)}`;
        return {
          type: 'write',
          index,
          id,
          failedDetail,
          by: step.by!.toLowerCase(),
          store,
          dataset: step.dataset!,
          change: step.change ?? null,
          storeFault,
          writtenDetail,
          failedWriteDetail: storeFault === null ? null : `${writtenDetail}: ${storeFault.detail}`,
        };
      }
      case 'parallel':
        return { type: 'parallel', index, id, failedDetail, branches: step.branches!.map((branch) => list(branch)) };
      case 'branch': {
        const planned = { type: 'branch' as const, index, id, failedDetail, whenStep: step.whenStep!, whenIndex: -1, is: step.is as StepOutcome, then: list(step.then), else: list(step.else) };
        branches.push({ plan: planned, whenStep: step.whenStep! });
        return planned;
      }
    }
  }

  const steps = list(scenario.steps);
  const indexOf = new Map(stepIds.map((id, i) => [id, i]));
  for (const { plan: planned, whenStep } of branches) planned.whenIndex = indexOf.get(whenStep)!;
  return { steps, stepIds, graph };
}
