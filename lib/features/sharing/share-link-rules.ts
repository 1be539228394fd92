/**
 * The sharing policy (part 2 "sharing.linkPolicy", "States and transitions":
 * a link the policy does not allow has status `blocked` and answers 404).
 * Pure: the status is computed on every read from the policy in force now, so
 * a policy change moves links between `active` and `blocked` both ways.
 */
import type { ShareLinkStatus } from '../../../contracts/views';

export const linkPolicies = ['off', 'password-only', 'public'] as const;
export type LinkPolicy = (typeof linkPolicies)[number];

export { shareLinkStatuses, type ShareLinkStatus } from '../../../contracts/views';

/** Whether the policy lets a link with or without password answer (and be made). */
export function linkPolicyAllows(policy: LinkPolicy, hasPassword: boolean): boolean {
  switch (policy) {
    case 'off':
      return false;
    case 'password-only':
      return hasPassword;
    case 'public':
      return true;
  }
}

/** What a status needs to know of a link. */
export interface ShareLinkState {
  hasPassword: boolean;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/**
 * A link's status now. Revoked and expired are for good, so they win over
 * `blocked`, which a policy change can undo. A link expires at its
 * `expiresAt` (the instant itself no longer answers).
 */
export function shareLinkStatus(link: ShareLinkState, policy: LinkPolicy, now: Date): ShareLinkStatus {
  if (link.revokedAt !== null) return 'revoked';
  if (link.expiresAt !== null && link.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (!linkPolicyAllows(policy, link.hasPassword)) return 'blocked';
  return 'active';
}
