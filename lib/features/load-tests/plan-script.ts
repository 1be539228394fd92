/**
 * What a script for a target and a profile will send, or every reason it
 * cannot be written (pure): the 422 script-refused body lists them all
 * (docs/load-tests.md "Scripts").
 */
import type { FieldError } from '../../platform/errors/error-codes';
import type { ModelSnapshot, OperationRecord, RetryPolicy } from '../../core/model/model-records';
import { createSchemaChecker } from '../../core/playback/schema-checker';
import type { JsonValue } from '../../core/playback/scenario-document';
import { carriesBody, fillPath, httpSignatureOf, idempotencyKeyMemberOf, isIdempotentCall, type HttpSignature } from './http-call';
import type { LoadTestTarget } from './load-test-records';
import { generateBodies } from './request-bodies';
import { faultsOn, findScenarioStep, type PublishBehind } from './scenario-steps';
import type { StressProfile } from './stress-profile';

/** Fault kinds a script can inject (part 1 "Fault"). */
export type InjectedFaultKind = 'Error' | 'Outage' | 'Timeout';

export interface InjectedFault {
  kind: InjectedFaultKind;
  /** Attempts of an iteration that fail, first ones first; null: every attempt. */
  failFirst: number | null;
  /** Whether the scenario names the operation itself or its owner element. */
  on: 'operation' | 'owner';
}

export interface ScriptPlan {
  target: Pick<LoadTestTarget, 'id' | 'name'> & { environment: string | null };
  operation: { id: string; name: string; timeoutMs: number | null; retry: RetryPolicy | null };
  signature: HttpSignature;
  /** Without a trailing slash; every path starts with one. */
  baseUrl: string;
  /** The requests an iteration cycles through: path filled in, body (null: none sent). */
  requests: { path: string; body: JsonValue | null }[];
  /** The body member that carries the idempotency key (also sent as the Idempotency-Key header); null: no key. */
  idempotencyKeyMember: string | null;
  /** Faults of the target's scenario on its operation or owner, the operation's first; empty unless allowed. */
  faults: InjectedFault[];
  /** The override's reason, when the script relies on it. */
  overrideReason: string | null;
  /** What the callee publishes after the call, by the scenario (names from the model, else IDs): declared, not measured by the script. */
  publishesBehind: { message: string; channel: string; handlers: number }[];
  profile: StressProfile;
}

export interface ScriptPlanInputs {
  target: LoadTestTarget;
  /** The main model version now, to hold the authorisation to. */
  mainVersion: number;
  /** The model line the script is written from (main or a branch). */
  model: ModelSnapshot;
  /** The stored scenario document of a scenario-step target (null when it is gone). */
  scenarioDocument: unknown;
  profile: StressProfile;
}

const refusalField = 'targetId';

type Refusals = FieldError[];

function refuse(refusals: Refusals, message: string, field = refusalField): void {
  refusals.push({ field, message });
}

function authorisedBaseUrl(inputs: ScriptPlanInputs, refusals: Refusals): string | null {
  const { authorisation } = inputs.target;
  if (authorisation === null) {
    refuse(refusals, 'is not authorised: POST …/targets/{targetId}/authorise with the base URL it may send load to');
    return null;
  }
  if (authorisation.version < inputs.mainVersion) {
    refuse(refusals, `was authorised against model version ${authorisation.version}; main has moved to version ${inputs.mainVersion}: authorise it again`);
    return null;
  }
  return authorisation.baseUrl.replace(/\/+$/, '');
}

/** The operation the target calls and, for a step, its request and the faults on it. */
function calledOperation(inputs: ScriptPlanInputs, refusals: Refusals): { operation: OperationRecord; stepRequest: JsonValue; faults: ReturnType<typeof faultsOn>; publishes: PublishBehind[] } | null {
  const { target, model } = inputs;
  let operationId = target.subjectId;
  let stepRequest: JsonValue = null;
  let publishes: PublishBehind[] = [];
  if (target.kind === 'scenario-step') {
    const step = inputs.scenarioDocument === null ? null : findScenarioStep(inputs.scenarioDocument, target.stepId ?? '');
    if (step === null) {
      refuse(refusals, `names step ${JSON.stringify(target.stepId)} of scenario ${target.subjectId}, which the project no longer holds`);
      return null;
    }
    if (step.type !== 'call' || step.operation === null) {
      refuse(refusals, `names step ${JSON.stringify(target.stepId)}, which is a ${step.type} step now: only a call step is sent over HTTP`);
      return null;
    }
    operationId = step.operation;
    stepRequest = step.request;
    publishes = step.publishes;
  }
  const operation = model.operation.get(operationId);
  if (!operation) {
    refuse(refusals, `calls operation ${operationId}, which this model line does not hold`);
    return null;
  }
  const faults = target.kind === 'scenario-step' ? faultsOn(inputs.scenarioDocument, [operation.id, operation.ownerId]) : [];
  return { operation, stepRequest, faults, publishes };
}

function requestSchemaOf(model: ModelSnapshot, operation: OperationRecord): { text: string; parsed: unknown } | null {
  const schema = operation.requestSchemaId === null ? undefined : model.schema.get(operation.requestSchemaId);
  if (!schema) return null;
  try {
    return { text: schema.content, parsed: JSON.parse(schema.content) };
  } catch {
    return { text: schema.content, parsed: null };
  }
}

