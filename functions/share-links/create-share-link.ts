import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { createShareLink as makeLink } from '../../lib/sharing/share-links';
import { shareLinkUrl } from '../../lib/sharing/share-token';
import { createShareLinkRequest } from './share-link-inputs';

/**
 * POST P/views/{viewId}/share-links (editor, a person as for view edits):
 * 201 the link with `token` and `url` (`/s/{token}`, absolute when
 * Svc__PublicUrl is set), shown this once; 409 `share_link_not_allowed` when
 * the policy is off, 400 on `password` when it asks for one.
 */
export const createShareLink: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
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
};
