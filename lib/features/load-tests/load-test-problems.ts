/**
 * The two 422 bodies of the load-test API (part 1 "Load tests": "422
 * script-refused body", "422 result-refused body"): the spec's error body,
 * with one entry in `errors` per reason, `field` naming what it is about.
 */
import { HttpProblem, type FieldError } from '../../platform/http/problem';

/** POST …/scripts: the script is not written, for every reason in `errors`. */
export function scriptRefused(errors: FieldError[]): HttpProblem {
  return new HttpProblem(422, 'script_refused', 'Script refused', { errors });
}

/** POST …/results: the body is JSON but no result this service reads; `errors` names each missing metric or value. */
export function resultRefused(errors: FieldError[]): HttpProblem {
  return new HttpProblem(422, 'result_refused', 'Result refused', { errors });
}
