import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { noContentResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { revokeProjectShareLink } from '../../lib/features/sharing/share-links';

/** 204, the link answers 404 at once; 404 when the project has no such link. Again: 204. */
export const revokeShareLink = defineRoute({
  group: 'share-links',
  operation: 'revoke-share-link',
  method: 'DELETE',
  path: '/api/projects/{projectId}/share-links/{linkId}',
  auth: 'signed-in',
  summary: 'Revoke a share link at once (editor)',
  answers: { 204: 'empty', 404: 'problem' },
  access: { role: 'editor' },
  description: 'The link answers 404 at once; revoking again answers 204.',
  example: { as: 'editor', params: { linkId: '{doomedShareLinkId}' }, last: true },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const linkId = pathUuid(pathParameters.linkId, 'Share link');
    await revokeProjectShareLink({ db: runtime.db, profile: runtime.config.profile, now: runtime.now }, { project, linkId, actor: actorOf(caller) });
    return noContentResponse();
  },
});
