import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { noContentResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { revokeProjectShareLink } from '../../lib/sharing/share-links';

/** DELETE P/share-links/{linkId} (editor): 204, the link answers 404 at once; 404 when the project has no such link. Again: 204. */
export const revokeShareLink: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const linkId = pathUuid(pathParameters.linkId, 'Share link');
  await revokeProjectShareLink({ db: runtime.db, profile: runtime.config.profile, now: runtime.now }, { project, linkId, actor: actorOf(caller) });
  return noContentResponse();
};
