/**
 * Scenario validation before playback (part 1 "Scenarios", "Scenario
 * validation codes (a scenario with a problem plays nothing)"). Every code of
 * the table but trace-too-large, which the player raises. The validator reads
 * the document defensively: a stored document that never went through
 * readScenarioDocument (or an older one) gives issues, never an exception.
 *
 * Order of the issues: the document's lists (malformed-scenario), the size
 * checks (too-many-steps, too-deep: when either fails nothing else is
 * checked), the steps in document order (each step's own checks, then its
 * nested lists), the faults, the assertions, and last the schema checks, which
 * run under the time budget.
 */
import type { ElementRecord, ModelSnapshot, OperationRecord, RetryPolicy } from '../model/model-records';
import { shortTextProblem } from '../../platform/text/text-rules';
import { SchemaBudgetExceeded, withPatternBudget } from './budgeted-regexp';
import { childPath } from './json-path';
import { payloadFits, payloadProblem } from './payload-rules';
import { bindingsFrom, buildPlaybackIndex, operationTimeoutMs, subscriptionsOf, type PlaybackIndex } from './playback-index';
import { playbackLimits } from './playback-limits';
import { eventKinds, type IssueCode, type ScenarioIssue } from './playback-types';
import { faultKinds, stepOutcomes, type ScenarioDocument } from './scenario-document';
import { createSchemaChecker } from './schema-checker';
import { matchTopicPattern, topicWords } from './topic-pattern';

/** What validation reads: the model, the scenario, and the clock of the schema-check budget. */
export interface ValidateScenarioInput {
  model: ModelSnapshot;
  scenario: ScenarioDocument;
  /** Built from `model` when absent; the player passes the one it plays with. */
  index?: PlaybackIndex;
  /**
   * A monotonic clock in milliseconds for "Schema checks per validation | 2
   * seconds". Without one the budget is not enforced (the library reads no
   * clock of its own).
   */
  monotonicNowMs?: () => number;
  /** Default 2000 (part 1 "Limits"). */
  schemaCheckBudgetMs?: number;
}

type Loose = Record<string, unknown>;

interface PayloadCheck {
  stepId: string | null;
  path: string;
  value: unknown;
  schemaId: string;
}

