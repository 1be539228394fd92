import { z } from 'zod';
import { readArchive } from '../archive/read-archive';
import type { SourceEntry, TreeReadOptions } from '../archive/source-entry';
import type { GitHostClient, GitHostClientOptions, ListRepositoriesOptions, RefRequest, RepositoryPage, ResolvedRef } from './host-client-types';
import { checkCommitSha, checkPage, checkPullRequest, checkRef, httpOptionsOf, isFullCommitSha, reportConnection, repositoriesPerPage, splitName } from './host-client-support';
import { HostInputError, HostNotFoundError, HostResponseError } from './host-errors';
import { createHostHttp } from './host-http';
import { continuationTokenOf } from './host-paging';

/**
 * Azure DevOps Services REST 7.1 (apiBaseUrl `https://dev.azure.com`), every
 * call with `api-version=7.1`. A repository is `organization/project/repository`.
 * Calls: docs/hosts.md "Azure DevOps".
 */

const apiVersion = '7.1';

const repositorySchema = z.object({
  name: z.string(),
  project: z.object({ name: z.string(), visibility: z.string().optional() }),
  defaultBranch: z.string().optional(),
  webUrl: z.string(),
  isDisabled: z.boolean().optional(),
});
const repositoryListSchema = z.object({ value: z.array(repositorySchema) });
const refListSchema = z.object({ value: z.array(z.object({ name: z.string(), objectId: z.string(), peeledObjectId: z.string().nullish() })) });
const pullRequestSchema = z.object({ pullRequestId: z.number(), sourceRefName: z.string(), lastMergeSourceCommit: z.object({ commitId: z.string() }) });
const commitSchema = z.object({ commitId: z.string() });
const projectListSchema = z.object({ count: z.number().optional(), value: z.array(z.object({ name: z.string() })) });

