import type { Provenance } from '../../core/model/model-records';

/** Longest `provenance.source` (part 1 "Limits"). */
const maxSourceCharacters = 2000;

/** Who made a proposal, for `provenance.source` and a scenario's `origin`: the provider and model, or null when a person submitted it. */
export interface ProposalMaker {
  providerId: string;
  providerKind: string;
  model: string;
  callId: string;
}

/**
 * `provenance.source` of what a proposal writes: names the proposal and the
 * provider and model that made it (docs/ai-proposals.md "Provenance"), e.g.
 * `ai-proposal:<id> openai gpt-4.1`, or `ai-proposal:<id> submitted` without AI.
 */
export function proposalProvenanceSource(proposalId: string, maker: ProposalMaker | null): string {
  const by = maker === null ? 'submitted' : `${maker.providerKind} ${maker.model}`;
  return `ai-proposal:${proposalId} ${by}`.slice(0, maxSourceCharacters);
}

/** Provenance naming the proposal; `confidence` for an inferred fact, null for a declared one. */
export function proposalProvenance(source: string, confidence: number | null, accepted: { by: string; at: string } | null = null): Provenance {
  return { source, revision: null, confidence, acceptedBy: accepted?.by ?? null, acceptedAt: accepted?.at ?? null };
}
