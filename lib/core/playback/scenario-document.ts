/**
 * The scenario document of part 1 "Scenario document" and its reader for
 * create and replace. The reader answers two kinds of refusal (part 1
 * "Errors", scenarios): "a body that is not a scenario document (including a
 * step or assertion with no type or an unknown type) gives 400
 * invalid_scenario; a broken limit gives 400 validation_error with the path of
 * the value".
 *
 * What the reader lets through on purpose: a missing list, map, step ID or
 * dataset, a null entry in a list, an unknown fault kind, outcome or event
 * kind, a failFirst below 1, a negative count and an empty routing key. Those
 * are the validation codes of "Scenarios" (malformed-scenario,
 * missing-step-id, missing-dataset, invalid-fault, invalid-outcome,
 * invalid-assertion, invalid-routing-key), reported when the scenario runs.
 * Fields the spec does not list are dropped and named in `ignored` (with
 * their JSON paths, e.g. `$.steps[0].opertion`), so that a misspelt field is
 * not lost without a word; every listed field is kept, as null when the body
 * leaves it out.
 */
import { assertionTypes, stepTypes, type AssertionType, type JsonValue, type StepType } from '../../../contracts/scenarios';
import type { FieldError } from '../../platform/errors/error-codes';
import { unknownMember, type IgnoredMember } from '../model/ignored-members';
import { isGuid, shortTextProblem } from '../../platform/text/text-rules';
import { childPath } from './json-path';
import { payloadProblem } from './payload-rules';
import { playbackLimits } from './playback-limits';

export { assertionTypes, faultKinds, stepOutcomes, stepTypes, type AssertionType, type FaultKind, type JsonValue, type StepOutcome, type StepType } from '../../../contracts/scenarios';

/** A step list; a null entry is "an empty entry" (malformed-scenario when the scenario runs). */
export type StepList = Array<Step | null>;

/** "call | from (element), operation, request, response, then, onError": a synchronous request. */
export interface CallStep {
  type: 'call';
  id: string | null;
  from: string | null;
  operation: string | null;
  request: JsonValue;
  response: JsonValue;
  then: StepList | null;
  onError: StepList | null;
}

/** "publish | from (element), channel, message, payload, headers, handlers, routingKey (optional)". */
export interface PublishStep {
  type: 'publish';
  id: string | null;
  from: string | null;
  channel: string | null;
  message: string | null;
  payload: JsonValue;
  headers: Record<string, string> | null;
  /** Subscription ID → the step list that consumer runs. */
  handlers: Record<string, StepList | null> | null;
  routingKey: string | null;
}

/** "write | by (element), store (element), dataset, change": a write to a data store. */
export interface WriteStep {
  type: 'write';
  id: string | null;
  by: string | null;
  store: string | null;
  dataset: string | null;
  change: JsonValue;
}

/** "parallel | branches (list of step lists)": all branches start at one instant. */
export interface ParallelStep {
  type: 'parallel';
  id: string | null;
  branches: Array<StepList | null> | null;
}

/** "branch | whenStep, is, then, else": `then` when the outcome of `whenStep` equals `is`, else `else`. */
export interface BranchStep {
  type: 'branch';
  id: string | null;
  whenStep: string | null;
  /** Succeeded, Failed or Skipped; anything else is invalid-outcome when the scenario runs. */
  is: string | null;
  then: StepList | null;
  else: StepList | null;
}

/** One step of a scenario. */
export type Step = CallStep | PublishStep | WriteStep | ParallelStep | BranchStep;

/** "Fault: {target, kind, failFirst}". */
export interface Fault {
  target: string | null;
  /** Error, Outage or Timeout; anything else is invalid-fault when the scenario runs. */
  kind: string | null;
  /** "Number of failing attempts in time order, minimum 1; null fails every attempt." */
  failFirst: number | null;
}

/** "outcome | step, expected": the step has the outcome `expected`. */
export interface OutcomeAssertion {
  type: 'outcome';
  id: string | null;
  step: string | null;
  expected: string | null;
}

/** "event-count | kind, target (or null), expected": exactly `expected` events of the kind. */
export interface EventCountAssertion {
  type: 'event-count';
  id: string | null;
  kind: string | null;
  target: string | null;
  expected: number | null;
}

/** One assertion of a scenario. */
export type Assertion = OutcomeAssertion | EventCountAssertion;

