import type { Operation } from '../../lib/http/api-types';
import { HttpProblem } from '../../lib/http/problem';
import { runFactDecision } from './label-fact-request';

/** POST P/facts/{entityType}/{entityId}/accept (editor): 200 the fact label. */
export const acceptFact: Operation = (request) =>
  runFactDecision(request, (userId) => {
    // provenance.acceptedBy is an account (part 1 "Fact fields"): only a person accepts.
    if (!userId) throw HttpProblem.forbidden('Signed in as a person required', 'Only a person can accept a fact.');
    return { type: 'accept', acceptedBy: userId };
  });
