import { randomUUID } from 'node:crypto';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseBody, pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { assertRootElement } from '../../lib/core/model/view-root-element';
import { findView, insertView } from '../../lib/core/model/view-store';
import { viewRequest } from './view-inputs';
import { viewSchema } from '../../contracts/views';

/** 409 when the chosen ID is in use. */
export const createView = defineRoute({
  group: 'views',
  operation: 'create-view',
  method: 'POST',
  path: '/api/projects/{projectId}/views',
  auth: 'signed-in',
  summary: 'Create a view (editor)',
  body: viewRequest,
  answers: { 201: viewSchema, 400: 'problem', 409: 'problem' },
  access: { role: 'editor' },
  example: { as: 'editor', body: { name: 'Shop inside', rootElementId: '{model_shop}' } },
  run: async ({ runtime, caller, pathParameters, body }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const input = parseBody(viewRequest, body);
    await assertRootElement(runtime.db, project.id, input.rootElementId);
    const id = (input.id ?? randomUUID()).toLowerCase();
    const inserted = await insertView(runtime.db, { id, projectId: project.id, name: input.name, rootElementId: input.rootElementId?.toLowerCase() ?? null }, runtime.now());
    if (!inserted) throw HttpProblem.conflict('View ID in use', `A view with ID ${id} exists.`, [{ field: 'id', message: 'is in use' }]);
    return jsonResponse(201, await findView(runtime.db, project.id, id));
  },
});