/** "origin": null for a scenario written by a person; an accepted AI flow proposal names itself. */
export interface ScenarioOrigin {
  kind: 'ai-proposal';
  proposalId: string;
  provider: string;
  model: string;
}

/** A scenario document. `origin` is "returned on read only": the reader never sets it. */
export interface ScenarioDocument {
  id: string;
  name: string;
  steps: StepList | null;
  faults: Array<Fault | null> | null;
  assertions: Array<Assertion | null> | null;
  origin?: ScenarioOrigin | null;
}

/** How the body is read: create takes the ID from the body, replace from the path. */
export interface ReadScenarioOptions {
  mode: 'create' | 'replace';
  /** The scenario ID of the path (replace). */
  pathId?: string;
}

/** The scenario, or the refusal with its problem type, a title and one error per refused value. */
export type ReadScenarioResult =
  | { ok: true; scenario: ScenarioDocument; ignored: IgnoredMember[] }
  | { ok: false; type: 'invalid_scenario' | 'validation_error'; title: string; errors: FieldError[] };

// Thrown inside the reader when the body is not a scenario document; caught by readScenarioDocument.
class NotAScenarioError extends Error {
  override readonly name = 'NotAScenarioError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

interface ReadContext {
  errors: FieldError[];
  ignored: IgnoredMember[];
}

/** The fields of each object of a scenario document ("Scenario document"); every other member is ignored. */
const fieldsOf = {
  scenario: ['id', 'name', 'steps', 'faults', 'assertions', 'origin'],
  call: ['type', 'id', 'from', 'operation', 'request', 'response', 'then', 'onError'],
  publish: ['type', 'id', 'from', 'channel', 'message', 'payload', 'headers', 'handlers', 'routingKey'],
  write: ['type', 'id', 'by', 'store', 'dataset', 'change'],
  parallel: ['type', 'id', 'branches'],
  branch: ['type', 'id', 'whenStep', 'is', 'then', 'else'],
  fault: ['target', 'kind', 'failFirst'],
  outcome: ['type', 'id', 'step', 'expected'],
  'event-count': ['type', 'id', 'kind', 'target', 'expected'],
} as const satisfies Record<string, readonly string[]>;

/** Names in `ignored` each member of the object at `path` that is not one of `known`. */
function noteUnknownMembers(context: ReadContext, object: Record<string, unknown>, path: string, known: readonly string[], what: string): void {
  for (const key of Object.keys(object)) {
    if (!known.includes(key)) context.ignored.push(unknownMember(path === '' ? '$' : `$.${path}`, key, known, what));
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

// Own members only: a body key named `constructor` or `__proto__` is data, not a field.
function member(object: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

function characterCount(text: string): number {
  // Part 1 counts characters, not UTF-16 units: a surrogate pair is one character.
  let count = text.length;
  for (let i = 1; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xdc00 && unit <= 0xdfff && (text.charCodeAt(i - 1) & 0xfc00) === 0xd800) count--;
  }
  return count;
}

/** Reads a member that must be a string or absent/null (null then); any other JSON type is not a scenario document. */
function optionalString(object: Record<string, unknown>, key: string, path: string): string | null {
  const value = member(object, key);
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new NotAScenarioError(childPath(path, key), 'must be a string');
  return value;
}

/** Part 1 "Limits": "Control characters and invalid Unicode are refused in names, IDs, routing keys and headers". */
function checkText(context: ReadContext, value: string | null, path: string, maxCharacters: number | null): void {
  if (value === null) return;
  const problem = shortTextProblem(value);
  if (problem) context.errors.push({ field: path, message: problem });
  else if (maxCharacters !== null && value.length > maxCharacters && characterCount(value) > maxCharacters) {
    context.errors.push({ field: path, message: `must have at most ${maxCharacters} characters` });
  }
}

/**
 * A word or number the run reads (`is`, a fault's `kind` and `failFirst`, an
 * assertion's `kind` and `expected`): any value is stored and judged when the
 * scenario runs, but not one that cannot be stored at all (U+0000, invalid
 * Unicode, a number outside the 64-bit float range, which JSON.parse reads as
 * Infinity).
 */
function storable<T extends string | number | null>(context: ReadContext, value: T, path: string): T {
  const problem = value === null ? null : payloadProblem(value, path, 1);
  if (problem) context.errors.push({ field: problem.path, message: problem.message });
  return value;
}

/** A word the run judges (see `storable`); any other JSON type is not a scenario document. */
function judgedWord(context: ReadContext, object: Record<string, unknown>, key: string, path: string): string | null {
  return storable(context, optionalString(object, key, path), childPath(path, key));
}

/** A number the run judges (see `storable`); any other JSON type is not a scenario document (`wrongType` says so). */
function judgedNumber(context: ReadContext, object: Record<string, unknown>, key: string, path: string, wrongType: string): number | null {
  const value = member(object, key);
  if (value !== undefined && value !== null && typeof value !== 'number') throw new NotAScenarioError(childPath(path, key), wrongType);
  return storable(context, (value as number | null | undefined) ?? null, childPath(path, key));
}

function readJsonValue(context: ReadContext, object: Record<string, unknown>, key: string, path: string): JsonValue {
  const value = member(object, key);
  if (value === undefined || value === null) return null;
  const at = childPath(path, key);
  const problem = payloadProblem(value, at, playbackLimits.payloadDepthOnSave);
  if (problem) {
    if (problem.kind === 'not-json') throw new NotAScenarioError(problem.path, problem.message);
    // U+0000 is refused by part 1; invalid Unicode and out-of-range numbers cannot be stored either.
    context.errors.push({ field: problem.path, message: problem.message });
  }
  return value as JsonValue;
}

function readStepList(context: ReadContext, value: unknown, path: string, depth: number): StepList | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) throw new NotAScenarioError(path, 'must be a list of steps');
  if (depth > playbackLimits.readerNestingDepth) {
    context.errors.push({ field: path, message: `step lists must not be nested over ${playbackLimits.readerNestingDepth} levels` });
    return [];
  }
  return value.map((entry: unknown, index) => readStep(context, entry, childPath(path, index), depth));
}

function listMember(context: ReadContext, object: Record<string, unknown>, key: string, path: string, depth: number): StepList | null {
  return readStepList(context, member(object, key), childPath(path, key), depth + 1);
}

function stepIdentity(context: ReadContext, object: Record<string, unknown>, path: string): string | null {
  const id = optionalString(object, 'id', path);
  checkText(context, id, childPath(path, 'id'), playbackLimits.stepIdCharacters);
  return id;
}

/** A reference to a model record (element, operation, channel, message): an ID, so no control characters. */
function reference(context: ReadContext, object: Record<string, unknown>, key: string, path: string): string | null {
  const value = optionalString(object, key, path);
  checkText(context, value, childPath(path, key), null);
  return value;
}

function readHeaders(context: ReadContext, object: Record<string, unknown>, path: string): Record<string, string> | null {
  const value = member(object, 'headers');
  const at = childPath(path, 'headers');
  if (value === undefined || value === null) return null;
  if (!isPlainObject(value)) throw new NotAScenarioError(at, 'must be an object of header names and text values');
  const names = Object.keys(value);
  if (names.length > playbackLimits.headersPerMessage) {
    context.errors.push({ field: at, message: `must have at most ${playbackLimits.headersPerMessage} headers` });
  }
  const headers: Record<string, string> = {};
  for (const name of names) {
    const headerValue = value[name];
    const headerPath = childPath(at, name);
    if (typeof headerValue !== 'string') throw new NotAScenarioError(headerPath, 'must be a string');
    checkText(context, name, headerPath, playbackLimits.nameCharacters);
    checkText(context, headerValue, headerPath, playbackLimits.headerValueCharacters);
    Object.defineProperty(headers, name, { value: headerValue, enumerable: true, writable: true, configurable: true });
  }
  return headers;
}

function readHandlers(context: ReadContext, object: Record<string, unknown>, path: string, depth: number): Record<string, StepList | null> | null {
  const value = member(object, 'handlers');
  const at = childPath(path, 'handlers');
  if (value === undefined || value === null) return null;
  if (!isPlainObject(value)) throw new NotAScenarioError(at, 'must be an object of subscription IDs and step lists');
  const handlers: Record<string, StepList | null> = {};
  for (const key of Object.keys(value)) {
    const handlerPath = childPath(at, key);
    checkText(context, key, handlerPath, null);
    const list = readStepList(context, value[key], handlerPath, depth + 1);
    Object.defineProperty(handlers, key, { value: list, enumerable: true, writable: true, configurable: true });
  }
  return handlers;
}

function readStep(context: ReadContext, value: unknown, path: string, depth: number): Step | null {
  // "a list holds an empty entry": kept, and reported as malformed-scenario when the scenario runs.
  if (value === null) return null;
  if (!isPlainObject(value)) throw new NotAScenarioError(path, 'must be a step object');
  // "Every step has type (at any position in the object)".
  const type = member(value, 'type');
  if (type === undefined || type === null) throw new NotAScenarioError(childPath(path, 'type'), 'is required: a step needs a type');
  if (typeof type !== 'string' || !(stepTypes as readonly string[]).includes(type)) {
    throw new NotAScenarioError(childPath(path, 'type'), `must be one of ${stepTypes.join(', ')}`);
  }
  noteUnknownMembers(context, value, path, fieldsOf[type as StepType], `a ${type} step`);
  const id = stepIdentity(context, value, path);
  switch (type as StepType) {
    case 'call':
      return {
        type: 'call',
        id,
        from: reference(context, value, 'from', path),
        operation: reference(context, value, 'operation', path),
        request: readJsonValue(context, value, 'request', path),
        response: readJsonValue(context, value, 'response', path),
        then: listMember(context, value, 'then', path, depth),
        onError: listMember(context, value, 'onError', path, depth),
      };
    case 'publish': {
      const routingKey = optionalString(value, 'routingKey', path);
      // An empty key is stored: invalid-routing-key names it when the scenario runs.
      checkText(context, routingKey, childPath(path, 'routingKey'), playbackLimits.nameCharacters);
      return {
        type: 'publish',
        id,
        from: reference(context, value, 'from', path),
        channel: reference(context, value, 'channel', path),
        message: reference(context, value, 'message', path),
        payload: readJsonValue(context, value, 'payload', path),
        headers: readHeaders(context, value, path),
        handlers: readHandlers(context, value, path, depth),
        routingKey,
      };
    }
    case 'write': {
      const dataset = optionalString(value, 'dataset', path);
      checkText(context, dataset, childPath(path, 'dataset'), playbackLimits.nameCharacters);
      return {
        type: 'write',
        id,
        by: reference(context, value, 'by', path),
        store: reference(context, value, 'store', path),
        dataset,
        change: readJsonValue(context, value, 'change', path),
      };
    }
    case 'parallel': {
      const branches = member(value, 'branches');
      const at = childPath(path, 'branches');
      let lists: Array<StepList | null> | null = null;
      if (branches !== undefined && branches !== null) {
        if (!Array.isArray(branches)) throw new NotAScenarioError(at, 'must be a list of step lists');
        lists = branches.map((entry: unknown, index) => readStepList(context, entry, childPath(at, index), depth + 1));
      }
      return { type: 'parallel', id, branches: lists };
    }
    case 'branch': {
      const whenStep = optionalString(value, 'whenStep', path);
      checkText(context, whenStep, childPath(path, 'whenStep'), playbackLimits.stepIdCharacters);
      return {
        type: 'branch',
        id,
        whenStep,
        is: judgedWord(context, value, 'is', path),
        then: listMember(context, value, 'then', path, depth),
        else: listMember(context, value, 'else', path, depth),
      };
    }
  }
}

function readFault(context: ReadContext, value: unknown, path: string): Fault | null {
  if (value === null) return null;
  if (!isPlainObject(value)) throw new NotAScenarioError(path, 'must be a fault object');
  noteUnknownMembers(context, value, path, fieldsOf.fault, 'a fault');
  const target = reference(context, value, 'target', path);
  const kind = judgedWord(context, value, 'kind', path);
  return { target, kind, failFirst: judgedNumber(context, value, 'failFirst', path, 'must be a number or null') };
}

function readAssertion(context: ReadContext, value: unknown, path: string): Assertion | null {
  if (value === null) return null;
  if (!isPlainObject(value)) throw new NotAScenarioError(path, 'must be an assertion object');
  const type = member(value, 'type');
  if (type === undefined || type === null) throw new NotAScenarioError(childPath(path, 'type'), 'is required: an assertion needs a type');
  if (typeof type !== 'string' || !(assertionTypes as readonly string[]).includes(type)) {
    throw new NotAScenarioError(childPath(path, 'type'), `must be one of ${assertionTypes.join(', ')}`);
  }
  noteUnknownMembers(context, value, path, fieldsOf[type as AssertionType], `an ${type} assertion`);
  const id = stepIdentity(context, value, path);
  if (type === 'outcome') {
    const step = optionalString(value, 'step', path);
    checkText(context, step, childPath(path, 'step'), playbackLimits.stepIdCharacters);
    return { type: 'outcome', id, step, expected: judgedWord(context, value, 'expected', path) };
  }
  return {
    type: 'event-count',
    id,
    kind: judgedWord(context, value, 'kind', path),
    target: reference(context, value, 'target', path),
    expected: judgedNumber(context, value, 'expected', path, 'must be a number'),
  };
}

function readList<T>(context: ReadContext, body: Record<string, unknown>, key: string, read: (context: ReadContext, value: unknown, path: string) => T): T[] | null {
  const value = member(body, key);
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) throw new NotAScenarioError(key, 'must be a list');
  return value.map((entry: unknown, index) => read(context, entry, childPath(key, index)));
}