// Organization names are letters, digits and hyphens; project and repository names allow much more (spaces too).
const organizationSegment = /^[A-Za-z0-9][A-Za-z0-9-]{0,49}$/;
const looseSegment = /^[^\\?#%]{1,256}$/;
const repositoryRule = { min: 3, max: 3, segmentPattern: looseSegment, form: 'organization/project/repository' };
/** Pages of refs followed at most when looking one name up (a prefix filter can match many refs). */
const maxRefPages = 20;

/** A personal access token goes as Basic with an empty user name; a Microsoft Entra token (a JWT) as Bearer. */
function credentialHeaders(token: string | null): Record<string, string> {
  if (!token) return {};
  const looksLikeJwt = /^eyJ[\w-]*\.[\w-]+\.[\w-]*$/.test(token);
  return { authorization: looksLikeJwt ? `Bearer ${token}` : `Basic ${Buffer.from(`:${token}`, 'utf8').toString('base64')}` };
}

const branchName = (refName: string) => refName.replace(/^refs\/heads\//, '');

export function createAzureDevOpsClient(options: GitHostClientOptions): GitHostClient {
  const http = createHostHttp(httpOptionsOf('azureDevOps', options, credentialHeaders(options.token)));
  const withVersion = (query: Record<string, string | number | boolean | undefined> = {}) => ({ ...query, 'api-version': apiVersion });

  function parseRepository(repository: string) {
    const [organization, project, name] = splitName('azureDevOps', 'repository', repository, repositoryRule);
    if (!organizationSegment.test(organization!)) throw new HostInputError('azureDevOps', 'repository must be of the form organization/project/repository.');
    const path = `${encodeURIComponent(organization!)}/${encodeURIComponent(project!)}/_apis/git/repositories/${encodeURIComponent(name!)}`;
    return { organization: organization!, path };
  }

  function parseOwner(owner: string | null | undefined): string[] {
    if (!owner) throw new HostInputError('azureDevOps', 'owner is required for Azure DevOps: organization or organization/project.');
    const segments = splitName('azureDevOps', 'owner', owner, { min: 1, max: 2, segmentPattern: looseSegment, form: 'organization or organization/project' });
    if (!organizationSegment.test(segments[0]!)) throw new HostInputError('azureDevOps', 'owner must start with an organization name (letters, digits and hyphens).');
    return segments;
  }

  /** Repositories - List has no paging: the whole list comes at once and is cut into pages here, sorted by name. */
  async function listRepositories({ owner, page }: ListRepositoriesOptions): Promise<RepositoryPage> {
    checkPage('azureDevOps', page);
    const [organization, project] = parseOwner(owner);
    const scope = project === undefined ? encodeURIComponent(organization!) : `${encodeURIComponent(organization!)}/${encodeURIComponent(project)}`;
    const { data } = await http.json(http.url(`${scope}/_apis/git/repositories`, withVersion()), repositoryListSchema);
    const items = data.value
      .filter((repository) => repository.isDisabled !== true)
      .map((repository) => ({
        fullName: `${organization}/${repository.project.name}/${repository.name}`,
        defaultBranch: repository.defaultBranch ? branchName(repository.defaultBranch) : null,
        private: repository.project.visibility !== 'public',
        webUrl: repository.webUrl,
      }))
      .sort((a, b) => (a.fullName < b.fullName ? -1 : a.fullName > b.fullName ? 1 : 0));
    const start = (page - 1) * repositoriesPerPage;
    return { items: items.slice(start, start + repositoriesPerPage), nextPage: items.length > start + repositoriesPerPage ? page + 1 : null };
  }

  /** The commit a full ref name points at (tags peeled), following the continuation token of Refs - List. */
  async function commitOfRefName(repositoryPath: string, fullName: string): Promise<string | null> {
    let continuationToken: string | undefined;
    for (let pages = 0; pages < maxRefPages; pages += 1) {
      const query = withVersion({ filter: fullName.replace(/^refs\//, ''), peelTags: true, $top: 100, continuationToken });
      const answer = await http.json(http.url(`${repositoryPath}/refs`, query), refListSchema);
      // The filter is a prefix: `heads/main` also matches `heads/main-old`.
      const match = answer.data.value.find((ref) => ref.name === fullName);
      if (match) return match.peeledObjectId || match.objectId;
      const next = continuationTokenOf(answer.headers);
      if (next === null) return null;
      continuationToken = next;
    }
    throw new HostResponseError('azureDevOps', null, `azureDevOps listed more than ${maxRefPages} pages of refs named like ${fullName}.`);
  }

  async function resolveRef(repository: string, request: RefRequest): Promise<ResolvedRef> {
    const { path } = parseRepository(repository);
    if (request.pullRequest !== undefined && request.pullRequest !== null) {
      const id = checkPullRequest('azureDevOps', request.pullRequest);
      const { data } = await http.json(http.url(`${path}/pullrequests/${id}`, withVersion()), pullRequestSchema);
      return { ref: branchName(data.sourceRefName), commitSha: checkCommitSha('azureDevOps', data.lastMergeSourceCommit.commitId), pullRequest: id };
    }
    let ref = request.ref === null ? null : checkRef('azureDevOps', request.ref);
    if (ref === null) {
      const { data } = await http.json(http.url(path, withVersion()), repositorySchema);
      if (!data.defaultBranch) throw new HostNotFoundError('azureDevOps', 200, `azureDevOps repository ${repository} has no default branch (it is empty).`);
      ref = branchName(data.defaultBranch);
    }
    for (const fullName of [`refs/heads/${ref}`, `refs/tags/${ref}`]) {
      const sha = await commitOfRefName(path, fullName);
      if (sha !== null) return { ref, commitSha: checkCommitSha('azureDevOps', sha), pullRequest: null };
    }
    if (isFullCommitSha(ref)) {
      const { data } = await http.json(http.url(`${path}/commits/${ref.toLowerCase()}`, withVersion()), commitSchema);
      return { ref, commitSha: checkCommitSha('azureDevOps', data.commitId), pullRequest: null };
    }
    throw new HostNotFoundError('azureDevOps', 404, `azureDevOps repository ${repository} has no branch, tag or commit named ${ref}.`);
  }

  /** Items - Get of the root folder at the commit as a zip (paths at the zip's root, no top folder). */
  async function* readTree(repository: string, commitSha: string, treeOptions: TreeReadOptions): AsyncGenerator<SourceEntry> {
    const sha = checkCommitSha('azureDevOps', commitSha);
    const { path } = parseRepository(repository);
    const query = withVersion({
      path: '/',
      recursionLevel: 'Full',
      'versionDescriptor.version': sha,
      'versionDescriptor.versionType': 'commit',
      $format: 'zip',
      download: true,
    });
    const { body } = await http.stream(http.url(`${path}/items`, query), { headers: { accept: 'application/zip' }, followsOtherOrigins: true });
    yield* readArchive(body, { ...treeOptions, format: 'zip', temporaryDirectory: options.temporaryDirectory });
  }

  /** Projects - List with `$top=1` in the organization: the token can read it. Azure DevOps has no "who am I" on this origin. */
  const testConnection = (testOptions?: { owner?: string | null }) =>
    reportConnection(async () => {
      const [organization] = parseOwner(testOptions?.owner);
      await http.json(http.url(`${encodeURIComponent(organization!)}/_apis/projects`, withVersion({ $top: 1 })), projectListSchema);
      return { message: `The token can read organization ${organization} of azureDevOps.` };
    });

  return { kind: 'azureDevOps', listRepositories, resolveRef, readTree, testConnection };
}