function isObject(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** Model IDs are lower-case GUIDs; a scenario may write them in either case. */
function ref(value: unknown): string | null {
  return typeof value === 'string' ? value.toLowerCase() : null;
}

function byLowerCase(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

function isWhole(value: unknown, min: number, max: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

function quoted(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

/** "invalid-routing-key: Empty, over 200 characters, or holding a control character" (absent or null is fine). */
function routingKeyProblem(routingKey: unknown): string | null {
  if (routingKey === undefined || routingKey === null) return null;
  if (typeof routingKey !== 'string') return 'is not text';
  if (routingKey === '') return 'is empty';
  if (characterCount(routingKey) > playbackLimits.nameCharacters) return `is over ${playbackLimits.nameCharacters} characters`;
  return shortTextProblem(routingKey);
}

/** The step lists directly inside a step, as stored (non-lists are left to the step checks). */
function childLists(step: Loose): unknown[] {
  switch (step.type) {
    case 'call':
      return [step.then, step.onError];
    case 'publish':
      return isObject(step.handlers) ? Object.values(step.handlers) : [];
    case 'parallel':
      return Array.isArray(step.branches) ? step.branches : [];
    case 'branch':
      return [step.then, step.else];
    default:
      return [];
  }
}

/**
 * "too-deep: Step lists nested over 24 levels"; "too-many-steps: Over 500
 * steps and step lists". Step lists are those part 1 names: "then, onError,
 * else, each entry of branches, each value of handlers"; the scenario's own
 * `steps` holds steps but is not one of them, so 500 top-level steps are
 * within the limit, and a `then` of a top-level step is nested 1 level.
 */
function measure(steps: unknown[]): { tooMany: boolean; tooDeep: boolean } {
  let count = 0;
  let tooDeep = false;
  const stack: Array<[unknown[], number]> = [[steps, 0]];
  while (stack.length > 0) {
    const [list, level] = stack.pop()!;
    count += (level === 0 ? 0 : 1) + list.length;
    if (count > playbackLimits.stepsAndLists) return { tooMany: true, tooDeep };
    if (level > playbackLimits.nestingDepth) {
      tooDeep = true;
      continue;
    }
    for (const step of list) {
      if (!isObject(step)) continue;
      for (const child of childLists(step)) if (Array.isArray(child)) stack.push([child, level + 1]);
    }
  }
  return { tooMany: false, tooDeep };
}

/**
 * The step IDs a branch may read at one point of the document: the steps final
 * before it in its own list, then in each list around it. A chain of small sets
 * rather than copies, since lists nest.
 */
class ReadableScope {
  readonly ids = new Set<string>();

  constructor(readonly parent: ReadableScope | null) {}

  has(id: string): boolean {
    for (let scope: ReadableScope | null = this; scope !== null; scope = scope.parent) if (scope.ids.has(id)) return true;
    return false;
  }
}

class Validation {
  readonly issues: ScenarioIssue[] = [];
  readonly stepIds = new Set<string>();
  private readonly checkedOperations = new Set<string>();
  private readonly checkedChannels = new Set<string>();
  private readonly reachedByKey = new Map<string, Set<string>>();
  readonly payloadChecks: PayloadCheck[] = [];

  constructor(
    readonly model: ModelSnapshot,
    readonly index: PlaybackIndex,
  ) {}

  add(stepId: string | null, code: IssueCode, message: string): void {
    this.issues.push({ stepId, code, message });
  }

  private element(value: unknown, stepId: string | null, path: string): ElementRecord | null {
    const id = ref(value);
    const found = id === null ? undefined : this.model.element.get(id);
    if (!found) this.add(stepId, 'unknown-element', id === null ? `${path} is missing` : `${path}: element ${quoted(value)} is not in the model`);
    return found ?? null;
  }

  private requireList(value: unknown, stepId: string | null, path: string): value is unknown[] {
    if (Array.isArray(value)) return true;
    this.add(stepId, 'malformed-scenario', `${path} is missing: every step list is required (an empty list for none)`);
    return false;
  }

  private retryProblem(retry: RetryPolicy | null | undefined): string | null {
    if (retry === null || retry === undefined) return null;
    if (!isObject(retry)) return 'retry is not an object';
    if (!isWhole(retry.maxAttempts, 1, playbackLimits.maxAttempts)) return `retry.maxAttempts ${quoted(retry.maxAttempts)} is outside 1 to ${playbackLimits.maxAttempts}`;
    if (!isWhole(retry.backoffMs, 0, playbackLimits.backoffMs)) return `retry.backoffMs ${quoted(retry.backoffMs)} is outside 0 to ${playbackLimits.backoffMs} ms`;
    return null;
  }

  /** invalid-model and unknown-schema for an operation a call uses, once per operation. */
  private checkOperation(operation: OperationRecord, stepId: string | null): void {
    if (this.checkedOperations.has(operation.id)) return;
    this.checkedOperations.add(operation.id);
    const name = `operation ${JSON.stringify(operation.name)}`;
    if (!this.model.element.has(operation.ownerId)) this.add(stepId, 'invalid-model', `${name}: owner ${operation.ownerId} is not in the model`);
    if (operation.timeoutMs !== null && operation.timeoutMs !== undefined && !isWhole(operation.timeoutMs, 0, playbackLimits.timeoutMs)) {
      this.add(stepId, 'invalid-model', `${name}: timeoutMs ${quoted(operation.timeoutMs)} is outside 0 to ${playbackLimits.timeoutMs} ms`);
    }
    const retry = this.retryProblem(operation.retry);
    if (retry) this.add(stepId, 'invalid-model', `${name}: ${retry}`);
    for (const schemaId of [operation.requestSchemaId, operation.responseSchemaId]) {
      if (schemaId !== null && schemaId !== undefined && !this.model.schema.has(schemaId)) {
        this.add(stepId, 'unknown-schema', `${name}: schema ${schemaId} is not in the model`);
      }
    }
  }

  /**
   * invalid-model for the contracts a message can meet from this channel on:
   * every channel its bindings (any routing key) and dead-letter channels lead
   * to, each checked once per validation.
   */
  private checkChannelContracts(channelId: string, stepId: string | null): void {
    const queue = [channelId];
    const enqueue = (id: string) => {
      if (!this.checkedChannels.has(id)) {
        this.checkedChannels.add(id);
        queue.push(id);
      }
    };
    if (this.checkedChannels.has(channelId)) return;
    this.checkedChannels.add(channelId);
    for (let at = 0; at < queue.length; at++) {
      const current = queue[at]!;
      for (const subscription of subscriptionsOf(this.index, current)) {
        const name = `subscription ${subscription.id}`;
        if (!this.model.element.has(subscription.consumerId)) this.add(stepId, 'invalid-model', `${name}: consumer ${subscription.consumerId} is not in the model`);
        const retry = this.retryProblem(subscription.retry);
        if (retry) this.add(stepId, 'invalid-model', `${name}: ${retry}`);
        const deadLetter = subscription.deadLetterChannelId;
        if (deadLetter !== null && deadLetter !== undefined) {
          if (deadLetter === subscription.channelId) this.add(stepId, 'invalid-model', `${name}: the dead-letter channel is its own channel`);
          else if (!this.model.channel.has(deadLetter)) this.add(stepId, 'invalid-model', `${name}: dead-letter channel ${deadLetter} is not in the model`);
          else enqueue(deadLetter);
        }
      }
      for (const { record } of bindingsFrom(this.index, current)) {
        if (!this.model.channel.has(record.targetChannelId)) this.add(stepId, 'invalid-model', `binding ${record.id}: target channel ${record.targetChannelId} is not in the model`);
        else enqueue(record.targetChannelId);
      }
    }
  }

  /** The channels a message published with this routing key reaches through bindings (faults aside). */
  private reachedChannels(channelId: string, routingKey: string | null): Set<string> {
    const memoKey = routingKey === null ? `${channelId}|` : `${channelId}|k${routingKey}`;
    const known = this.reachedByKey.get(memoKey);
    if (known) return known;
    const reached = new Set([channelId]);
    this.reachedByKey.set(memoKey, reached);
    const words = routingKey === null ? null : topicWords(routingKey);
    const queue = [channelId];
    for (let at = 0; at < queue.length; at++) {
      for (const binding of bindingsFrom(this.index, queue[at]!)) {
        if (binding.pattern !== null && (routingKey === null || !matchTopicPattern(binding.pattern, routingKey, words!))) continue;
        const target = binding.record.targetChannelId;
        if (!reached.has(target) && this.model.channel.has(target)) {
          reached.add(target);
          queue.push(target);
        }
      }
    }
    return reached;
  }

  /** invalid-payload and payload-too-large now; the schema check is queued for the budgeted phase. */
  private payload(value: unknown, path: string, schemaId: string | null | undefined, stepId: string | null): void {
    const present = value !== undefined && value !== null;
    if (present) {
      const problem = payloadProblem(value, path, playbackLimits.payloadDepthOnPlay);
      if (problem) {
        this.add(stepId, 'invalid-payload', `${problem.path} ${problem.message}`);
        return;
      }
      if (!payloadFits(value, playbackLimits.payloadBytes)) {
        this.add(stepId, 'payload-too-large', `${path} is over ${playbackLimits.payloadBytes} bytes`);
        return;
      }
    }
    if (schemaId !== null && schemaId !== undefined && this.model.schema.has(schemaId)) {
      this.payloadChecks.push({ stepId, path, value: present ? value : null, schemaId });
    }
  }

  private stepId(step: Loose, path: string): string | null {
    const id = step.id;
    if (typeof id !== 'string' || id.trim() === '') {
      this.add(null, 'missing-step-id', `${path} has no id`);
      return null;
    }
    const problem = shortTextProblem(id);
    if (problem) this.add(id, 'malformed-scenario', `${childPath(path, 'id')} ${problem}`);
    else if (characterCount(id) > playbackLimits.stepIdCharacters) this.add(id, 'malformed-scenario', `${childPath(path, 'id')} must have at most ${playbackLimits.stepIdCharacters} characters`);
    if (this.stepIds.has(id)) this.add(id, 'duplicate-step-id', `${path}: step ID ${JSON.stringify(id)} is used by an earlier step`);
    this.stepIds.add(id);
    return id;
  }

  /**
   * The steps whose outcome is final once `step` has ended (part 1 "branch":
   * "Only a step that is final before the branch runs can be read (not a step
   * of another parallel branch nor of a consumer handler)"). A call's
   * `onError` is final; its `then` only when the operation has no timeout,
   * because a timed-out callee goes on running `then`. A handler never is.
   */
  private finalIds(step: unknown, out: Set<string>): void {
    if (!isObject(step)) return;
    if (typeof step.id === 'string') out.add(step.id);
    const lists: unknown[] = [];
    switch (step.type) {
      case 'call': {
        const operationId = ref(step.operation);
        const operation = operationId === null ? undefined : this.model.operation.get(operationId);
        if (operation && operationTimeoutMs(operation) === null) lists.push(step.then);
        lists.push(step.onError);
        break;
      }
      case 'parallel':
        if (Array.isArray(step.branches)) lists.push(...step.branches);
        break;
      case 'branch':
        lists.push(step.then, step.else);
        break;
    }
    for (const list of lists) if (Array.isArray(list)) for (const inner of list) this.finalIds(inner, out);
  }

  walkList(list: unknown[], path: string, readable: ReadableScope | null): void {
    const here = new ReadableScope(readable);
    for (let i = 0; i < list.length; i++) {
      const entry = list[i];
      const at = childPath(path, i);
      if (!isObject(entry)) {
        this.add(null, 'malformed-scenario', `${at} is an empty entry`);
        continue;
      }
      const stepId = this.stepId(entry, at);
      switch (entry.type) {
        case 'call':
          this.checkCall(entry, stepId, at, here);
          break;
        case 'publish':
          this.checkPublish(entry, stepId, at, here);
          break;
        case 'write':
          this.checkWrite(entry, stepId, at);
          break;
        case 'parallel':
          this.checkParallel(entry, stepId, at, here);
          break;
        case 'branch':
          this.checkBranch(entry, stepId, at, here);
          break;
        default:
          this.add(stepId, 'malformed-scenario', `${childPath(at, 'type')} ${quoted(entry.type)} is not a step type`);
      }
      this.finalIds(entry, here.ids);
    }
  }

  private checkCall(step: Loose, stepId: string | null, path: string, here: ReadableScope): void {
    this.element(step.from, stepId, childPath(path, 'from'));
    const operationId = ref(step.operation);
    const operation = operationId === null ? undefined : this.model.operation.get(operationId);
    if (!operation) {
      this.add(stepId, 'unknown-operation', operationId === null ? `${childPath(path, 'operation')} is missing` : `${childPath(path, 'operation')}: operation ${quoted(step.operation)} is not in the model`);
    } else this.checkOperation(operation, stepId);
    this.payload(step.request, childPath(path, 'request'), operation?.requestSchemaId, stepId);
    this.payload(step.response, childPath(path, 'response'), operation?.responseSchemaId, stepId);
    const then = step.then;
    if (this.requireList(then, stepId, childPath(path, 'then'))) this.walkList(then, childPath(path, 'then'), here);
    if (this.requireList(step.onError, stepId, childPath(path, 'onError'))) {
      // onError runs "after every attempt failed": the call itself is final (Failed) there, and with no
      // timeout every attempt's `then` has ended too.
      const readable = new ReadableScope(here);
      if (stepId !== null) readable.ids.add(stepId);
      if (operation && operationTimeoutMs(operation) === null && Array.isArray(then)) for (const inner of then) this.finalIds(inner, readable.ids);
      this.walkList(step.onError, childPath(path, 'onError'), readable);
    }
  }

  private checkPublish(step: Loose, stepId: string | null, path: string, here: ReadableScope): void {
    this.element(step.from, stepId, childPath(path, 'from'));
    const channelId = ref(step.channel);
    const channel = channelId === null ? undefined : this.model.channel.get(channelId);
    if (!channel) this.add(stepId, 'unknown-channel', channelId === null ? `${childPath(path, 'channel')} is missing` : `${childPath(path, 'channel')}: channel ${quoted(step.channel)} is not in the model`);
    const messageId = ref(step.message);
    const message = messageId === null ? undefined : this.model.message.get(messageId);
    if (!message) this.add(stepId, 'unknown-message', messageId === null ? `${childPath(path, 'message')} is missing` : `${childPath(path, 'message')}: message ${quoted(step.message)} is not in the model`);
    else if (message.schemaId !== null && message.schemaId !== undefined && !this.model.schema.has(message.schemaId)) {
      this.add(stepId, 'unknown-schema', `message ${JSON.stringify(message.name)}: schema ${message.schemaId} is not in the model`);
    }
    this.payload(step.payload, childPath(path, 'payload'), message?.schemaId, stepId);
    this.checkHeaders(step.headers, stepId, childPath(path, 'headers'));

    const routingKey = step.routingKey;
    const keyProblem = routingKeyProblem(routingKey);
    if (keyProblem) this.add(stepId, 'invalid-routing-key', `${childPath(path, 'routingKey')} ${keyProblem}`);
    if (channel) this.checkChannelContracts(channel.id, stepId);

    const handlers = step.handlers;
    const handlersPath = childPath(path, 'handlers');
    if (!isObject(handlers)) {
      this.add(stepId, 'malformed-scenario', `${handlersPath} is missing: handlers is required (an empty object for none)`);
      return;
    }
    const reached = channel && !keyProblem ? this.reachedChannels(channel.id, text(routingKey)) : null;
    // A publish has its outcome before any delivery starts: its handlers may read it.
    const inHandlers = new ReadableScope(here);
    if (stepId !== null) inHandlers.ids.add(stepId);
    const named = new Set<string>();
    // In subscription-ID order, like the player: a store that gives keys back in another order changes nothing.
    for (const key of Object.keys(handlers).sort(byLowerCase)) {
      const handlerPath = childPath(handlersPath, key);
      const subscription = this.model.subscription.get(key.toLowerCase());
      if (named.has(key.toLowerCase())) this.add(stepId, 'malformed-scenario', `${handlerPath}: the subscription has a handler already`);
      named.add(key.toLowerCase());
      if (!subscription) this.add(stepId, 'unknown-subscription', `${handlerPath}: subscription ${JSON.stringify(key)} is not in the model`);
      else if (reached && !reached.has(subscription.channelId)) {
        this.add(stepId, 'subscription-not-on-channel', `${handlerPath}: subscription ${subscription.id} is on a channel this message does not reach`);
      }
      const list = handlers[key];
      if (this.requireList(list, stepId, handlerPath)) this.walkList(list, handlerPath, inHandlers);
    }
  }

  private checkHeaders(headers: unknown, stepId: string | null, path: string): void {
    if (!isObject(headers)) {
      this.add(stepId, 'malformed-scenario', `${path} is missing: headers is required (an empty object for none)`);
      return;
    }
    const names = Object.keys(headers).sort();
    if (names.length > playbackLimits.headersPerMessage) this.add(stepId, 'malformed-scenario', `${path} has over ${playbackLimits.headersPerMessage} headers`);
    for (const name of names) {
      const value = headers[name];
      const at = childPath(path, name);
      const problem =
        typeof value !== 'string'
          ? 'is not text'
          : (shortTextProblem(name) ??
            shortTextProblem(value) ??
            (characterCount(name) > playbackLimits.nameCharacters ? `name is over ${playbackLimits.nameCharacters} characters` : null) ??
            (characterCount(value) > playbackLimits.headerValueCharacters ? `value is over ${playbackLimits.headerValueCharacters} characters` : null));
      if (problem) this.add(stepId, 'malformed-scenario', `${at} ${problem}`);
    }
  }

  private checkWrite(step: Loose, stepId: string | null, path: string): void {
    this.element(step.by, stepId, childPath(path, 'by'));
    this.element(step.store, stepId, childPath(path, 'store'));
    const dataset = step.dataset;
    const at = childPath(path, 'dataset');
    if (typeof dataset !== 'string' || dataset.trim() === '') this.add(stepId, 'missing-dataset', `${at} is missing: a write names its dataset`);
    else {
      const problem = shortTextProblem(dataset) ?? (characterCount(dataset) > playbackLimits.nameCharacters ? `is over ${playbackLimits.nameCharacters} characters` : null);
      if (problem) this.add(stepId, 'malformed-scenario', `${at} ${problem}`);
    }
    this.payload(step.change, childPath(path, 'change'), null, stepId);
  }

  private checkParallel(step: Loose, stepId: string | null, path: string, here: ReadableScope): void {
    const branches = step.branches;
    const at = childPath(path, 'branches');
    if (!this.requireList(branches, stepId, at)) return;
    // "not a step of another parallel branch": every branch reads only what was final before the parallel step.
    branches.forEach((branch, index) => {
      if (this.requireList(branch, stepId, childPath(at, index))) this.walkList(branch, childPath(at, index), here);
    });
  }

  private checkBranch(step: Loose, stepId: string | null, path: string, here: ReadableScope): void {
    const whenStep = text(step.whenStep);
    if (whenStep === null || !here.has(whenStep)) {
      this.add(
        stepId,
        'unknown-step',
        whenStep === null ? `${childPath(path, 'whenStep')} is missing` : `${childPath(path, 'whenStep')}: step ${JSON.stringify(whenStep)} is not a step that is final before this branch runs`,
      );
    }
    if (!(stepOutcomes as readonly unknown[]).includes(step.is)) {
      this.add(stepId, 'invalid-outcome', `${childPath(path, 'is')} ${quoted(step.is)} is not Succeeded, Failed or Skipped`);
    }
    if (this.requireList(step.then, stepId, childPath(path, 'then'))) this.walkList(step.then, childPath(path, 'then'), here);
    if (this.requireList(step.else, stepId, childPath(path, 'else'))) this.walkList(step.else, childPath(path, 'else'), here);
  }

  checkFaults(faults: unknown[]): void {
    const targets = new Set<string>();
    faults.forEach((fault, index) => {
      const at = childPath('faults', index);
      if (!isObject(fault)) {
        this.add(null, 'malformed-scenario', `${at} is an empty entry`);
        return;
      }
      const target = ref(fault.target);
      const operation = target === null ? undefined : this.model.operation.get(target);
      const known =
        target !== null && (operation !== undefined || this.model.channel.has(target) || this.model.subscription.has(target) || this.model.element.has(target));
      if (!known) this.add(null, 'unknown-fault-target', `${at}.target ${quoted(fault.target)} is not an operation, channel, subscription or element of the model`);
      else if (targets.has(target)) this.add(null, 'duplicate-fault', `${at}.target ${target} already has a fault: one target has at most one fault`);
      else targets.add(target);
      if (!(faultKinds as readonly unknown[]).includes(fault.kind)) this.add(null, 'invalid-fault', `${at}.kind ${quoted(fault.kind)} is not Error, Outage or Timeout`);
      else if (fault.kind === 'Timeout' && known && (!operation || operationTimeoutMs(operation) === null)) {
        this.add(null, 'invalid-fault', `${at}: Timeout needs an operation that has a timeout`);
      }
      const failFirst = fault.failFirst;
      if (failFirst !== null && failFirst !== undefined && !isWhole(failFirst, 1, Number.MAX_VALUE)) {
        this.add(null, 'invalid-fault', `${at}.failFirst ${quoted(failFirst)} must be a whole number of 1 or more, or null`);
      }
    });
  }

  checkAssertions(assertions: unknown[]): void {
    const ids = new Set<string>();
    assertions.forEach((assertion, index) => {
      const at = childPath('assertions', index);
      if (!isObject(assertion)) {
        this.add(null, 'malformed-scenario', `${at} is an empty entry`);
        return;
      }
      const id = text(assertion.id);
      if (id === null || id.trim() === '') this.add(null, 'invalid-assertion', `${at} has no id`);
      else if (ids.has(id)) this.add(null, 'invalid-assertion', `${at}: assertion ID ${JSON.stringify(id)} is used by an earlier assertion`);
      else if (shortTextProblem(id) !== null || characterCount(id) > playbackLimits.stepIdCharacters) this.add(null, 'invalid-assertion', `${at}.id is not a usable ID`);
      if (id !== null) ids.add(id);
      if (assertion.type === 'outcome') {
        if (!(stepOutcomes as readonly unknown[]).includes(assertion.expected)) {
          this.add(null, 'invalid-assertion', `${at}.expected ${quoted(assertion.expected)} is not Succeeded, Failed or Skipped`);
        }
        const step = text(assertion.step);
        if (step === null || !this.stepIds.has(step)) this.add(null, 'unknown-step', `${at}.step ${quoted(assertion.step)} is not a step of the scenario`);
      } else if (assertion.type === 'event-count') {
        if (!(eventKinds as readonly unknown[]).includes(assertion.kind)) this.add(null, 'invalid-assertion', `${at}.kind ${quoted(assertion.kind)} is not an event kind`);
        if (!isWhole(assertion.expected, 0, Number.MAX_VALUE)) this.add(null, 'invalid-assertion', `${at}.expected ${quoted(assertion.expected)} must be a whole number of 0 or more`);
        if (assertion.target !== null && assertion.target !== undefined) {
          const target = ref(assertion.target);
          const model = this.model;
          const usable =
            target !== null &&
            (model.operation.has(target) || model.channel.has(target) || model.subscription.has(target) || model.element.has(target) || model.binding.has(target));
          if (!usable) this.add(null, 'unknown-assertion-target', `${at}.target ${quoted(assertion.target)} is not an operation, channel, subscription, element or binding of the model`);
        }
      } else this.add(null, 'invalid-assertion', `${at}.type ${quoted(assertion.type)} is not outcome or event-count`);
    });
  }

  /**
   * The schema checks, under "Schema checks per validation | 2 seconds": the
   * budget is read between checks, and a pattern test that would run past it
   * is stopped (budgeted-regexp.ts).
   */
  checkSchemas(now: (() => number) | undefined, budgetMs: number): void {
    if (this.payloadChecks.length === 0) return;
    const checker = createSchemaChecker(this.model.schema);
    const started = now?.();
    const overBudget = () => now !== undefined && started !== undefined && now() - started > budgetMs;
    const tooSlow = () => this.add(null, 'validation-too-slow', `schema checks took over ${budgetMs} ms`);
    withPatternBudget(now === undefined ? null : budgetMs, () => {
      for (const check of this.payloadChecks) {
        if (overBudget()) return tooSlow();
        const schema = this.model.schema.get(check.schemaId)!;
        const name = `schema ${JSON.stringify(schema.name)}`;
        let result: ReturnType<typeof checker.check>;
        try {
          result = checker.check(check.schemaId, check.value);
        } catch (error) {
          if (error instanceof SchemaBudgetExceeded) return tooSlow();
          result = { kind: 'unusable-schema' as const, reason: (error as Error).message };
        }
        if (result.kind === 'unusable-schema') this.add(check.stepId, 'invalid-schema', `${name} cannot be evaluated: ${result.reason}`);
        else if (result.kind === 'invalid') {
          if (check.value === null) this.add(check.stepId, 'missing-payload', `${check.path} is missing: ${name} asks for one (${result.reason})`);
          else this.add(check.stepId, 'schema-mismatch', `${check.path} does not match ${name}: ${result.reason}`);
        }
      }
      if (overBudget()) tooSlow();
    });
  }
}

/**
 * Every validation issue of a scenario over a model, in a fixed order; an
 * empty list means the scenario can be played.
 *
 * @example
 * const issues = validateScenario({ model, scenario, monotonicNowMs: () => performance.now() });
 */
export function validateScenario(input: ValidateScenarioInput): ScenarioIssue[] {
  const { model, scenario } = input;
  const validation = new Validation(model, input.index ?? buildPlaybackIndex(model));
  if (!isObject(scenario)) {
    validation.add(null, 'malformed-scenario', 'the scenario is not an object');
    return validation.issues;
  }
  const lists: Array<['steps' | 'faults' | 'assertions', unknown]> = [
    ['steps', scenario.steps],
    ['faults', scenario.faults],
    ['assertions', scenario.assertions],
  ];
  for (const [name, list] of lists) {
    if (!Array.isArray(list)) validation.add(null, 'malformed-scenario', `${name} is missing: the list is required (an empty list for none)`);
  }
  const steps: unknown[] = Array.isArray(scenario.steps) ? scenario.steps : [];
  const size = measure(steps);
  if (size.tooMany) validation.add(null, 'too-many-steps', `the scenario has over ${playbackLimits.stepsAndLists} steps and step lists`);
  if (size.tooDeep) validation.add(null, 'too-deep', `step lists are nested over ${playbackLimits.nestingDepth} levels`);
  if (size.tooMany || size.tooDeep) return validation.issues;

  validation.walkList(steps, 'steps', null);
  if (Array.isArray(scenario.faults)) validation.checkFaults(scenario.faults);
  if (Array.isArray(scenario.assertions)) validation.checkAssertions(scenario.assertions);
  validation.checkSchemas(input.monotonicNowMs, input.schemaCheckBudgetMs ?? playbackLimits.schemaCheckMs);
  return validation.issues;
}
