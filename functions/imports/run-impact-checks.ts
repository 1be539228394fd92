import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { impactChecks } from '../../lib/scans/impact-checks';
import { scanOfProject } from './scan-of-project';

/** POST P/imports/{importId}/impact/checks (editor): 200 `{scanId, scenarios[{scenarioId, name, flipped, …}]}`; writes nothing; 403; 404; 409 scan not completed. */
export const runImpactChecks: Operation = async ({ runtime, caller, pathParameters }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const scan = await scanOfProject(runtime.db, project.id, pathUuid(pathParameters.importId, 'Scan'));
  if (scan.state !== 'completed') throw HttpProblem.conflict('Scan not completed', `The scan is ${scan.state}; its proposals can be checked once it completed.`);
  return jsonResponse(200, await impactChecks(runtime.db, { projectId: project.id, scanId: scan.id, actor: actorOf(caller), now: runtime.now() }));
};
