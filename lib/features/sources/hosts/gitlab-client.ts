import { z } from 'zod';
import { readArchive } from '../archive/read-archive';
import type { SourceEntry, TreeReadOptions } from '../archive/source-entry';
import type { GitHostClient, GitHostClientOptions, ListRepositoriesOptions, RefRequest, RepositoryPage, ResolvedRef } from './host-client-types';
import { checkCommitSha, checkPage, checkPullRequest, checkRef, httpOptionsOf, nextPageFrom, reportConnection, repositoriesPerPage, splitName } from './host-client-support';
import { HostError, HostNotFoundError } from './host-errors';
import { createHostHttp, type HostJsonResponse } from './host-http';
import { nextLinkOf } from './host-paging';

/**
 * GitLab REST v4 (apiBaseUrl `https://gitlab.com/api/v4` or a self-managed
 * instance's), token in header `PRIVATE-TOKEN` (part 2 "Credentials"). A
 * project is addressed by its URL-encoded full path. Calls: docs/hosts.md "GitLab".
 */

const projectSchema = z.object({
  path_with_namespace: z.string(),
  default_branch: z.string().nullish(),
  // Left out of the "simple" fields an anonymous caller gets, who sees public projects only.
  visibility: z.string().optional(),
  web_url: z.string(),
});
const commitSchema = z.object({ id: z.string() });
const mergeRequestSchema = z.object({ iid: z.number(), source_branch: z.string(), sha: z.string() });
const userSchema = z.object({ username: z.string() });
const tokenSchema = z.object({ scopes: z.array(z.string()) });

const pathRule = { min: 1, max: 20, segmentPattern: /^[A-Za-z0-9_.][A-Za-z0-9_.-]{0,254}$/, form: 'group/…/project' };

export function createGitLabClient(options: GitHostClientOptions): GitHostClient {
  const http = createHostHttp(httpOptionsOf('gitlab', options, options.token ? { 'private-token': options.token } : {}));

  const projectPath = (repository: string) => {
    const segments = splitName('gitlab', 'repository', repository, { ...pathRule, min: 2 });
    return `projects/${encodeURIComponent(segments.join('/'))}`;
  };

  async function listRepositories({ owner, page }: ListRepositoriesOptions): Promise<RepositoryPage> {
    checkPage('gitlab', page);
    const query = { per_page: repositoriesPerPage, page, order_by: 'path', sort: 'asc' };
    const schema = z.array(projectSchema);
    let answer: HostJsonResponse<z.infer<typeof schema>>;
    if (owner) {
      const segments = splitName('gitlab', 'owner', owner, pathRule);
      try {
        answer = await http.json(http.url(`groups/${encodeURIComponent(segments.join('/'))}/projects`, { ...query, include_subgroups: true }), schema);
      } catch (error) {
        // Not a group: a user's projects.
        if (!(error instanceof HostNotFoundError) || segments.length > 1) throw error;
        answer = await http.json(http.url(`users/${encodeURIComponent(segments[0]!)}/projects`, query), schema);
      }
    } else {
      answer = await http.json(http.url('projects', { ...query, membership: true }), schema);
    }
    const nextLink = nextLinkOf(answer.headers.get('link'));
    const nextHeader = answer.headers.get('x-next-page');
    return {
      items: answer.data.map((project) => ({
        fullName: project.path_with_namespace,
        defaultBranch: project.default_branch ?? null,
        private: project.visibility !== undefined && project.visibility !== 'public',
        webUrl: project.web_url,
      })),
      nextPage: nextLink !== null ? nextPageFrom(nextLink, page) : nextHeader && /^\d+$/.test(nextHeader) ? Number(nextHeader) : null,
    };
  }

  async function resolveRef(repository: string, request: RefRequest): Promise<ResolvedRef> {
    const project = projectPath(repository);
    if (request.pullRequest !== undefined && request.pullRequest !== null) {
      const iid = checkPullRequest('gitlab', request.pullRequest);
      const { data } = await http.json(http.url(`${project}/merge_requests/${iid}`), mergeRequestSchema);
      return { ref: data.source_branch, commitSha: checkCommitSha('gitlab', data.sha), pullRequest: iid };
    }
    let ref = request.ref === null ? null : checkRef('gitlab', request.ref);
    if (ref === null) {
      const { data } = await http.json(http.url(project), projectSchema);
      if (!data.default_branch) throw new HostNotFoundError('gitlab', 200, `gitlab project ${repository} has no default branch (it is empty).`);
      ref = data.default_branch;
    }
    const { data } = await http.json(http.url(`${project}/repository/commits/${encodeURIComponent(ref)}`), commitSchema);
    return { ref, commitSha: checkCommitSha('gitlab', data.id), pullRequest: null };
  }

  async function* readTree(repository: string, commitSha: string, treeOptions: TreeReadOptions): AsyncGenerator<SourceEntry> {
    const sha = checkCommitSha('gitlab', commitSha);
    const { body } = await http.stream(http.url(`${projectPath(repository)}/repository/archive.tar.gz`, { sha }), { followsOtherOrigins: true });
    yield* readArchive(body, { ...treeOptions, format: 'tar.gz', stripTopFolder: true, temporaryDirectory: options.temporaryDirectory });
  }

  const testConnection = () =>
    reportConnection(async () => {
      const { data } = await http.json(http.url('user'), userSchema);
      let scopes: string[] | undefined;
      try {
        // Personal, project and group access tokens; an OAuth token has no such record.
        scopes = (await http.json(http.url('personal_access_tokens/self'), tokenSchema)).data.scopes;
      } catch (error) {
        if (!(error instanceof HostError) || error.kind === 'rate-limited' || error.kind === 'unreachable') throw error;
      }
      return { login: data.username, scopes, message: `The token works for gitlab user ${data.username}.` };
    });

  return { kind: 'gitlab', listRepositories, resolveRef, readTree, testConnection };
}
