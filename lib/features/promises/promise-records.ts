/**
 * Promises as the API shows them (part 1 "Agent tool endpoint": list_promises,
 * get_promise, list_promise_runs; docs/decisions.md "Promises"). A promise is
 * a requirement of a project with a number (`R<n>`), revisions (one draft and
 * one in force at most) holding obligations keyed O1, O2…, and append-only
 * runs that record a result for exactly the named inputs.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../core/model/canonical-json';
import type { LinkKind, ObligationKind, ObligationSource, PromiseOrigin, RunResultValue } from '../../../contracts/promises';

export { linkKinds, obligationKinds, obligationSources, promiseOrigins, runResults } from '../../../contracts/promises';
export type { LinkKind, ObligationKind, ObligationSource, PromiseOrigin, RunResultValue } from '../../../contracts/promises';

/** What a revision links to: an element of the main model or a scenario of the project. */
export interface PromiseLink {
  kind: LinkKind;
  id: string;
}

export interface Obligation {
  id: string;
  /** O1, O2… per promise; never reused, kept across revisions. */
  key: string;
  kind: ObligationKind;
  title: string;
  /** scenario-check: `{scenarioId}`; other kinds: a JSON object or null. */
  recipe: Record<string, unknown> | null;
  source: ObligationSource;
  /** `user:<id>` or `agent-token:<id>`. */
  addedBy: string;
  lastChangedBy: string;
}

export interface PromiseRevision {
  revision: number;
  status: 'draft' | 'in-force' | 'superseded';
  title: string;
  text: string;
  links: PromiseLink[];
  obligations: Obligation[];
  /** `sha256:` + SHA-256 of the canonical content (promiseContentHash). */
  contentHash: string;
  lastChangedBy: string;
  lastChangedAt: string;
  approvedBy: string | null;
  approvedAt: string | null;
}

/** A promise with the two revisions that matter (older ones are left out). */
export interface PromiseRecord {
  id: string;
  projectId: string;
  requirementNumber: number;
  origin: PromiseOrigin;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  latestRevision: number;
  inForce: PromiseRevision | null;
  draft: PromiseRevision | null;
}

/** One run of an obligation, as stored (append-only). */
export interface PromiseRun {
  id: string;
  /** Append order, for paging newest first. */
  seq: string;
  promiseId: string;
  obligationId: string;
  promiseRevision: number;
  result: RunResultValue;
  /** What the run looked at, e.g. `model:main`. */
  scope: string;
  environment: string | null;
  /** The main model version read; null when the run read no model. */
  modelRevision: number | null;
  commitSha: string | null;
  evidence: unknown[];
  limitations: string[];
  detail: string;
  /** The named inputs the result holds for (e.g. `{scenarioId, scenarioHash, modelVersion}`). */
  inputs: Record<string, unknown>;
  assertions: { id: string; passed: boolean; detail: string }[];
  /** True for a run of a draft revision: it does not count after approval. */
  draft: boolean;
  startedBy: string;
  actor: string;
  at: string;
}

/** `R<n>`: the requirement ID of a number. */
export function requirementIdOf(requirementNumber: number): string {
  return `R${requirementNumber}`;
}

/** `O<n>`: the key of an obligation number. */
export function obligationKeyOf(obligationNumber: number): string {
  return `O${obligationNumber}`;
}

/** The number of a key such as `O2` (any case), or null. */
export function obligationNumberOf(key: string): number | null {
  const match = /^[oO]([1-9][0-9]{0,8})$/.exec(key);
  return match ? Number(match[1]) : null;
}

/** Links in a fixed order (kind, then ID), each once. */
export function canonicalLinks(links: readonly PromiseLink[]): PromiseLink[] {
  const seen = new Set<string>();
  const out: PromiseLink[] = [];
  for (const link of links) {
    const id = link.id.toLowerCase();
    if (seen.has(`${link.kind}:${id}`)) continue;
    seen.add(`${link.kind}:${id}`);
    out.push({ kind: link.kind, id });
  }
  return out.sort((a, b) => (a.kind !== b.kind ? (a.kind < b.kind ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The content hash of a revision: SHA-256 of the canonical JSON of its title,
 * text, links and obligations (ID, key, kind, title, recipe; in key order).
 * Who changed it and when are not content, so they do not move the hash.
 */
export function promiseContentHash(content: { title: string; text: string; links: readonly PromiseLink[]; obligations: readonly Obligation[] }): string {
  const obligations = [...content.obligations]
    .sort((a, b) => (obligationNumberOf(a.key) ?? 0) - (obligationNumberOf(b.key) ?? 0))
    .map((o) => ({ id: o.id, key: o.key, kind: o.kind, title: o.title, recipe: o.recipe }));
  const text = canonicalJson({ title: content.title, text: content.text, links: canonicalLinks(content.links), obligations });
  return `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
}
