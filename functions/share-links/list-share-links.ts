import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { shareLinksList } from '../../contracts/views';
import { shareLinksOfView } from '../../lib/features/sharing/share-links';
import { viewParams } from './share-link-schema';

/** Viewer, or a read token: 200 `{items}`, newest first, never a token. */
export const listShareLinks = defineRoute({
  group: 'share-links',
  operation: 'list-share-links',
  method: 'GET',
  path: '/api/projects/{projectId}/views/{viewId}/share-links',
  auth: 'signed-in',
  summary: 'Share links of a view with their status, never the token (viewer)',
  params: viewParams,
  answers: { 200: shareLinksList, 404: 'problem' },
  access: { role: 'viewer' },
  example: { as: 'readToken' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
    const items = await shareLinksOfView({ db: runtime.db, profile: runtime.config.profile, now: runtime.now }, project, pathUuid(pathParameters.viewId, 'View'));
    return jsonResponse(200, { items });
  },
});
