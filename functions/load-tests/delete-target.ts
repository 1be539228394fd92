import { authorizeProject } from '../../lib/auth/access-policy';
import { noContentResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { removeTarget } from '../../lib/load-tests/targets';
import { loadTestContext } from './load-test-context';

/** DELETE P/load-tests/targets/{targetId} (editor): 204; its scripts, results and stress runs go with it. */
export const deleteLoadTestTarget: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  await removeTarget(loadTestContext(runtime), { project, targetId: pathUuid(pathParameters.targetId, 'Load-test target') });
  return noContentResponse();
};
