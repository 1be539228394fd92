import { z } from 'zod';
import { ArchiveRefusedError } from '../archive/archive-errors';
import { EntryPathTracker } from '../archive/entry-path';
import { ExpansionBudget } from '../archive/expansion-budget';
import type { SourceEntry, TreeReadOptions } from '../archive/source-entry';
import type { GitHostClient, GitHostClientOptions, ListRepositoriesOptions, RefRequest, RepositoryPage, ResolvedRef } from './host-client-types';
import { checkCommitSha, checkPage, checkPullRequest, checkRef, httpOptionsOf, nextPageFrom, reportConnection, repositoriesPerPage, scopesFromHeader, splitName } from './host-client-support';
import { HostNotFoundError, HostResponseError } from './host-errors';
import { createHostHttp, type HostJsonResponse } from './host-http';

/**
 * Bitbucket Cloud REST 2.0 (apiBaseUrl `https://api.bitbucket.org/2.0`).
 * Bitbucket Cloud has no archive download on its API origin (the `…/get/<sha>.tar.gz`
 * address is on the web origin, where the token may not go), so the tree is
 * read through the source API: one paged listing of the whole tree, then one
 * call per file actually read. Calls: docs/hosts.md "Bitbucket Cloud".
 */

const repositorySchema = z.object({
  full_name: z.string(),
  is_private: z.boolean(),
  mainbranch: z.object({ name: z.string() }).nullish(),
  links: z.object({ html: z.object({ href: z.string() }) }),
});
const repositoryPageSchema = z.object({ values: z.array(repositorySchema), next: z.string().optional() });
const refSchema = z.object({ target: z.object({ hash: z.string() }) });
const commitSchema = z.object({ hash: z.string() });
const pullRequestSchema = z.object({ id: z.number(), source: z.object({ branch: z.object({ name: z.string() }), commit: z.object({ hash: z.string() }) }) });
const userSchema = z.object({ username: z.string().optional(), display_name: z.string().optional(), account_id: z.string().optional() });
const treeItemSchema = z.object({
  type: z.string(),
  path: z.string(),
  size: z.number().int().nonnegative().optional(),
  attributes: z.array(z.string()).optional(),
});
const treePageSchema = z.object({ values: z.array(treeItemSchema), next: z.string().optional() });

const nameSegment = /^[A-Za-z0-9_.-]{1,128}$/;
const workspaceRule = { min: 1, max: 1, segmentPattern: nameSegment, form: 'workspace' };
const repositoryRule = { min: 2, max: 2, segmentPattern: nameSegment, form: 'workspace/repository' };

/** Directory depth asked of the source listing; deeper trees are rare in practice and refused rather than read in part. */
export const bitbucketTreeDepth = 100;
/** Listing pages followed at most (100 items each). */
const maxTreePages = 2_000;

/**
 * `user:secret` (an app password or an API token with its account) goes as
 * Basic; anything else (a repository, project or workspace access token, an
 * OAuth token) as Bearer.
 */
function credentialHeaders(token: string | null): Record<string, string> {
  if (!token) return {};
  return { authorization: token.includes(':') ? `Basic ${Buffer.from(token, 'utf8').toString('base64')}` : `Bearer ${token}` };
}

