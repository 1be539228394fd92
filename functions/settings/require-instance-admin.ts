import type { PersonCaller } from '../../lib/platform/http/caller';
import { HttpProblem } from '../../lib/platform/http/problem';

/** Instance settings are the instance administrator's alone (part 2 "Authentication"). */
export function requireInstanceAdmin(caller: PersonCaller): void {
  if (!caller.isInstanceAdmin) throw HttpProblem.forbidden('Instance administrator required', 'Only the instance administrator reads or changes the instance settings.');
}