function readIdentity(context: ReadContext, body: Record<string, unknown>, options: ReadScenarioOptions): string {
  const value = member(body, 'id');
  const pathId = options.pathId?.toLowerCase();
  if (value === undefined || value === null) {
    // "on replace the ID comes from the path and the body may omit it".
    if (options.mode === 'replace' && pathId !== undefined) return pathId;
    throw new NotAScenarioError('id', 'is required: a scenario is created with the ID its author chose');
  }
  // A required field missing or of the wrong type: not a scenario document (a broken limit is validation_error).
  if (typeof value !== 'string' || !isGuid(value)) throw new NotAScenarioError('id', 'must be a GUID');
  const id = value.toLowerCase();
  // "… but may not name another ID".
  if (options.mode === 'replace' && pathId !== undefined && id !== pathId) {
    context.errors.push({ field: 'id', message: 'must be the scenario ID of the path' });
  }
  return id;
}

function readName(context: ReadContext, body: Record<string, unknown>): string {
  const name = optionalString(body, 'name', '');
  if (name === null) throw new NotAScenarioError('name', 'is required');
  if (name.trim() === '') context.errors.push({ field: 'name', message: 'must not be blank' });
  checkText(context, name, 'name', playbackLimits.nameCharacters);
  return name;
}

/**
 * Reads a create or replace body into a scenario document: `invalid_scenario`
 * when it is not one, `validation_error` (one error per value, with its JSON
 * path) when it breaks a limit of part 1 "Limits".
 *
 * @example
 * const read = readScenarioDocument(body, { mode: 'replace', pathId: scenarioId });
 * if (!read.ok) throw new ServiceError(read.type, read.title, { errors: read.errors });
 */
