/**
 * The snapshot ID a dry run prints. Nothing is sent, so no server gives one:
 * it is the version 5 UUID of the canonical JSON of the body that would be
 * pushed. The same checkout, scope, limits and rules give the same ID, and
 * any change to what would be pushed gives another (docs/cli.md "Dry run").
 * It is not the ID a real push gets: the server names its snapshots.
 */
import { canonicalJson } from '../lib/core/model/canonical-json';
import { uuidV5 } from '../lib/core/model/uuid-v5';
import type { AgentPushRequest } from './push-request';

/** RFC 9562's URL namespace. */
const urlNamespace = '6ba7b811-9dad-11d1-80b4-00c04fd430c8';

/** The namespace of dry-run snapshot IDs. */
export const dryRunSnapshotNamespace = uuidV5(urlNamespace, 'urn:svc:dry-run-snapshot');

/** @example dryRunSnapshotId(body) // '0c2d…-5…' (a version 5 UUID) */
export function dryRunSnapshotId(body: AgentPushRequest): string {
  return uuidV5(dryRunSnapshotNamespace, canonicalJson(body));
}
