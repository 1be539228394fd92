import type middy from '@middy/core';
import { isDatabaseUnavailable } from '../../db/database-unavailable';
import { HttpProblem } from '../problem';
import { problemOf } from '../service-error-problem';
import { toServiceResult, problemToResponse } from '../response';
import type { ServiceEvent, ServiceResult } from '../service-event';
import type { Logger } from '../../runtime/logger';
import { StartupRefusalError } from '../../config/startup-refusal';

export interface ProblemResponseOptions {
  logger: () => Logger | undefined;
}

/** A failure the service did not mean to report: logged, and answered without internals. */
function unreportedProblem(error: unknown, routeKey: string, logger: Logger | undefined): HttpProblem {
  if (error instanceof StartupRefusalError) {
    // A setting the function lacks (its message names the fix): one line, no stack to split it.
    logger?.error(`cannot answer ${routeKey}: ${error.message}`);
    return HttpProblem.internal(error);
  }
  if (isDatabaseUnavailable(error)) {
    logger?.warn(`database unavailable on ${routeKey}: ${(error as Error).message}`);
    return HttpProblem.databaseUnavailable(error);
  }
  logger?.error(`unhandled error on ${routeKey}`, error);
  return HttpProblem.internal(error);
}

/**
 * Maps any failure to the spec's error body. An `HttpProblem` keeps its status
 * and text; a domain `ServiceError` answers the status of its code with its
 * text (`service-error-problem.ts`); a database that cannot be reached is 503
 * `database_unavailable` with `Retry-After`; anything else is logged and
 * answered as a 500 with no internals.
 */
export function problemResponse(options: ProblemResponseOptions): middy.MiddlewareObj<ServiceEvent, ServiceResult> {
  return {
    onError: async (request) => {
      const problem = problemOf(request.error) ?? unreportedProblem(request.error, request.event.routeKey, options.logger());
      request.response = toServiceResult(problemToResponse(problem));
    },
  };
}
