/**
 * Views of a project with their saved positions, and the share links of a view (docs/sharing.md
 * "The API"): one zod schema per answer, its type made from it; the server answers with these
 * types and the web client reads them.
 */
import { z } from 'zod';
import { guid, listOf, timestamp } from './schema-kit';

/** A saved position of an element in a view. */
export const viewPositionSchema = z.object({ elementId: guid, x: z.number(), y: z.number() });

export type ViewPosition = z.infer<typeof viewPositionSchema>;

/** A view as `GET P/views/{viewId}` answers it; also the create and replace answers. */
export const viewSchema = z
  .object({
    id: guid,
    projectId: guid,
    name: z.string(),
    rootElementId: guid.nullable().meta({ description: 'The element the view shows with its children; null for the whole model.' }),
    positions: z.array(viewPositionSchema),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'View' });

export type View = z.infer<typeof viewSchema>;

/** `GET P/views`: every view, by name then ID. */
export const viewsList = listOf(viewSchema);

/** `PUT P/views/{viewId}/layout`: the positions saved now. */
export const viewLayoutSchema = z.object({ viewId: guid, positions: z.array(viewPositionSchema) });

export type ViewLayout = z.infer<typeof viewLayoutSchema>;

/** A link's status under the sharing policy in force now. */
export const shareLinkStatuses = ['active', 'expired', 'revoked', 'blocked'] as const;
export type ShareLinkStatus = (typeof shareLinkStatuses)[number];

/** A share link as the API answers it: never the token or a hash. */
export const shareLinkSchema = z
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
  .meta({ id: 'ShareLink' });

export type ShareLink = z.infer<typeof shareLinkSchema>;

/** `GET P/views/{viewId}/share-links`: newest first. */
export const shareLinksList = listOf(shareLinkSchema);

/** `POST P/views/{viewId}/share-links`: the link with its token and address, given this once. */
export const createdShareLinkSchema = shareLinkSchema.extend({ token: z.string().meta({ description: 'Shown this once.' }), url: z.string().meta({ description: '`/s/{token}`, absolute when the public URL is set.' }) });

export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>;
