/**
 * What a new proposal is made against, read in one repeatable-read
 * transaction: the stream (main or a branch) with its version and records,
 * the scenario it revises with its fingerprint, and the selection checked
 * against the stream.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { FieldError } from '../../platform/errors/error-codes';
import { NotFoundError, ValidationError } from '../../platform/errors/service-error';
import type { ModelSnapshot } from '../../core/model/model-records';
import { loadModelSnapshot, schemaIdsOwnedElsewhere } from '../../core/model/model-store';
import { branchOrMain, type ModelStream } from '../../core/model/stream-store';
import { scenarioFingerprints } from '../scenarios/scenario-fingerprints';
import { findScenario, type StoredScenario } from '../scenarios/scenario-store';

export interface ProposalContext {
  stream: ModelStream;
  model: ModelSnapshot;
  revise: { scenario: StoredScenario; hash: string } | null;
}

export interface ProposalContextRequest {
  projectId: string;
  branchId: string | null;
  reviseScenarioId: string | null;
  selection: readonly string[] | null;
  /** How an unknown branch answers: 404, or 400 on `branchId` (an endpoint whose table lists no 404). */
  missingAs: 'not-found' | 'invalid';
}

/** Reads the context; 404 (or 400) for a branch or a revised scenario the project does not have, 400 for a selection naming no element of the stream. */
export async function readProposalContext(db: Kysely<Database>, request: ProposalContextRequest): Promise<ProposalContext> {
  const context = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      let stream: ModelStream;
      try {
        stream = await branchOrMain(trx, request.projectId, request.branchId);
      } catch (error) {
        if (request.missingAs === 'invalid' && request.branchId !== null) throw new ValidationError('Branch not found', [{ field: 'branchId', message: 'names no branch of this project' }]);
        throw error;
      }
      const model = await loadModelSnapshot(trx, stream.id);
      if (request.reviseScenarioId === null) return { stream, model, revise: null };
      const scenario = await findScenario(trx, request.projectId, request.reviseScenarioId);
      if (!scenario) throw new NotFoundError('Scenario not found', `No scenario ${request.reviseScenarioId} to revise in this project.`);
      const hash = (await scenarioFingerprints(trx, request.projectId, [scenario.id])).get(scenario.id)!;
      return { stream, model, revise: { scenario, hash } };
    });
  const unknown: FieldError[] = (request.selection ?? []).flatMap((id, index) => (context.model.element.has(id) ? [] : [{ field: `selection[${index}]`, message: 'names no element of the model' }]));
  if (unknown.length > 0) throw new ValidationError('Unknown selection', unknown);
  return context;
}

/** Schema IDs of another project among `ids` (import rule 9), read outside the context's transaction. */
export function foreignSchemaIds(db: Kysely<Database>, projectId: string, ids: readonly string[]): Promise<Set<string>> {
  return schemaIdsOwnedElsewhere(db, projectId, ids);
}
