import type { ModelKind } from '../../core/model/model-records';

/** Lines of a file that state a fact (1-based, inclusive). */
export interface FactEvidence {
  path: string;
  startLine: number;
  endLine: number;
}

/**
 * A fact as a scan stores and proposes it: the model-document fields it
 * states (no ID, no references), and its references to other facts by key.
 */
export interface ScanFact {
  key: string;
  kind: ModelKind;
  factStatus: 'observed-in-source' | 'inferred' | 'measured';
  confidence: number | null;
  evidence: FactEvidence[];
  /** Model-document fields the source states, e.g. `{ kind: 'app', name: 'orders', technology: 'Node.js' }`. */
  fields: Record<string, unknown>;
  /** Reference fields by the key of the fact they point at, e.g. `{ fromId: 'element:app:orders' }`; a list field holds keys. */
  refs: Record<string, string | string[] | null>;
}

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

/** Kinds in the order their references can be resolved: a fact only points at kinds before it. */
export const resolutionOrder: readonly ModelKind[] = Object.freeze(['element', 'schema', 'channel', 'message', 'operation', 'relationship', 'subscription', 'binding']);
