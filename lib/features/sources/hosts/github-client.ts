import { z } from 'zod';
import { readArchive } from '../archive/read-archive';
import type { SourceEntry, TreeReadOptions } from '../archive/source-entry';
import type { GitHostClient, GitHostClientOptions, ListRepositoriesOptions, RefRequest, RepositoryPage, ResolvedRef } from './host-client-types';
import {
  checkCommitSha,
  checkPage,
  checkPullRequest,
  checkRef,
  httpOptionsOf,
  isFullCommitSha,
  nextPageFrom,
  reportConnection,
  repositoriesPerPage,
  scopesFromHeader,
  splitName,
} from './host-client-support';
import { HostNotFoundError, HostResponseError } from './host-errors';
import { createHostHttp, type HostJsonResponse } from './host-http';
import { nextLinkOf } from './host-paging';

/**
 * GitHub REST v3 (and GitHub Enterprise Server through apiBaseUrl
 * `https://host/api/v3`), token as `Authorization: Bearer` (DECISIONS.md
 * section 1). Calls: docs/hosts.md "GitHub".
 */

const repositorySchema = z.object({
  full_name: z.string(),
  default_branch: z.string().nullish(),
  private: z.boolean(),
  html_url: z.string(),
});
const pullRequestSchema = z.object({ number: z.number(), head: z.object({ ref: z.string(), sha: z.string() }) });
const userSchema = z.object({ login: z.string() });

const ownerRule = { min: 1, max: 1, segmentPattern: /^[A-Za-z0-9][A-Za-z0-9-]{0,38}$/, form: 'owner' };
const repositoryRule = { min: 2, max: 2, segmentPattern: /^[A-Za-z0-9._-]{1,100}$/, form: 'owner/repository' };

export function createGitHubClient(options: GitHostClientOptions): GitHostClient {
  const http = createHostHttp(
    httpOptionsOf('github', options, options.token ? { authorization: `Bearer ${options.token}` } : {}, {
      accept: 'application/vnd.github+json',
      'x-github-api-version': '2022-11-28',
    }),
  );

  const repositoryPath = (repository: string) => {
    const [owner, name] = splitName('github', 'repository', repository, repositoryRule);
    return `repos/${encodeURIComponent(owner!)}/${encodeURIComponent(name!)}`;
  };

  async function listRepositories({ owner, page }: ListRepositoriesOptions): Promise<RepositoryPage> {
    checkPage('github', page);
    const query = { per_page: repositoriesPerPage, page, sort: 'full_name' };
    const schema = z.array(repositorySchema);
    let answer: HostJsonResponse<z.infer<typeof schema>>;
    if (owner) {
      const [name] = splitName('github', 'owner', owner, ownerRule);
      try {
        answer = await http.json(http.url(`orgs/${encodeURIComponent(name!)}/repos`, { ...query, type: 'all' }), schema);
      } catch (error) {
        // Not an organization: a user's public repositories.
        if (!(error instanceof HostNotFoundError)) throw error;
        answer = await http.json(http.url(`users/${encodeURIComponent(name!)}/repos`, { ...query, type: 'owner' }), schema);
      }
    } else {
      answer = await http.json(http.url('user/repos', query), schema);
    }
    return {
      items: answer.data.map((repository) => ({
        fullName: repository.full_name,
        defaultBranch: repository.default_branch ?? null,
        private: repository.private,
        webUrl: repository.html_url,
      })),
      nextPage: nextPageFrom(nextLinkOf(answer.headers.get('link')), page),
    };
  }

  /** The full SHA of a ref, through the media type that answers the SHA alone. */
  async function commitShaOf(repository: string, ref: string): Promise<string> {
    const target = http.url(`${repositoryPath(repository)}/commits/${encodeURIComponent(ref)}`);
    // 422 "No commit found for SHA", 409 "Git Repository is empty".
    const body = await http.bytes(target, 200, { headers: { accept: 'application/vnd.github.sha' }, notFoundStatuses: [409, 422] });
    const sha = body.toString('utf8').trim();
    if (!isFullCommitSha(sha)) throw new HostResponseError('github', 200, `github answered GET /${repositoryPath(repository)}/commits/… without a commit SHA.`);
    return sha.toLowerCase();
  }

  async function resolveRef(repository: string, request: RefRequest): Promise<ResolvedRef> {
    if (request.pullRequest !== undefined && request.pullRequest !== null) {
      const number = checkPullRequest('github', request.pullRequest);
      const { data } = await http.json(http.url(`${repositoryPath(repository)}/pulls/${number}`), pullRequestSchema);
      return { ref: data.head.ref, commitSha: checkCommitSha('github', data.head.sha), pullRequest: number };
    }
    let ref = request.ref === null ? null : checkRef('github', request.ref);
    if (ref === null) {
      const { data } = await http.json(http.url(repositoryPath(repository)), repositorySchema);
      if (!data.default_branch) throw new HostNotFoundError('github', 200, `github repository ${repository} has no default branch (it is empty).`);
      ref = data.default_branch;
    }
    return { ref, commitSha: await commitShaOf(repository, ref), pullRequest: null };
  }

  async function* readTree(repository: string, commitSha: string, treeOptions: TreeReadOptions): AsyncGenerator<SourceEntry> {
    const sha = checkCommitSha('github', commitSha);
    // Answers 302 to codeload.github.com, another origin: the token is not sent there.
    const { body } = await http.stream(http.url(`${repositoryPath(repository)}/tarball/${sha}`), { followsOtherOrigins: true });
    yield* readArchive(body, { ...treeOptions, format: 'tar.gz', stripTopFolder: true, temporaryDirectory: options.temporaryDirectory });
  }

  const testConnection = () =>
    reportConnection(async () => {
      const { data, headers } = await http.json(http.url('user'), userSchema);
      return { login: data.login, scopes: scopesFromHeader(headers.get('x-oauth-scopes')), message: `The token works for github user ${data.login}.` };
    });

  return { kind: 'github', listRepositories, resolveRef, readTree, testConnection };
}