export function readScenarioDocument(value: unknown, options: ReadScenarioOptions): ReadScenarioResult {
  const context: ReadContext = { errors: [], ignored: [] };
  let scenario: ScenarioDocument;
  try {
    if (!isPlainObject(value)) throw new NotAScenarioError('body', 'must be a JSON object');
    noteUnknownMembers(context, value, '', fieldsOf.scenario, 'a scenario document');
    // "origin … Returned on read only": a client that sends back what it read should hear that its origin is not taken.
    const origin = member(value, 'origin');
    if (origin !== undefined && origin !== null) context.ignored.push({ path: '$.origin', reason: 'origin is returned on read only; a save keeps the stored origin (null for a scenario a person wrote); ignored' });
    const id = readIdentity(context, value, options);
    const name = readName(context, value);
    scenario = {
      id,
      name,
      steps: readStepList(context, member(value, 'steps'), 'steps', 1),
      faults: readList(context, value, 'faults', readFault),
      assertions: readList(context, value, 'assertions', readAssertion),
    };
  } catch (error) {
    if (!(error instanceof NotAScenarioError)) throw error;
    return {
      ok: false,
      type: 'invalid_scenario',
      title: `The body is not a scenario document: ${error.field} ${error.message}`,
      errors: [{ field: error.field, message: error.message }],
    };
  }
  if (context.errors.length > 0) {
    const first = context.errors[0]!;
    const more = context.errors.length > 1 ? ` (and ${context.errors.length - 1} more)` : '';
    return { ok: false, type: 'validation_error', title: `The scenario breaks a limit: ${first.field} ${first.message}${more}`, errors: context.errors };
  }
  return { ok: true, scenario, ignored: context.ignored };
}
