import { isDeepStrictEqual } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { NotFoundError, ValidationError } from '../../platform/errors/service-error';
import type { AnyModelRecord, FactFields, FactStatus, ModelKind, Provenance } from './model-records';
import { commitModelChange, readModelRecord } from './model-store';
import { lockStream } from './stream-store';

/** How a person's decision moves a fact (docs/decisions.md "Facts"). */
export type FactDecision = { type: 'accept'; acceptedBy: string } | { type: 'mark-unknown' };

/** The fact label the facts endpoints answer (contracts/model.ts). */
import type { FactLabel } from '../../../contracts/model';

export type { FactLabel };

const emptyProvenance: Provenance = { source: null, revision: null, confidence: null, acceptedBy: null, acceptedAt: null };

/**
 * Accepting vouches for a fact: `inferred` and `unknown` become `declared`;
 * `observed-in-source` and `measured` keep their label, which their evidence
 * carries. Either way provenance records who accepted it and when; a stale
 * mark stays (only a scan that finds the evidence again clears it).
 * Marking unknown sets `unknown` and clears the acceptance.
 */
export function decideFact(fact: FactFields, decision: FactDecision, now: Date): Pick<FactFields, 'factStatus' | 'provenance'> {
  if (decision.type === 'accept') {
    const factStatus: FactStatus = fact.factStatus === 'inferred' || fact.factStatus === 'unknown' ? 'declared' : fact.factStatus;
    return { factStatus, provenance: { ...(fact.provenance ?? emptyProvenance), acceptedBy: decision.acceptedBy, acceptedAt: now.toISOString() } };
  }
  const provenance = fact.provenance ? { ...fact.provenance, acceptedBy: null, acceptedAt: null } : null;
  return { factStatus: 'unknown', provenance };
}

/** Applies a decision to one fact of a stream as a committed change. */
export async function labelFact(db: Kysely<Database>, input: { streamId: string; kind: ModelKind; id: string; decision: FactDecision; actor: string; now: Date }): Promise<FactLabel> {
  if (input.kind === 'schema') throw new ValidationError('Schemas carry no fact label', [{ field: 'entityType', message: 'a schema has no fact label' }]);
  return db.transaction().execute(async (trx) => {
    const version = await lockStream(trx, input.streamId);
    // A decision touches the label of one record, which no rule of another record reads: only that record is read.
    const record = (await readModelRecord(trx, input.streamId, input.kind, input.id)) as (AnyModelRecord & FactFields) | undefined;
    if (!record) throw new NotFoundError(`${input.kind} not found`);
    const next = { ...record, ...decideFact(record, input.decision, input.now) } as AnyModelRecord & FactFields;
    // "modelVersion rising by one per committed change": marking unknown what already is unknown changes nothing.
    if (isDeepStrictEqual(next, record)) {
      return { entityType: input.kind, entityId: input.id, factStatus: record.factStatus, provenance: record.provenance, stale: record.stale, modelVersion: version };
    }
    const modelVersion = await commitModelChange(trx, {
      streamId: input.streamId,
      fromVersion: version,
      writes: [{ kind: input.kind, record: next, change: 'changed' }],
      deletes: [],
      actor: input.actor,
      at: input.now,
      summary: `${input.decision.type} ${input.kind} ${input.id}`,
    });
    return { entityType: input.kind, entityId: input.id, factStatus: next.factStatus, provenance: next.provenance, stale: next.stale, modelVersion };
  });
}
