import { OutboundRefusedError, type OutboundFetch } from '../../../platform/net/outbound-fetch';
import type { AiPrompt, AnswerMode } from '../ai-prompt';
import type { TokenUsage } from '../model-prices';

/**
 * The one interface every provider kind serves (docs/ai.md "Providers"): one completion, with the
 * answer as a JSON value and the tokens the provider reported. No retries (the SDKs are built
 * with `maxRetries: 0`): a failed call is the unavailable answer, never a second request.
 */
export interface ProviderCall {
  model: string;
  /** The base address the SDK is given (docs/ai.md "Addresses"). */
  baseUrl: string;
  apiKey: string;
  /** Null sends none. */
  temperature: number | null;
  stream: boolean;
  mode: AnswerMode;
  prompt: AiPrompt;
  /** `[A-Za-z0-9_-]`: OpenAI's schema name, Anthropic's tool name. */
  schemaName: string;
  /** The answer's JSON Schema (an object at the top). */
  jsonSchema: Record<string, unknown>;
  maxOutputTokens: number;
  /** Aborted when `timeoutSeconds` has passed. */
  signal: AbortSignal;
  timeoutMs: number;
  /** The outbound client bound to the provider's origin (docs/security.md "Outbound requests"): the SDK's only way out. */
  fetch: OutboundFetch;
}

export interface ProviderAnswer {
  /** The answer as a JSON value, not yet checked against the schema. */
  output: unknown;
  /** Null when the provider reported none. */
  usage: TokenUsage | null;
  /** The answer's text (a tool input as JSON), to estimate tokens when none were reported. */
  text: string;
}

export interface AiProviderClient {
  complete(call: ProviderCall): Promise<ProviderAnswer>;
}

export type ProviderFailureReason = 'provider-error' | 'timeout' | 'invalid-output' | 'address-refused';

/** A call that gave no usable answer; `usage` is kept when the provider charged for one (invalid output). */
export class AiProviderCallError extends Error {
  override readonly name = 'AiProviderCallError';
  constructor(
    readonly reason: ProviderFailureReason,
    message: string,
    readonly usage: TokenUsage | null = null,
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The SDKs get a time limit a little above ours, so the abort of `timeoutSeconds` is what ends a
 * slow call and names it a timeout.
 */
export const sdkTimeoutGraceMs = 2000;

/** What a thrown SDK error means: our timer fired (timeout), or the provider failed or could not be reached. */
/** The message of a call whose answer was a redirect off the provider's origin, which is never followed. */
export const redirectNotFollowed = 'the provider redirected the call to another address, which is never followed';

/** The outbound client's refusal somewhere in the causes an SDK wrapped it in. */
function outboundRefusalIn(error: unknown): OutboundRefusedError | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    if (current instanceof OutboundRefusedError) return current;
  }
  return null;
}

export function providerFailure(error: unknown, signal: AbortSignal): AiProviderCallError {
  if (error instanceof AiProviderCallError) return error;
  const refused = outboundRefusalIn(error);
  if (refused?.refusal === 'address' || refused?.refusal === 'does-not-resolve') return new AiProviderCallError('address-refused', refused.message, null, null, { cause: error });
  if (refused) return new AiProviderCallError('provider-error', redirectNotFollowed, null, null, { cause: error });
  if (signal.aborted) return new AiProviderCallError('timeout', 'no answer within the time limit', null, null, { cause: error });
  const status = typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : null;
  const message = status === null ? 'the provider could not be reached' : `the provider answered HTTP ${status}`;
  return new AiProviderCallError('provider-error', message, null, status, { cause: error });
}

/**
 * Reads an answer written as JSON text. A model asked for JSON without a schema often wraps it in
 * a Markdown code fence: one fence around the whole answer is taken off, nothing else is forgiven.
 */
export function parseJsonAnswer(text: string, usage: TokenUsage | null): unknown {
  let body = text.trim();
  const fenced = /^```[A-Za-z]*\n([\s\S]*)\n```$/.exec(body);
  if (fenced) body = fenced[1]!.trim();
  try {
    return JSON.parse(body);
  } catch (error) {
    throw new AiProviderCallError('invalid-output', 'the answer is not JSON', usage, null, { cause: error });
  }
}
