import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { createShareLink as makeLink } from '../../lib/features/sharing/share-links';
import { shareLinkUrl } from '../../lib/features/sharing/share-token';
import { createdShareLinkSchema } from '../../contracts/views';
import { createShareLinkRequest } from './share-link-inputs';
import { viewParams } from './share-link-schema';

/**
 * Editor, a person as for view edits: 201 the link with `token` and `url`
 * (`/s/{token}`, absolute when Svc__PublicUrl is set), shown this once; 409
 * `share_link_not_allowed` when the policy is off, 400 on `password` when it
 * asks for one.
 */
export const createShareLink = defineRoute({
  group: 'share-links',
  operation: 'create-share-link',
  method: 'POST',
  path: '/api/projects/{projectId}/views/{viewId}/share-links',
  auth: 'signed-in',
  summary: 'Create a share link; the token is shown once (editor)',
  params: viewParams,
  body: createShareLinkRequest,
  answers: {
    201: createdShareLinkSchema,
    400: 'problem',
    404: 'problem',
    409: 'problem',
  },
  access: { role: 'editor', note: 'A person. 409 `share_link_not_allowed` when sharing.linkPolicy is off; 400 on `password` when the policy asks for one.' },
  example: { as: 'editor', body: { password: null, expiresAt: '2099-01-01T00:00:00Z' } },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    // authorizeProject lets no agent token write without a scope, so the caller is a person here.
    if (caller.kind !== 'person') throw HttpProblem.forbidden();
    const viewId = pathUuid(pathParameters.viewId, 'View');
    const input = parseBody(createShareLinkRequest, body ?? {});
    const expiresAt = input.expiresAt === null ? null : new Date(input.expiresAt);
    if (expiresAt !== null && expiresAt.getTime() <= runtime.now().getTime()) {
      throw HttpProblem.validation('Invalid request body', [{ field: 'expiresAt', message: 'must be in the future' }]);
    }
    const { link, token } = await makeLink(
      { db: runtime.db, profile: runtime.config.profile, now: runtime.now },
      { project, viewId, password: input.password, expiresAt, createdBy: caller.userId, actor: actorOf(caller) },
    );
    return jsonResponse(201, { ...link, token, url: shareLinkUrl(runtime.config.publicUrl, token) });
  },
});
