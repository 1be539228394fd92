/**
 * Deciding many proposals of a scan through `POST …/proposals/decide`: in the
 * order the API resolves references (elements before the relationships that
 * join them), in parts of at most `maxDecideIds`, and, when a part is refused,
 * proposal by proposal so that what can be decided is and each refusal is
 * told in the API's words against the proposal it concerns.
 */
import { resolutionOrder } from '../../../../lib/features/scans/scan-fact';
import type { ModelKind } from '../../../../contracts/model';
import { ApiError } from '../../api/client';
import { type DecideRequest, type DecideResult, maxDecideIds, type Proposal, type ProposedFact } from './sources-api';

export type Choice = 'accept' | 'reject';

export interface DecisionFailure {
  proposal: Proposal;
  reason: string;
}

export interface DecisionOutcome {
  choice: Choice;
  accepted: number;
  rejected: number;
  items: DecideResult['items'];
  failures: DecisionFailure[];
  /** Set when the API asked for `acknowledgeImpact`: nothing past that point was decided. */
  impactRefusal: ApiError | null;
  /** Proposals not tried because the impact was not acknowledged. */
  notTried: number;
}

/** Where a proposal goes in a request: referenced kinds first, removals last (a removal may only go once its referrers have). */
export function decisionRank(p: Proposal): number {
  if (p.action === 'remove') return resolutionOrder.length;
  const rank = resolutionOrder.indexOf(p.entityKind as ModelKind);
  return rank < 0 ? resolutionOrder.length : rank;
}

/** The proposals in decision order, cut into parts the API takes in one request each. */
export function decisionParts(proposals: readonly Proposal[], size = maxDecideIds): Proposal[][] {
  const ordered = [...proposals].sort((a, b) => decisionRank(a) - decisionRank(b) || a.factKey.localeCompare(b.factKey));
  const parts: Proposal[][] = [];
  for (let i = 0; i < ordered.length; i += size) parts.push(ordered.slice(i, i + size));
  return parts;
}

/** "3 elements, 2 relationships": the selection by kind, in decision order. */
export function kindCounts(proposals: readonly Proposal[]): string {
  const counts = new Map<string, number>();
  for (const p of [...proposals].sort((a, b) => decisionRank(a) - decisionRank(b))) counts.set(p.entityKind, (counts.get(p.entityKind) ?? 0) + 1);
  return [...counts].map(([kind, n]) => `${n} ${kind}${n === 1 ? '' : 's'}`).join(', ');
}

/** The name a person knows a proposal by: the fact's name or label, else the record's, else its fact key. */
export function proposalName(p: Proposal): string {
  const fact = p.proposed as ProposedFact | null;
  const current = p.current as Record<string, unknown> | null;
  const name = fact?.fields?.name ?? fact?.fields?.label ?? current?.name ?? current?.label;
  return typeof name === 'string' && name !== '' ? name : p.factKey;
}

function inWords(error: unknown): string {
  if (!(error instanceof ApiError)) return String(error);
  const { title, detail, errors } = error.problem;
  const fields = errors.map((e) => `${e.field} ${e.message}`);
  return [title, detail, ...fields].filter(Boolean).join(': ');
}

const asksForAcknowledgement = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 409 && error.fieldMessage('acknowledgeImpact') !== undefined;

/**
 * Accepts or rejects `proposals` part by part. `decide` is the API call;
 * `onPart` reports progress (part number, parts in all).
 */
export async function decideMany(
  proposals: readonly Proposal[],
  choice: Choice,
  acknowledgeImpact: boolean,
  decide: (body: DecideRequest) => Promise<DecideResult>,
  onPart: (part: number, parts: number) => void = () => undefined,
): Promise<DecisionOutcome> {
  const outcome: DecisionOutcome = { choice, accepted: 0, rejected: 0, items: [], failures: [], impactRefusal: null, notTried: 0 };
  const body = (ids: string[]): DecideRequest => ({ accept: choice === 'accept' ? ids : null, reject: choice === 'reject' ? ids : null, acknowledgeImpact });
  const record = (result: DecideResult) => {
    outcome.accepted += result.accepted;
    outcome.rejected += result.rejected;
    outcome.items.push(...result.items);
  };
  const parts = decisionParts(proposals);
  for (const [index, part] of parts.entries()) {
    onPart(index + 1, parts.length);
    try {
      record(await decide(body(part.map((p) => p.id))));
      continue;
    } catch (error) {
      if (asksForAcknowledgement(error)) {
        outcome.impactRefusal = error;
        outcome.notTried = parts.slice(index).reduce((n, rest) => n + rest.length, 0);
        return outcome;
      }
      if (part.length === 1) {
        outcome.failures.push({ proposal: part[0]!, reason: inWords(error) });
        continue;
      }
    }
    // One refusal stops a whole request; one by one, the rest still go and each refusal names its proposal.
    for (const [at, p] of part.entries()) {
      try {
        record(await decide(body([p.id])));
      } catch (error) {
        if (asksForAcknowledgement(error)) {
          outcome.impactRefusal = error;
          outcome.notTried = part.length - at + parts.slice(index + 1).reduce((n, rest) => n + rest.length, 0);
          return outcome;
        }
        outcome.failures.push({ proposal: p, reason: inWords(error) });
      }
    }
  }
  return outcome;
}
