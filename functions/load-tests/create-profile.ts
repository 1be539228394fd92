import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { stressProfileSchema } from '../../contracts/load-tests';
import { createProfile, profileView } from '../../lib/features/load-tests/profiles';
import { loadTestContext } from './load-test-context';
import { profileRequest } from './load-test-inputs';

/** 201 the profile with its stages; 400 naming each value over the limits. */
export const createStressProfile = defineRoute({
  group: 'load-tests',
  operation: 'create-profile',
  method: 'POST',
  path: '/api/projects/{projectId}/load-tests/profiles',
  auth: 'signed-in',
  summary: 'Make a stress profile; values left out come from the simulation settings (editor)',
  body: profileRequest,
  answers: { 201: stressProfileSchema, 400: 'problem' },
  access: { role: 'editor' },
  description: 'Values left out come from the simulation settings; 400 naming each value over the limits.',
  example: { as: 'editor', body: { shape: 'spike', name: 'Sale spike', durationSeconds: 120 } },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const request = parseBody(profileRequest, body);
    return jsonResponse(201, profileView(await createProfile(loadTestContext(runtime), { project, request, actor: actorOf(caller) })));
  },
});
