/**
 * The two 422 bodies of the load-test API (part 1 "Load tests": "422
 * script-refused body", "422 result-refused body"), raised as refusals whose
 * codes the edge answers with 422: the spec's error body, with one entry in
 * `errors` per reason, `field` naming what it is about.
 */
import type { FieldError } from '../../platform/errors/error-codes';
import { RefusedError } from '../../platform/errors/service-error';

/** POST …/scripts: the script is not written, for every reason in `errors`. */
export function scriptRefused(errors: FieldError[]): RefusedError {
  return new RefusedError('script_refused', 'Script refused', undefined, errors);
}

/** POST …/results: the body is JSON but no result this service reads; `errors` names each missing metric or value. */
export function resultRefused(errors: FieldError[]): RefusedError {
  return new RefusedError('result_refused', 'Result refused', undefined, errors);
}
