import { z } from 'zod';
import { authorizeProject } from '../../lib/auth/access-policy';
import { actorOf } from '../../lib/auth/caller';
import { jsonResponse, noContentResponse, type Operation } from '../../lib/http/api-types';
import { parseBody, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import type { ServiceRuntime } from '../../lib/runtime/service-runtime';
import { checkApiKey, saveNewRelicKey, testNewRelicKey, testStoredNewRelicKey } from '../../lib/sources/newrelic-source';
import { findSource, type SourceRecord } from '../../lib/sources/source-store';

export const setApmKeyRequest = z.strictObject({ apiKey: z.string('must be a string').nullable() });
export const testApmRequest = z.strictObject({
  accountId: z.union([z.int('must be a whole number'), z.string('must be a number or a string')]).nullable(),
  region: z.string('must be a string').nullable(),
  apiKey: z.string('must be a string').nullable(),
});

const contextOf = (runtime: ServiceRuntime) => ({ db: runtime.db, keyring: runtime.keyring, graphqlUrlOverride: runtime.config.newRelicGraphqlUrl, profile: runtime.config.profile });

async function newRelicSource(request: Parameters<Operation>[0], need: 'viewer' | 'editor'): Promise<{ source: SourceRecord; workspaceId: string }> {
  const { runtime, caller, pathParameters } = request;
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), need);
  const source = await findSource(runtime.db, project.id, pathUuid(pathParameters.sourceId, 'Source'));
  if (!source) throw HttpProblem.notFound('Source not found');
  if (source.kind !== 'newrelic') throw HttpProblem.conflict('Not a New Relic Source', `The Source is a ${source.kind} Source.`);
  return { source, workspaceId: project.workspaceId };
}

/** PUT P/sources/{sourceId}/apm/key (editor): 204; 400; 404; 409 not a New Relic Source. Stored encrypted, bound to NerdGraph's origin. */
export const setApmKey: Operation = async (request) => {
  const { source, workspaceId } = await newRelicSource(request, 'editor');
  const { apiKey } = parseBody(setApmKeyRequest, request.body);
  await saveNewRelicKey(contextOf(request.runtime), { workspaceId, sourceId: source.id, region: (source.region ?? 'us') as 'us' | 'eu', apiKey: checkApiKey(apiKey), actor: actorOf(request.caller!), at: request.runtime.now() });
  return noContentResponse();
};

/** POST P/sources/{sourceId}/apm/test (editor): 200 `{ok, status, message, user, accountName}`; 404; 409 (not New Relic, no key). */
export const testSourceApm: Operation = async (request) => {
  const { source, workspaceId } = await newRelicSource(request, 'editor');
  return jsonResponse(200, await testStoredNewRelicKey(contextOf(request.runtime), source, workspaceId));
};

/** POST P/sources/apm/test (editor): tests a key before a Source is made; 200 test response; 400. */
export const testApm: Operation = async ({ runtime, caller, pathParameters, body }) => {
  if (!caller) throw HttpProblem.unauthorized();
  await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const input = parseBody(testApmRequest, body);
  const accountId = input.accountId === null ? '' : String(input.accountId);
  const errors = [];
  if (!/^[1-9][0-9]{0,18}$/.test(accountId)) errors.push({ field: 'accountId', message: 'must be the New Relic account number' });
  if (input.region !== 'us' && input.region !== 'eu') errors.push({ field: 'region', message: 'must be us or eu' });
  if (errors.length > 0) throw HttpProblem.validation('Invalid request body', errors);
  return jsonResponse(200, await testNewRelicKey(contextOf(runtime), { region: input.region as 'us' | 'eu', accountId, apiKey: checkApiKey(input.apiKey) }));
};
