import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../core/playback/playback-types';
import { scenarioRunChange } from './scenario-run-changes';

const hashA = 'a'.repeat(64);
const hashB = 'b'.repeat(64);
const run = (over: Partial<RunResult>): RunResult => ({ engineVersion: 1, hash: hashA, modelVersion: 1, issues: [], events: [], outcomes: [], assertions: [], labels: {}, ...over });
const scenario = { id: '00000000-0000-4000-8000-000000000001', name: 'Checkout' };
const issue = (code: RunResult['issues'][number]['code'], stepId: string | null = 'call') => ({ stepId, code, message: `${code} at ${stepId}` });

describe('how a scenario run on a branch differs from main', () => {
  it('is nothing when the hash, the assertions and the issues agree, whatever the model versions', () => {
    const assertions = [{ id: 'ok', passed: true, detail: 'held' }];
    expect(scenarioRunChange(scenario, run({ assertions }), run({ assertions, modelVersion: 9 }))).toBeNull();
  });

  it('names an assertion that passes on main and fails on the branch, and one only the branch has', () => {
    const change = scenarioRunChange(
      scenario,
      run({ assertions: [{ id: 'a', passed: true, detail: 'main' }, { id: 'b', passed: true, detail: 'same' }] }),
      run({ hash: hashB, assertions: [{ id: 'a', passed: false, detail: 'branch' }, { id: 'b', passed: true, detail: 'same' }, { id: 'c', passed: true, detail: 'new' }] }),
    );
    expect(change).toMatchObject({ hashChanged: true, main: { assertionsPassed: 2, assertionsFailed: 0 }, branch: { assertionsPassed: 2, assertionsFailed: 1 } });
    expect(change?.assertions).toEqual([
      { id: 'a', main: true, branch: false, detail: 'branch' },
      { id: 'c', main: null, branch: true, detail: 'new' },
    ]);
  });

  it('counts issues added and removed, a repeated issue as often as it differs', () => {
    const change = scenarioRunChange(scenario, run({ issues: [issue('unknown-operation'), issue('unknown-step', 'x')] }), run({ issues: [issue('unknown-operation'), issue('unknown-operation'), issue('missing-payload')] }));
    expect(change?.issuesAdded).toEqual([issue('unknown-operation'), issue('missing-payload')]);
    expect(change?.issuesRemoved).toEqual([issue('unknown-step', 'x')]);
    expect(change?.hashChanged).toBe(false);
  });

  it('lists a run whose trace alone changed', () => {
    expect(scenarioRunChange(scenario, run({}), run({ hash: hashB }))).toMatchObject({ hashChanged: true, assertions: [], issuesAdded: [], issuesRemoved: [] });
  });
});
