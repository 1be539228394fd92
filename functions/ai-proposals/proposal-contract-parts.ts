/**
 * What the contracts of several proposal endpoints share.
 *
 * The fixture world (test/support/contract-world.ts) keeps its proposals in projects of their own
 * (`aiProjectId`, `acceptProjectId`), made by submit: no AI provider answers in the test, and no
 * other example moves those models, so the accept example finds its proposal current.
 */
import { aiUnavailableAnswerSchema } from '../../contracts/ai';
import type { MediaBody } from '../../lib/platform/http/route-contract';

/** The 200 of the endpoints that ask the AI. */
export const unavailableAnswer: MediaBody = {
  contentType: 'application/json',
  schema: aiUnavailableAnswerSchema,
  description: 'The AI unavailable answer: no proposal was made and nothing but the call record is stored.',
};

/** The end of the description of each endpoint that makes a proposal. */
export const proposalRateNote = 'Counted in the 60 proposals a minute one caller may make in a project (429 `rate_limited` with Retry-After).';

/** The path parameters of the examples: the fixture project that holds the proposals. */
export const inProposals = { projectId: '{aiProjectId}' };
