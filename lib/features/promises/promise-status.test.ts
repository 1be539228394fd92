import { describe, expect, it } from 'vitest';
import { resolveObligations } from './promise-commands';
import { promiseContentHash, type Obligation, type PromiseRecord, type PromiseRevision, type PromiseRun } from './promise-records';
import { evidenceStatusOf, missingLinksOf, needsReviewOf, runView, type PromiseInputs } from './promise-status';

const guid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

function obligation(n: number, fields: Partial<Obligation> = {}): Obligation {
  return { id: guid(100 + n), key: `O${n}`, kind: 'scenario-check', title: `O${n}`, recipe: { scenarioId: guid(200 + n) }, source: 'manual', addedBy: 'user:a', lastChangedBy: 'user:a', ...fields };
}

function revision(fields: Partial<PromiseRevision> = {}): PromiseRevision {
  return { revision: 1, status: 'in-force', title: 'T', text: '', links: [], obligations: [obligation(1), obligation(2)], contentHash: 'sha256:x', lastChangedBy: 'user:a', lastChangedAt: '2025-01-01T00:00:00.000Z', approvedBy: 'user:a', approvedAt: '2025-01-01T00:00:00.000Z', ...fields };
}

let seq = 0;
function run(obligationN: number, fields: Partial<PromiseRun> = {}): PromiseRun {
  seq += 1;
  return {
    id: guid(1000 + seq),
    seq: String(seq),
    promiseId: guid(1),
    obligationId: guid(100 + obligationN),
    promiseRevision: 1,
    result: 'passed',
    scope: 'model:main',
    environment: 'playback',
    modelRevision: 7,
    commitSha: null,
    evidence: [],
    limitations: [],
    detail: '',
    inputs: { scenarioId: guid(200 + obligationN), scenarioHash: 'sha256:s', modelVersion: 7 },
    assertions: [],
    draft: false,
    startedBy: 'user:a',
    actor: 'service:playback-engine',
    at: '2025-01-01T00:00:00.000Z',
    ...fields,
  };
}

const inputs: PromiseInputs = { mainVersion: 7, existingElementIds: new Set([guid(300)]), scenarioFingerprints: new Map([[guid(201), 'sha256:s'], [guid(202), 'sha256:s']]) };

describe('promise status', () => {
  it('counts the latest run of each obligation for exactly this revision; a moved input makes it stale', () => {
    const runs = [
      run(1, { result: 'failed' }),
      run(1, { result: 'passed' }),
      run(1, { result: 'failed', draft: true }),
      run(1, { result: 'failed', promiseRevision: 2 }),
      run(2, { result: 'passed', modelRevision: 6 }),
    ];
    const status = evidenceStatusOf(revision(), runs, inputs);
    expect(status.counts).toEqual({ passed: 1, failed: 0, notRun: 0, unsupported: 0, stale: 1 });
    expect(status.obligations.map((o) => [o.key, o.result, o.current, o.stale])).toEqual([
      ['O1', 'passed', true, false],
      ['O2', 'passed', false, true],
    ]);
    expect(status.gaps).toEqual([{ obligationId: guid(102), key: 'O2', reason: 'stale' }]);
  });

  it('a changed or deleted scenario makes its run stale; a run of another revision is not current', () => {
    const promise: PromiseRecord = { id: guid(1), projectId: guid(2), requirementNumber: 1, origin: 'manual', createdBy: 'user:a', createdAt: '', updatedAt: '', latestRevision: 2, inForce: revision({ revision: 2 }), draft: null };
    const changed = { ...inputs, scenarioFingerprints: new Map([[guid(201), 'sha256:other']]) };
    expect(runView(promise, run(1, { promiseRevision: 2 }), changed)).toMatchObject({ stale: true, current: false });
    expect(runView(promise, run(2, { promiseRevision: 2 }), changed)).toMatchObject({ stale: true, current: false });
    expect(runView(promise, run(1, { promiseRevision: 2 }), inputs)).toMatchObject({ stale: false, current: true });
    expect(runView(promise, run(1, { promiseRevision: 1 }), inputs)).toMatchObject({ stale: false, current: false });
    expect(runView(promise, run(1, { modelRevision: null, inputs: {}, result: 'unsupported', promiseRevision: 2 }), { ...inputs, mainVersion: 99 })).toMatchObject({ stale: false, current: true });
  });

  it('a revision without runs or obligations has gaps; missing links make a promise need review', () => {
    expect(evidenceStatusOf(revision(), [], inputs).gaps.map((g) => g.reason)).toEqual(['never-run', 'never-run']);
    expect(evidenceStatusOf(revision({ obligations: [] }), [], inputs).gaps).toEqual([{ obligationId: null, key: null, reason: 'no-obligations' }]);
    const promise: PromiseRecord = {
      id: guid(1), projectId: guid(2), requirementNumber: 1, origin: 'manual', createdBy: 'user:a', createdAt: '', updatedAt: '', latestRevision: 1,
      inForce: revision({ links: [{ kind: 'element', id: guid(300) }, { kind: 'element', id: guid(301) }], obligations: [obligation(1), obligation(3)] }),
      draft: null,
    };
    expect(missingLinksOf(promise, inputs)).toEqual([
      { kind: 'element', id: guid(301), revision: 1, namedBy: 'links' },
      { kind: 'scenario', id: guid(203), revision: 1, namedBy: 'O3' },
    ]);
    expect(needsReviewOf(promise, inputs)).toBe(true);
    expect(needsReviewOf({ ...promise, inForce: revision() }, inputs)).toBe(false);
  });

  it('the content hash ignores link order, recipe key order and who changed it, and follows every content change', () => {
    const base = { title: 'T', text: 'x', links: [{ kind: 'element' as const, id: guid(1) }, { kind: 'scenario' as const, id: guid(2) }], obligations: [obligation(1, { recipe: { a: 1, b: 2 } })] };
    const hash = promiseContentHash(base);
    expect(hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(promiseContentHash({ ...base, links: [...base.links].reverse(), obligations: [obligation(1, { recipe: { b: 2, a: 1 }, lastChangedBy: 'user:z' })] })).toBe(hash);
    expect(promiseContentHash({ ...base, text: 'y' })).not.toBe(hash);
    expect(promiseContentHash({ ...base, obligations: [obligation(1, { recipe: { a: 1, b: 3 } })] })).not.toBe(hash);
  });

  it('obligation keys are never reused: a new obligation gets the next number even after others were dropped', () => {
    let n = 0;
    const newId = () => guid(500 + ++n);
    const who = { actor: 'user:b', source: 'manual' as const };
    const known = [obligation(1), obligation(2), obligation(3)];
    const resolved = resolveObligations([{ key: 'o3', kind: 'scenario-check', title: 'O3', recipe: { scenarioId: guid(203) } }, { kind: 'manual', title: 'new', recipe: null }], known, 4, who, newId);
    expect(resolved.obligations.map((o) => [o.key, o.id, o.lastChangedBy])).toEqual([
      ['O3', guid(103), 'user:a'],
      ['O4', guid(501), 'user:b'],
    ]);
    expect(resolved.nextNumber).toBe(5);
    expect(() => resolveObligations([{ key: 'O7', kind: 'manual', title: 'x', recipe: null }], known, 4, who, newId)).toThrow(/Invalid request body/);
  });
});
