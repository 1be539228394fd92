import type { ScenarioRunChange } from '../../../contracts/review';
import type { RunResult } from '../../core/playback/playback-types';

type Issue = RunResult['issues'][number];

const issueKey = (issue: Issue) => JSON.stringify([issue.stepId, issue.code, issue.message]);

/** Issues of `of` that `other` does not have, each as often as it is missing (issues may repeat). */
function issuesOnlyIn(of: readonly Issue[], other: readonly Issue[]): Issue[] {
  const left = new Map<string, number>();
  for (const issue of other) left.set(issueKey(issue), (left.get(issueKey(issue)) ?? 0) + 1);
  const only: Issue[] = [];
  for (const issue of of) {
    const key = issueKey(issue);
    const count = left.get(key) ?? 0;
    if (count > 0) left.set(key, count - 1);
    else only.push(issue);
  }
  return only;
}

function figuresOf(run: RunResult): ScenarioRunChange['main'] {
  const passed = run.assertions.filter((a) => a.passed).length;
  return { hash: run.hash, assertionsPassed: passed, assertionsFailed: run.assertions.length - passed, issueCount: run.issues.length };
}

/** Assertions whose result differs between the runs, in the order main lists them, then the branch's own. */
function changedAssertions(main: RunResult, branch: RunResult): ScenarioRunChange['assertions'] {
  const onBranch = new Map(branch.assertions.map((a) => [a.id, a]));
  const onMain = new Set(main.assertions.map((a) => a.id));
  const changed: ScenarioRunChange['assertions'] = [];
  for (const m of main.assertions) {
    const b = onBranch.get(m.id);
    if (b?.passed !== m.passed) changed.push({ id: m.id, main: m.passed, branch: b?.passed ?? null, detail: b?.detail ?? m.detail });
  }
  for (const b of branch.assertions) if (!onMain.has(b.id)) changed.push({ id: b.id, main: null, branch: b.passed, detail: b.detail });
  return changed;
}

/**
 * How a scenario's run on a branch differs from its run on main: assertions that pass on one side
 * and not on the other, validation issues added or removed, a changed trace hash. Null when the
 * two runs agree on all three. Pure.
 */
export function scenarioRunChange(scenario: { id: string; name: string }, main: RunResult, branch: RunResult): ScenarioRunChange | null {
  const assertions = changedAssertions(main, branch);
  const issuesAdded = issuesOnlyIn(branch.issues, main.issues);
  const issuesRemoved = issuesOnlyIn(main.issues, branch.issues);
  const hashChanged = main.hash !== branch.hash;
  if (!hashChanged && assertions.length === 0 && issuesAdded.length === 0 && issuesRemoved.length === 0) return null;
  return { scenarioId: scenario.id, name: scenario.name, main: figuresOf(main), branch: figuresOf(branch), hashChanged, assertions, issuesAdded, issuesRemoved };
}