export function createBitbucketClient(options: GitHostClientOptions): GitHostClient {
  const http = createHostHttp(httpOptionsOf('bitbucket', options, credentialHeaders(options.token)));

  const repositoryPath = (repository: string) => {
    const [workspace, slug] = splitName('bitbucket', 'repository', repository, repositoryRule);
    return `repositories/${encodeURIComponent(workspace!)}/${encodeURIComponent(slug!)}`;
  };

  async function listRepositories({ owner, page }: ListRepositoriesOptions): Promise<RepositoryPage> {
    checkPage('bitbucket', page);
    const query = { role: 'member', pagelen: repositoriesPerPage, page };
    // Without a workspace: every repository the caller is a member of (GET /repositories, deprecated by
    // Bitbucket in CHANGE-2770 but still answered, with no replacement for a non-admin).
    const path = owner ? `repositories/${encodeURIComponent(splitName('bitbucket', 'owner', owner, workspaceRule)[0]!)}` : 'repositories';
    const { data } = await http.json(http.url(path, query), repositoryPageSchema);
    return {
      items: data.values.map((repository) => ({
        fullName: repository.full_name,
        defaultBranch: repository.mainbranch?.name ?? null,
        private: repository.is_private,
        webUrl: repository.links.html.href,
      })),
      nextPage: nextPageFrom(data.next ?? null, page),
    };
  }

  async function fullHashOf(repository: string, revision: string): Promise<string> {
    const { data } = await http.json(http.url(`${repositoryPath(repository)}/commit/${encodeURIComponent(revision)}`), commitSchema);
    return checkCommitSha('bitbucket', data.hash);
  }

  /** A branch first, then a tag, then a commit hash (Bitbucket's ref endpoints are separate). */
  async function commitOfRef(repository: string, ref: string): Promise<string> {
    for (const kind of ['branches', 'tags'] as const) {
      try {
        const { data } = await http.json(http.url(`${repositoryPath(repository)}/refs/${kind}/${encodeURIComponent(ref)}`), refSchema);
        return checkCommitSha('bitbucket', data.target.hash);
      } catch (error) {
        if (!(error instanceof HostNotFoundError)) throw error;
      }
    }
    if (/^[0-9a-f]{7,64}$/i.test(ref)) return fullHashOf(repository, ref);
    throw new HostNotFoundError('bitbucket', 404, `bitbucket repository ${repository} has no branch, tag or commit named ${ref}.`);
  }

  async function resolveRef(repository: string, request: RefRequest): Promise<ResolvedRef> {
    if (request.pullRequest !== undefined && request.pullRequest !== null) {
      const id = checkPullRequest('bitbucket', request.pullRequest);
      const { data } = await http.json(http.url(`${repositoryPath(repository)}/pullrequests/${id}`), pullRequestSchema);
      // The pull request names its source commit by a short hash.
      return { ref: data.source.branch.name, commitSha: await fullHashOf(repository, data.source.commit.hash), pullRequest: id };
    }
    let ref = request.ref === null ? null : checkRef('bitbucket', request.ref);
    if (ref === null) {
      const { data } = await http.json(http.url(repositoryPath(repository)), repositorySchema);
      if (!data.mainbranch) throw new HostNotFoundError('bitbucket', 200, `bitbucket repository ${repository} has no main branch (it is empty).`);
      ref = data.mainbranch.name;
    }
    return { ref, commitSha: await commitOfRef(repository, ref), pullRequest: null };
  }

  /**
   * The tree from the source listing (`max_depth`, paged by `next`). Files
   * count their listed size against the limit as they are reached; a read
   * that gives other bytes than listed is a HostResponseError. Links refuse it as
   * in an archive; submodules are passed over (a tarball holds none of their files either).
   */
  async function* readTree(repository: string, commitSha: string, treeOptions: TreeReadOptions): AsyncGenerator<SourceEntry> {
    const sha = checkCommitSha('bitbucket', commitSha);
    const base = `${repositoryPath(repository)}/src/${sha}`;
    const budget = new ExpansionBudget(treeOptions.maxArchiveBytes);
    const paths = new EntryPathTracker(false);
    let next: URL | null = http.url(`${base}/`, { max_depth: bitbucketTreeDepth, pagelen: 100 });
    for (let pages = 0; next !== null; pages += 1) {
      if (pages >= maxTreePages) throw new HostResponseError('bitbucket', null, `bitbucket listed more than ${maxTreePages} pages for ${repository}.`);
      const answer: HostJsonResponse<z.infer<typeof treePageSchema>> = await http.json(next, treePageSchema);
      next = answer.data.next ? new URL(answer.data.next, answer.url) : null;
      for (const item of answer.data.values) {
        const attributes = item.attributes ?? [];
        if (item.type === 'commit_directory') {
          paths.accept(item.path, 'folder');
          continue;
        }
        if (item.type !== 'commit_file' || attributes.includes('subrepository')) continue;
        if (attributes.includes('link')) throw new ArchiveRefusedError(item.path, 'symlink');
        const path = paths.accept(item.path, 'file');
        if (path === null) continue;
        const size = item.size ?? 0;
        budget.spend(size);
        const fileUrl = http.url(`${base}/${path.split('/').map(encodeURIComponent).join('/')}`);
        let reading: Promise<Buffer> | null = null;
        const read = (): Promise<Buffer> => {
          // A body longer than listed is refused by bytes() as it arrives.
          reading ??= http.bytes(fileUrl, size, { headers: { accept: '*/*' } }).then((bytes) => {
            if (bytes.length !== size) throw new HostResponseError('bitbucket', 200, `bitbucket sent ${bytes.length} bytes for ${item.path}; its listing said ${size}.`);
            return bytes;
          });
          // Seen here too, so a read the caller drops (it stops iterating) is no unhandled rejection.
          reading.catch(() => undefined);
          return reading;
        };
        yield { path, size, read };
        if (reading) await reading;
      }
    }
  }

  const testConnection = () =>
    reportConnection(async () => {
      const { data, headers } = await http.json(http.url('user'), userSchema);
      const login = data.username ?? data.display_name ?? data.account_id;
      return { login, scopes: scopesFromHeader(headers.get('x-oauth-scopes')), message: `The token works for bitbucket user ${login ?? '(unnamed)'}.` };
    });

  return { kind: 'bitbucket', listRepositories, resolveRef, readTree, testConnection };
}
