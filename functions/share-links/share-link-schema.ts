import { z } from 'zod';
import { describes, guid, timestamp } from '../../contracts/schema-kit';
import { shareLinkStatuses } from '../../lib/features/sharing/share-link-rules';
import type { ShareLinkAnswer } from '../../lib/features/sharing/share-links';

export const shareLinkSchema = describes<ShareLinkAnswer>()(
  z
    .object({
      id: guid,
      viewId: guid,
      hasPassword: z.boolean(),
      expiresAt: timestamp.nullable(),
      revokedAt: timestamp.nullable(),
      createdAt: timestamp,
      createdBy: z.string().nullable(),
      status: z.enum(shareLinkStatuses).meta({ description: 'From the sharing policy in force now: a link the policy does not allow is `blocked`.' }),
    })
    .meta({ id: 'ShareLink' }),
);

/** The path parameters of a view's share links. */
export const viewParams = z.object({ projectId: z.string(), viewId: z.string() });
