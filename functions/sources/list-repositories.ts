import { z } from 'zod';
import { hostRepositoriesPageSchema } from '../../contracts/sources';
import { authorizeProject } from '../../lib/features/auth/access-policy';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { queryWholeNumber } from '../../lib/platform/http/common-schemas';
import { defineRoute } from '../../lib/platform/http/define-route';
import { parseQuery, pathUuid } from '../../lib/platform/http/parse-input';
import { HttpProblem } from '../../lib/platform/http/problem';
import { assertKindAvailable, parseSourceKind } from '../../lib/features/sources/create-source';
import { withHostProblems } from '../../lib/features/sources/host-problem';
import { isGitHostKind } from '../../lib/features/sources/source-kinds';
import { workspaceHostClient } from '../../lib/features/sources/workspace-host-client';
import { sourceKindContext } from './source-context';

const repositoriesQuery = z.strictObject({
  kind: z.string().min(1, 'must name a git host kind'),
  owner: z.string().min(1, 'must not be empty').max(300, 'must have at most 300 characters').optional(),
  page: queryWholeNumber(1, 10_000).optional(),
});

/** `{items[{fullName, defaultBranch, private, webUrl}], page, nextPage}`; 429 when the host is rate limiting. */
export const listRepositories = defineRoute({
  group: 'sources',
  operation: 'list-repositories',
  method: 'GET',
  path: '/api/projects/{projectId}/sources/repositories',
  auth: 'person',
  summary: 'Repositories of a git host the workspace token can read, a page at a time (editor)',
  query: repositoriesQuery,
  answers: {
    200: hostRepositoriesPageSchema,
    400: 'problem',
    404: 'problem',
    409: 'problem',
    502: 'problem',
  },
  access: { role: 'editor' },
  description: '409 when the host is off or its token is refused; 502 when the host fails.',
  example: { as: 'editor', query: { kind: 'github' }, status: 502, why: 'no git host is configured or reachable in the test instance' },
  run: async ({ runtime, caller, pathParameters, query }) => {
    const { project } = await authorizeProject(runtime.db, caller, pathUuid(pathParameters.projectId, 'Project'), 'editor');
    const input = parseQuery(repositoriesQuery, query);
    const kind = parseSourceKind(input.kind);
    if (!isGitHostKind(kind)) throw HttpProblem.validation('Invalid query', [{ field: 'kind', message: 'must be github, gitlab, bitbucket or azureDevOps' }]);
    assertKindAvailable(kind, await sourceKindContext(runtime, project.workspaceId));
    const page = input.page ?? 1;
    const { client } = await workspaceHostClient({ db: runtime.db, keyring: runtime.keyring, profile: runtime.config.profile }, project.workspaceId, kind);
    const answer = await withHostProblems(() => client.listRepositories({ owner: input.owner ?? null, page }));
    return jsonResponse(200, { items: answer.items, page, nextPage: answer.nextPage });
  },
});
