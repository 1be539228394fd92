import { z } from 'zod';
import type { GroupContracts } from '../../lib/openapi/route-contract';
import type { ShareLinkAnswer } from '../../lib/sharing/share-links';
import { shareLinkStatuses } from '../../lib/sharing/share-link-rules';
import { describes, guid, listOf, timestamp } from '../../lib/openapi/schema-kit';
import { createShareLinkRequest } from './share-link-inputs';

const shareLinkSchema = describes<ShareLinkAnswer>()(
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
const viewParams = z.object({ projectId: z.string(), viewId: z.string() });

export const contracts: GroupContracts = {
  'list-share-links': { params: viewParams, responses: { 200: listOf(shareLinkSchema), 404: 'problem' }, access: { role: 'viewer' }, example: { as: 'readToken' } },
  'create-share-link': {
    params: viewParams,
    body: createShareLinkRequest,
    responses: {
      201: shareLinkSchema.extend({ token: z.string().meta({ description: 'Shown this once.' }), url: z.string().meta({ description: '`/s/{token}`, absolute when the public URL is set.' }) }),
      400: 'problem',
      404: 'problem',
      409: 'problem',
    },
    access: { role: 'editor', note: 'A person. 409 `share_link_not_allowed` when sharing.linkPolicy is off; 400 on `password` when the policy asks for one.' },
    example: { as: 'editor', body: { password: null, expiresAt: '2099-01-01T00:00:00Z' } },
  },
  'revoke-share-link': {
    responses: { 204: 'empty', 404: 'problem' },
    access: { role: 'editor' },
    description: 'The link answers 404 at once; revoking again answers 204.',
    example: { as: 'editor', params: { linkId: '{doomedShareLinkId}' }, last: true },
  },
};
