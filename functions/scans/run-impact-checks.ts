import { impactChecksSchema } from '../../contracts/scans';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { impactChecks } from '../../lib/features/scans/impact-checks';
import { scanOfProject } from '../../lib/features/scans/scan-store';
import { scanParams } from './scan-params';

/** Writes nothing; 409 until the scan completed. */
export const runImpactChecks = defineRoute({
  group: 'scans',
  operation: 'run-impact-checks',
  method: 'POST',
  path: '/api/projects/{projectId}/imports/{importId}/impact/checks',
  auth: 'signed-in',
  bodyKind: 'none',
  bodyLimitBytes: 0,
  summary: 'Play the affected scenarios with the proposals accepted; which assertions flip (editor)',
  params: scanParams,
  answers: { 200: impactChecksSchema, 404: 'problem', 409: 'problem' },
  access: { role: 'editor' },
  description: 'Plays the scenarios the pending proposals touch on main and on main with them accepted; writes nothing.',
  example: { as: 'editor' },
  run: async ({ runtime, caller, pathParameters }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const scan = await scanOfProject(runtime.db, project.id, pathUuid(pathParameters.importId, 'Scan'));
    if (scan.state !== 'completed') throw HttpProblem.conflict('Scan not completed', `The scan is ${scan.state}; its proposals can be checked once it completed.`);
    return jsonResponse(200, await impactChecks(runtime.db, { projectId: project.id, scanId: scan.id, actor: actorOf(caller), now: runtime.now() }));
  },
});
