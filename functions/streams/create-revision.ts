import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { displayName } from '../../lib/http/common-schemas';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { copyMainInto } from '../../lib/model/stream-store';
import { revisionView } from './stream-views';

export const createRevisionRequest = z.strictObject({ name: displayName(200) });

/** POST P/revisions (editor): 201 a frozen copy of main at its current version. */
export const createRevision: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const input = parseBody(createRevisionRequest, body);
  const stream = await copyMainInto(runtime.db, { id: randomUUID(), projectId: project.id, kind: 'revision', name: input.name, createdBy: actorOf(caller), now: runtime.now() });
  return jsonResponse(201, revisionView(stream));
};
