import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { shareLinksOfView } from '../../lib/sharing/share-links';

/** GET P/views/{viewId}/share-links (viewer, or a read token): 200 `{items}`, newest first, never a token. */
export const listShareLinks: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const items = await shareLinksOfView({ db: runtime.db, profile: runtime.config.profile, now: runtime.now }, project, pathUuid(pathParameters.viewId, 'View'));
  return jsonResponse(200, { items });
};
