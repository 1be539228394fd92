import { factKinds, type FactKind } from '../../../contracts/scans';
import type { Same } from '../../../contracts/schema-kit';
import type { ModelKind } from '../../core/model/model-records';

/** A fact as a scan stores and proposes it, and the lines that state it: the contract's types (contracts/scans.ts). */
export type { FactEvidence, ScanFact } from '../../../contracts/scans';

// The fact kinds of the contract are the model's kinds, every one of them and no other.
const factKindsAreTheModels: Same<FactKind, ModelKind> = true;
void factKindsAreTheModels;

/** The reference fields of each kind, in the order the model document writes them. */
export const referenceFields: Readonly<Record<ModelKind, readonly string[]>> = Object.freeze({
  element: ['parentId'],
  relationship: ['fromId', 'toId'],
  message: ['producerId', 'consumerIds', 'schemaId'],
  schema: [],
  operation: ['ownerId', 'requestSchemaId', 'responseSchemaId'],
  channel: [],
  subscription: ['channelId', 'consumerId', 'deadLetterChannelId'],
  binding: ['sourceChannelId', 'targetChannelId'],
});

/** Kinds in the order their references can be resolved: a fact only points at kinds before it (the contract's order). */
export const resolutionOrder: readonly ModelKind[] = Object.freeze([...factKinds]);
