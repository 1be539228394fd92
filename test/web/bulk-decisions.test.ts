import { describe, expect, it } from 'vitest';
import { ApiError, type Problem } from '../../web/src/api/client';
import { decideMany, decisionParts, kindCounts } from '../../web/src/screens/sources/bulk-decisions';
import type { DecideRequest, DecideResult, Proposal } from '../../web/src/screens/sources/sources-api';

/** The rules behind deciding many proposals from the scan page: order, parts, and what a refusal leaves decided. */

const proposal = (id: string, entityKind: string, name: string, action: Proposal['action'] = 'add'): Proposal => ({
  id,
  scanId: 'scan',
  factKey: `${entityKind}:${name}`,
  action,
  entityKind,
  entityId: null,
  status: 'pending',
  proposed: action === 'remove' ? null : { key: `${entityKind}:${name}`, kind: entityKind, factStatus: 'observed-in-source', confidence: null, evidence: [], fields: { name }, refs: {} },
  current: null,
  decidedBy: null,
  decidedAt: null,
});

const refusal = (problem: Partial<Problem>) => new ApiError({ type: 'conflict', title: 'Refused', detail: null, status: 409, errors: [], ...problem });

/** A decide endpoint that accepts everything but the IDs in `refuse`, which refuse the whole request. */
function fakeDecide(refuse: Map<string, ApiError>) {
  const calls: DecideRequest[] = [];
  const decide = async (body: DecideRequest): Promise<DecideResult> => {
    calls.push(body);
    const ids = [...(body.accept ?? []), ...(body.reject ?? [])];
    const refused = ids.find((id) => refuse.has(id));
    if (refused) throw refuse.get(refused)!;
    return {
      modelVersion: 1,
      accepted: body.accept?.length ?? 0,
      rejected: body.reject?.length ?? 0,
      items: ids.map((id) => ({ proposalId: id, status: body.accept?.includes(id) ? ('accepted' as const) : ('rejected' as const), entityId: null })),
    };
  };
  return { calls, decide };
}

describe('deciding many proposals', () => {
  const calls = proposal('r1', 'relationship', 'web->orders');
  const orders = proposal('e1', 'element', 'orders');
  const web = proposal('e2', 'element', 'web');
  const gone = proposal('x1', 'element', 'legacy', 'remove');
  const placeOrder = proposal('o1', 'operation', 'PlaceOrder');

  it('sends elements before what refers to them and removals last, in one request when it fits', async () => {
    const api = fakeDecide(new Map());
    const outcome = await decideMany([gone, calls, placeOrder, web, orders], 'accept', false, api.decide);
    expect(api.calls).toEqual([{ accept: ['e1', 'e2', 'o1', 'r1', 'x1'], reject: null, acknowledgeImpact: false }]);
    expect(outcome).toMatchObject({ accepted: 5, rejected: 0, failures: [], impactRefusal: null });
  });

  it('cuts a selection larger than the API takes into parts, in the same order', () => {
    const many = Array.from({ length: 5 }, (_, i) => proposal(`r${i}`, 'relationship', `r${i}`)).concat([orders, web]);
    const parts = decisionParts(many, 3);
    expect(parts.map((part) => part.map((p) => p.id))).toEqual([['e1', 'e2', 'r0'], ['r1', 'r2', 'r3'], ['r4']]);
    expect(kindCounts(many)).toBe('2 elements, 5 relationships');
  });

  it('after a refused request decides the rest one by one and names the refused proposal in words', async () => {
    const missing = refusal({ title: 'Accept what these facts refer to', detail: 'The accepted facts refer to facts that are neither in the model nor accepted now: element:app:billing.' });
    const api = fakeDecide(new Map([['r1', missing]]));
    const outcome = await decideMany([calls, orders, web], 'accept', false, api.decide);
    expect(api.calls.map((c) => c.accept)).toEqual([['e1', 'e2', 'r1'], ['e1'], ['e2'], ['r1']]);
    expect(outcome.accepted).toBe(2);
    expect(outcome.failures).toEqual([{ proposal: calls, reason: 'Accept what these facts refer to: The accepted facts refer to facts that are neither in the model nor accepted now: element:app:billing.' }]);
  });

  it('stops when the API asks for the impact to be acknowledged and says how many were not sent', async () => {
    const impact = refusal({ title: 'Acknowledge the impact', errors: [{ field: 'acknowledgeImpact', message: 'must be true: the decision has impact' }] });
    const api = fakeDecide(new Map([['e1', impact]]));
    const outcome = await decideMany([calls, orders, web], 'accept', false, api.decide);
    expect(api.calls).toHaveLength(1);
    expect(outcome).toMatchObject({ accepted: 0, failures: [], notTried: 3 });
    expect(outcome.impactRefusal).toBe(impact);
  });

  it('rejects in the reject list', async () => {
    const api = fakeDecide(new Map());
    const outcome = await decideMany([orders, calls], 'reject', false, api.decide);
    expect(api.calls).toEqual([{ accept: null, reject: ['e1', 'r1'], acknowledgeImpact: false }]);
    expect(outcome).toMatchObject({ accepted: 0, rejected: 2 });
  });
});
