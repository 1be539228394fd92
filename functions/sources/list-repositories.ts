import { z } from 'zod';
import { authorizeProject } from '../../lib/auth/access-policy';
import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { queryWholeNumber } from '../../lib/http/common-schemas';
import { parseQuery, pathUuid } from '../../lib/http/parse-input';
import { HttpProblem } from '../../lib/http/problem';
import { assertKindAvailable, parseSourceKind } from '../../lib/sources/create-source';
import { withHostProblems } from '../../lib/sources/host-problem';
import { isGitHostKind } from '../../lib/sources/source-kinds';
import { workspaceHostClient } from '../../lib/sources/workspace-host-client';
import { sourceKindContext } from './source-context';

export const repositoriesQuery = z.strictObject({
  kind: z.string().min(1, 'must name a git host kind'),
  owner: z.string().min(1, 'must not be empty').max(300, 'must have at most 300 characters').optional(),
  page: queryWholeNumber(1, 10_000).optional(),
});

/** GET P/sources/repositories?kind=&owner=&page= (editor): 200 `{items[{fullName, defaultBranch, private, webUrl}], page, nextPage}`; 400; 404; 409 (host off, token refused); 429; 502. */
export const listRepositories: Operation = async ({ runtime, caller, pathParameters, query }) => {
  if (!caller) throw HttpProblem.unauthorized();
  const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
  const input = parseQuery(repositoriesQuery, query);
  const kind = parseSourceKind(input.kind);
  if (!isGitHostKind(kind)) throw HttpProblem.validation('Invalid query', [{ field: 'kind', message: 'must be github, gitlab, bitbucket or azureDevOps' }]);
  assertKindAvailable(kind, await sourceKindContext(runtime, project.workspaceId));
  const page = input.page ?? 1;
  const { client } = await workspaceHostClient({ db: runtime.db, keyring: runtime.keyring, profile: runtime.config.profile }, project.workspaceId, kind);
  const answer = await withHostProblems(() => client.listRepositories({ owner: input.owner ?? null, page }));
  return jsonResponse(200, { items: answer.items, page, nextPage: answer.nextPage });
};
