import type middy from '@middy/core';
import { isDatabaseUnavailable } from '../../db/database-unavailable';
import { HttpProblem, isHttpProblem } from '../problem';
import { toServiceResult, problemToResponse } from '../response';
import type { ServiceEvent, ServiceResult } from '../service-event';
import type { Logger } from '../../runtime/logger';
import { StartupRefusalError } from '../../config/startup-refusal';

export interface ProblemResponseOptions {
  logger: () => Logger | undefined;
}

/**
 * Maps any failure to the spec's error body. An `HttpProblem` keeps its status
 * and text; a database that cannot be reached is 503 `database_unavailable`
 * with `Retry-After`; anything else is logged and answered as a 500 with no
 * internals.
 */
export function problemResponse(options: ProblemResponseOptions): middy.MiddlewareObj<ServiceEvent, ServiceResult> {
  return {
    onError: async (request) => {
      const error = request.error;
      let problem: HttpProblem;
      if (isHttpProblem(error)) {
        problem = error;
      } else if (error instanceof StartupRefusalError) {
        // A setting the function lacks (its message names the fix): one line, no stack to split it.
        problem = HttpProblem.internal(error);
        options.logger()?.error(`cannot answer ${request.event.routeKey}: ${error.message}`);
      } else if (isDatabaseUnavailable(error)) {
        problem = HttpProblem.databaseUnavailable(error);
        options.logger()?.warn(`database unavailable on ${request.event.routeKey}: ${(error as Error).message}`);
      } else {
        problem = HttpProblem.internal(error);
        options.logger()?.error(`unhandled error on ${request.event.routeKey}`, error);
      }
      request.response = toServiceResult(problemToResponse(problem));
    },
  };
}
