import type { Branch } from '../../../contracts/streams';
import type { ModelStream } from '../../core/model/stream-store';

/** A revision as the API shows it: `{id, name, modelVersion, createdAt}` (DECISIONS.md section 2). */
export function revisionView(stream: ModelStream) {
  return { id: stream.id, name: stream.name, modelVersion: stream.modelVersion, createdAt: stream.createdAt };
}

/** A branch as the API shows it; `baseVersion` is the main version it was copied from. */
export function branchView(stream: ModelStream): Branch {
  return {
    id: stream.id,
    name: stream.name,
    kind: stream.kind as Branch['kind'],
    baseVersion: stream.baseVersion,
    modelVersion: stream.modelVersion,
    createdAt: stream.createdAt,
    baseKept: stream.baseKept,
    merged: stream.merged,
  };
}
