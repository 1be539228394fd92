import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { actorOf } from '../../lib/platform/http/caller';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { displayName } from '../../lib/platform/http/common-schemas';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { copyMainInto } from '../../lib/features/branches/copy-main';
import { revisionSchema } from '../../contracts/streams';
import { revisionView } from '../../lib/features/branches/stream-views';

const createRevisionRequest = z.strictObject({ name: displayName(200) });

/** A frozen copy of main at its current version. */
export const createRevision = defineRoute({
  group: 'streams',
  operation: 'create-revision',
  method: 'POST',
  path: '/api/projects/{projectId}/revisions',
  auth: 'signed-in',
  summary: 'Freeze a copy of the main model (editor)',
  body: createRevisionRequest,
  answers: { 201: revisionSchema },
  access: { role: 'editor' },
  example: { as: 'editor', body: { name: 'Before the sale' } },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const input = parseBody(createRevisionRequest, body);
    const stream = await copyMainInto(runtime.db, { id: randomUUID(), projectId: project.id, kind: 'revision', name: input.name, createdBy: actorOf(caller), now: runtime.now() });
    return jsonResponse(201, revisionView(stream));
  },
});
