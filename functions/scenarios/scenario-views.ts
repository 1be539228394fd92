import { HttpProblem } from '../../lib/platform/http/problem';
import type { IgnoredMember } from '../../lib/core/model/ignored-members';
import { readScenarioDocument, type ReadScenarioOptions, type ScenarioDocument } from '../../lib/core/playback/scenario-document';
import { scenarioLists, type StoredScenario } from '../../lib/features/scenarios/scenario-store';

/** A scenario as the API answers it: the document with `origin` (part 1 "Scenario document"). */
export function scenarioView(stored: StoredScenario) {
  return { ...stored.document, ...scenarioLists(stored.document), id: stored.id, name: stored.name, origin: stored.origin };
}

/**
 * Reads a body as a scenario document: 400 `invalid_scenario` or
 * `validation_error` (with the JSON path) otherwise. `ignored` lists the
 * members no field reads; the create and replace answers carry it, the
 * stored document never does.
 */
export function readScenarioBody(body: unknown, options: ReadScenarioOptions): { document: ScenarioDocument; ignored: IgnoredMember[] } {
  const read = readScenarioDocument(body, options);
  if (!read.ok) {
    const first = read.errors[0];
    throw new HttpProblem(400, read.type, read.title, { detail: first ? `${first.field}: ${first.message}` : null, errors: read.errors });
  }
  const { origin: _origin, ...document } = read.scenario;
  return { document: document as ScenarioDocument, ignored: read.ignored };
}