/** The bodies to send: the step's request, else bodies made from the request schema, each checked against it. */
function bodiesOf(inputs: ScriptPlanInputs, operation: OperationRecord, stepRequest: JsonValue, refusals: Refusals): JsonValue[] | null {
  if (stepRequest !== null) return [stepRequest];
  const schema = requestSchemaOf(inputs.model, operation);
  if (schema === null) return [null];
  const generated = generateBodies(schema.text, inputs.profile.seed);
  const field = 'operation.requestSchemaId';
  if (!generated.ok) {
    refuse(refusals, `cannot make a request body from schema ${operation.requestSchemaId}: ${generated.reason}`, field);
    return null;
  }
  const checker = createSchemaChecker(inputs.model.schema);
  for (const body of generated.bodies) {
    const checked = checker.check(operation.requestSchemaId!, body);
    if (checked.kind !== 'valid') {
      refuse(refusals, `cannot make a request body that schema ${operation.requestSchemaId} accepts (${checked.reason}); give the body in a scenario call step's request instead`, field);
      return null;
    }
  }
  return generated.bodies;
}

function injectedFaults(faults: ReturnType<typeof faultsOn>, operation: OperationRecord, refusals: Refusals): InjectedFault[] {
  const ordered = [...faults.filter((f) => f.target === operation.id), ...faults.filter((f) => f.target !== operation.id)];
  return ordered.flatMap((fault): InjectedFault[] => {
    if (fault.kind !== 'Error' && fault.kind !== 'Outage' && fault.kind !== 'Timeout') {
      refuse(refusals, `the scenario's fault on ${fault.target} has kind ${JSON.stringify(fault.kind)}, which is not Error, Outage or Timeout`);
      return [];
    }
    if (fault.kind === 'Timeout' && operation.timeoutMs === null) {
      refuse(refusals, `the scenario's Timeout fault on ${fault.target} needs a timeout on operation ${operation.name}`);
      return [];
    }
    return [{ kind: fault.kind, failFirst: fault.failFirst, on: fault.target === operation.id ? 'operation' : 'owner' }];
  });
}

/** The plan of the script, or every reason it is refused. */
export function planScript(inputs: ScriptPlanInputs): { ok: true; plan: ScriptPlan } | { ok: false; refusals: FieldError[] } {
  const refusals: Refusals = [];
  const { target } = inputs;
  const baseUrl = authorisedBaseUrl(inputs, refusals);
  const called = calledOperation(inputs, refusals);
  if (called === null) return { ok: false, refusals };
  const { operation } = called;
  const signature = operation.transport === 'http' ? httpSignatureOf(operation.name) : null;
  if (operation.transport !== 'http') refuse(refusals, `calls operation ${operation.name} over ${operation.transport}: scripts are written for http operations only`);
  else if (signature === null) refuse(refusals, `calls operation ${JSON.stringify(operation.name)}, whose name is no HTTP signature such as "POST /orders/{orderId}": the script cannot tell the method and path`);
  if (signature === null) return { ok: false, refusals };

  const schema = requestSchemaOf(inputs.model, operation);
  const idempotencyKeyMember = schema === null ? null : idempotencyKeyMemberOf(schema.parsed);
  const nonIdempotent = !isIdempotentCall(signature.method, idempotencyKeyMember);
  if (nonIdempotent && !target.override?.allowNonIdempotent) {
    refuse(refusals, `${signature.method} ${signature.path} is not idempotent (a ${signature.method} whose request schema declares no idempotency key): sending it again and again needs an owner's override (allowNonIdempotent)`);
  }
  const faults = injectedFaults(called.faults, operation, refusals);
  if (faults.length > 0 && !target.override?.allowFailureInjection) {
    refuse(refusals, `its scenario injects faults into ${operation.name}: sending them to a real system needs an owner's override (allowFailureInjection)`);
  }

  const bodies = bodiesOf(inputs, operation, called.stepRequest, refusals);
  const requests: ScriptPlan['requests'] = [];
  for (const body of bodies ?? []) {
    const { path, missing } = fillPath(signature, body);
    if (missing.length > 0) {
      refuse(refusals, `has no value for the path parameter(s) ${missing.map((m) => `{${m}}`).join(', ')} of ${signature.path}: give them as members of the request (a scenario call step's request, or the request schema)`);
      break;
    }
    requests.push({ path, body: carriesBody(signature.method) ? body : null });
  }
  if (refusals.length > 0 || baseUrl === null) return { ok: false, refusals };
  const usesOverride = nonIdempotent || faults.length > 0;
  return {
    ok: true,
    plan: {
      target: { id: target.id, name: target.name, environment: target.authorisation!.environment },
      operation: { id: operation.id, name: operation.name, timeoutMs: operation.timeoutMs, retry: operation.retry },
      signature,
      baseUrl,
      requests,
      idempotencyKeyMember: carriesBody(signature.method) ? idempotencyKeyMember : null,
      faults,
      overrideReason: usesOverride ? (target.override?.reason ?? null) : null,
      publishesBehind: called.publishes.map((p) => ({
        message: (p.messageId === null ? undefined : inputs.model.message.get(p.messageId)?.name) ?? p.messageId ?? 'a message',
        channel: (p.channelId === null ? undefined : inputs.model.channel.get(p.channelId)?.name) ?? p.channelId ?? 'a channel',
        handlers: p.handlers,
      })),
      profile: inputs.profile,
    },
  };
}
