/**
 * The scenario and playback rows of part 1 "Limits", in one place so that the
 * document reader, the validator and the player quote the same numbers.
 */

/** Part 1 "Limits": every number that concerns a scenario document or its playback. */
export const playbackLimits = Object.freeze({
  /** "Names of scenario, dataset, header, routing key | 200 characters". */
  nameCharacters: 200,
  /** "Step ID, assertion ID, whenStep | 100 characters". */
  stepIdCharacters: 100,
  /** "Header value / headers per message | 2000 characters / 50". */
  headerValueCharacters: 2000,
  headersPerMessage: 50,
  /** "Payload size | 64 KB": bytes of the payload's JSON text in UTF-8. */
  payloadBytes: 64 * 1024,
  /** "nested arrays and objects in a payload 32 (save)". */
  payloadDepthOnSave: 32,
  /** invalid-payload: "nesting over 64 levels". */
  payloadDepthOnPlay: 64,
  /** invalid-payload: "a number over 40 characters". */
  numberCharacters: 40,
  /** "Scenario nesting depth | 24" (step lists: a `then` of a top-level step is level 1; the top `steps` is not a step list). */
  nestingDepth: 24,
  /** "Steps and step lists | 500" (every step and every step list; the top `steps` holds steps but is not a step list). */
  stepsAndLists: 500,
  /** "Events per playback | 10000". */
  events: 10_000,
  /** "Scheduled work items per playback | 200000". */
  workItems: 200_000,
  /** "Bindings matched per message | 200". */
  bindingsPerMessage: 200,
  /** "Schema checks per validation | 2 seconds". */
  schemaCheckMs: 2000,
  /** Operation and subscription contracts: "attempts 1 to 10", timeout and backoff "3600000 ms". */
  maxAttempts: 10,
  timeoutMs: 3_600_000,
  backoffMs: 3_600_000,
  /**
   * Not in the spec: the JSON of a run's events, at most. Every event carries
   * its payload, so 10000 events of 64 KB payloads would be 640 MB, past what
   * one response (and one JavaScript string) can hold; over this the run is
   * trace-too-large, like the other playback limits.
   */
  traceJsonBytes: 128 * 1024 * 1024,
  /**
   * Not in the spec: how deep the document reader follows nested step lists
   * before it refuses a body, so that a hostile 512 KiB document cannot exhaust
   * the stack. Far above `nestingDepth`, so too-deep stays a run issue.
   */
  readerNestingDepth: 256,
});
