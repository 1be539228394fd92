import { authorizeProject } from '../../lib/features/auth/access-policy';
import type { Caller } from '../../lib/platform/http/caller';
import type { ApiRequest } from '../../lib/platform/http/api-types';
import { pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import type { ServiceRuntime } from '../../lib/platform/runtime/service-runtime';
import { findSource, type SourceRecord } from '../../lib/features/sources/source-store';

/** Why the examples of the New Relic Source endpoints answer 409. */
export const notNewRelic = 'the fixture Source is no New Relic Source (no New Relic account is reachable here)';

/** What the New Relic calls read of the runtime. */
export const newRelicContextOf = (runtime: ServiceRuntime) => ({ db: runtime.db, keyring: runtime.keyring, graphqlUrlOverride: runtime.config.newRelicGraphqlUrl, profile: runtime.config.profile });

/** The New Relic Source of the path, with the role `need` in its project; 404, or 409 for a Source of another kind. */
export async function newRelicSourceOf(request: ApiRequest<Caller>, need: 'viewer' | 'editor'): Promise<{ source: SourceRecord; workspaceId: string }> {
  const { runtime, caller, pathParameters } = request;
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), need);
  const source = await findSource(runtime.db, project.id, pathUuid(pathParameters.sourceId, 'Source'));
  if (!source) throw HttpProblem.notFound('Source not found');
  if (source.kind !== 'newrelic') throw HttpProblem.conflict('Not a New Relic Source', `The Source is a ${source.kind} Source.`);
  return { source, workspaceId: project.workspaceId };
}
