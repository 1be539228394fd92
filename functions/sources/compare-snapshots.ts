import { z } from 'zod';
import { authorizeProject } from '../../lib/auth/access-policy';
import { guidText } from '../../lib/http/common-schemas';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { parseQuery, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { compareSnapshots as compare } from '../../lib/scans/snapshots';
import { findSource } from '../../lib/sources/source-store';

export const compareQuery = z.strictObject({ base: guidText, head: guidText });

/** GET P/sources/{sourceId}/snapshots/compare?base=&head= (viewer): 200 `{base, head, added, removed, changed}` fact keys; 404 when either is no snapshot of the Source. */
export const compareSnapshots: Operation = async ({ runtime, caller, pathParameters, query }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'viewer');
  const source = await findSource(runtime.db, project.id, pathUuid(pathParameters.sourceId, 'Source'));
  if (!source) throw HttpProblem.notFound('Source not found');
  const { base, head } = parseQuery(compareQuery, query);
  const result = await compare(runtime.db, source.id, base.toLowerCase(), head.toLowerCase());
  if (!result) throw HttpProblem.notFound('Snapshot not found', 'base and head must both be snapshots of this Source.');
  return jsonResponse(200, result);
};
