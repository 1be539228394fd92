import type { ServerResponse } from 'node:http';
import { zipOfFolder } from '../archive-builders';
import { headerOf, sendBytes, sendJson, startFakeHttpServer } from './fake-http-server';
import { commitOf, type FakeHost, type FakeHostOptions, type FakeRepository, fakeHostOf, httpDate, type RateLimitSwitch, segmentsUnder } from './fake-host';

/**
 * A fake Azure DevOps Services REST 7.1 API (`https://dev.azure.com` shape:
 * `/{organization}/{project}/_apis/git/…`) answering the calls of
 * lib/features/sources/hosts/azure-devops-client.ts as learn.microsoft.com describes
 * them: `api-version` required, `{ count, value }` lists, Refs - List with
 * `$top` and the `x-ms-continuationtoken` header, Items - Get as a zip, and
 * `TF…` error messages. A personal access token is Basic with an empty user.
 */

export interface FakeAzureDevOpsOptions extends FakeHostOptions {
  /** Answer a refused token with 203 and a sign-in page, as Azure DevOps sometimes does, instead of 401. */
  signInPageForBadToken?: boolean;
}

function errorBody(message: string, typeKey: string) {
  return { $id: '1', innerException: null, message, typeName: `Microsoft.TeamFoundation.${typeKey}`, typeKey, errorCode: 0, eventId: 3000 };
}

function rateLimitResponse(response: ServerResponse, limit: RateLimitSwitch) {
  const headers: Record<string, string> = { 'x-ratelimit-resource': 'ATCPU', 'x-ratelimit-limit': '200', 'x-ratelimit-remaining': '0' };
  if (limit.kind === 'retry-after') headers['retry-after'] = String(limit.seconds);
  if (limit.kind === 'retry-after-date') headers['retry-after'] = httpDate(limit.date);
  if (limit.kind === 'secondary' && limit.retryAfterSeconds !== undefined) headers['retry-after'] = String(limit.retryAfterSeconds);
  if (limit.kind === 'quota-exhausted') headers['x-ratelimit-reset'] = String(limit.resetEpochSeconds);
  sendJson(response, 429, errorBody('Request was blocked due to exceeding usage of resource ATCPU.', 'RequestBlockedException'), headers);
}

function acceptedAuthorization(token: string): string[] {
  return [`Basic ${Buffer.from(`:${token}`).toString('base64')}`, `Bearer ${token}`];
}

/** Starts the fake Azure DevOps API. */
export async function startFakeAzureDevOps(options: FakeAzureDevOpsOptions): Promise<FakeHost> {
  const basePath = options.basePath ?? '';
  const server = await startFakeHttpServer(async (request, response) => {
    const authorization = headerOf(request, 'authorization');
    if (authorization !== undefined && (!options.token || !acceptedAuthorization(options.token).includes(authorization))) {
      if (options.signInPageForBadToken) return sendBytes(response, 203, '<html><body>Sign in to your account</body></html>', { 'content-type': 'text/html; charset=utf-8' });
      return sendBytes(response, 401, '', { 'content-type': 'text/html', 'www-authenticate': 'Basic realm="https://dev.azure.com/"' });
    }
    const signedIn = authorization !== undefined;
    const segments = segmentsUnder(request, basePath);
    if (!segments || request.method !== 'GET') return sendJson(response, 404, errorBody('Page not found.', 'NotFoundException'));
    if (request.query.get('api-version') !== '7.1') {
      return sendJson(response, 400, errorBody(`No api-version was supplied for the "${request.method}" request. The version must be supplied either as part of the Accept header or as a query parameter.`, 'VssVersionNotSpecifiedException'));
    }
    const visible = options.repositories.filter((repository) => !repository.private || signedIn);
    const partsOf = (repository: FakeRepository) => repository.fullName.split('/') as [string, string, string];
    const repositoryJson = (repository: FakeRepository) => {
      const [organization, project, name] = partsOf(repository);
      return {
        id: `${project}-${name}-id`,
        name,
        url: `${server.origin}/${organization}/${project}/_apis/git/repositories/${name}`,
        project: { id: `${project}-id`, name: project, state: 'wellFormed', visibility: repository.private ? 'private' : 'public' },
        ...(repository.defaultBranch ? { defaultBranch: `refs/heads/${repository.defaultBranch}` } : {}),
        webUrl: `https://dev.azure.example/${organization}/${project}/_git/${name}`,
        isDisabled: false,
      };
    };
    const notFoundRepository = (name: string) => sendJson(response, 404, errorBody(`TF401019: The Git repository with name or identifier ${name} does not exist or you do not have permissions for the operation you are attempting.`, 'GitRepositoryNotFoundException'));

    const [organization, second, third, fourth, fifth, sixth, ...rest] = segments;
    const inOrganization = visible.filter((repository) => partsOf(repository)[0].toLowerCase() === organization?.toLowerCase());
    if (second === '_apis' && third === 'projects' && fourth === undefined) {
      if (!signedIn) return sendBytes(response, 401, '', { 'content-type': 'text/html' });
      const projects = [...new Set(inOrganization.map((repository) => partsOf(repository)[1]))];
      const top = Number(request.query.get('$top') ?? projects.length);
      return sendJson(response, 200, { count: Math.min(top, projects.length), value: projects.slice(0, top).map((name) => ({ id: `${name}-id`, name, state: 'wellFormed' })) });
    }
    if (second === '_apis' && third === 'git' && fourth === 'repositories' && fifth === undefined) {
      return sendJson(response, 200, { value: inOrganization.map(repositoryJson), count: inOrganization.length });
    }
    if (third !== '_apis' || fourth !== 'git' || fifth !== 'repositories') return sendJson(response, 404, errorBody('Page not found.', 'NotFoundException'));
    const inProject = inOrganization.filter((repository) => partsOf(repository)[1].toLowerCase() === second?.toLowerCase());
    if (sixth === undefined) return sendJson(response, 200, { value: inProject.map(repositoryJson), count: inProject.length });
    const repository = inProject.find((candidate) => partsOf(candidate)[2].toLowerCase() === sixth.toLowerCase());
    if (!repository) return notFoundRepository(sixth);
    const [section, ...more] = rest;
    if (section === undefined) return sendJson(response, 200, repositoryJson(repository));

    if (section === 'refs' && more.length === 0) {
      const all = [
        ...Object.entries(repository.branches ?? {}).map(([name, sha]) => ({ name: `refs/heads/${name}`, objectId: sha })),
        // An annotated tag: its own object, peeled to the commit.
        ...Object.entries(repository.tags ?? {}).map(([name, sha]) => ({ name: `refs/tags/${name}`, objectId: `7a${sha.slice(2)}`, peeledObjectId: sha })),
        // In the order they were made: the documentation promises no order.
      ];
      const filter = request.query.get('filter');
      const matching = all.filter((ref) => !filter || ref.name.startsWith(`refs/${filter}`));
      const top = Math.min(Number(request.query.get('$top') ?? 1000), options.maxPageSize ?? 1000);
      const start = Number(request.query.get('continuationToken') ?? 0);
      const page = matching.slice(start, start + top).map((ref) => ({
        ...ref,
        peeledObjectId: request.query.get('peelTags') === 'true' ? (ref as { peeledObjectId?: string }).peeledObjectId : undefined,
        url: `${server.origin}/refs`,
      }));
      const headers: Record<string, string> = start + top < matching.length ? { 'x-ms-continuationtoken': String(start + top) } : {};
      return sendJson(response, 200, { value: page, count: page.length }, headers);
    }
    if (section === 'pullrequests' && more.length === 1) {
      const pull = repository.pullRequests?.[Number(more[0])];
      if (!pull) return sendJson(response, 404, errorBody(`TF401180: The requested pull request was not found.`, 'GitPullRequestNotFoundException'));
      return sendJson(response, 200, {
        pullRequestId: Number(more[0]),
        status: 'active',
        sourceRefName: `refs/heads/${pull.sourceBranch}`,
        targetRefName: `refs/heads/${repository.defaultBranch}`,
        lastMergeSourceCommit: { commitId: pull.commitSha },
        lastMergeTargetCommit: { commitId: '0'.repeat(40) },
      });
    }
    if (section === 'commits' && more.length === 1) {
      const sha = commitOf(repository, more[0]!);
      if (!sha || sha !== more[0]) return sendJson(response, 404, errorBody(`TF401175: The version descriptor <Commit: ${more[0]}> could not be resolved to a version in the repository.`, 'GitUnresolvableToCommitException'));
      return sendJson(response, 200, { commitId: sha, comment: 'fake commit' });
    }
    if (section === 'items' && more.length === 0) {
      const sha = request.query.get('versionDescriptor.version') ?? '';
      const folder = request.query.get('versionDescriptor.versionType') === 'commit' ? repository.trees?.[sha] : undefined;
      if (!folder) return sendJson(response, 404, errorBody(`TF401175: The version descriptor <Commit: ${sha}> could not be resolved to a version in the repository.`, 'GitUnresolvableToCommitException'));
      if (request.query.get('$format') !== 'zip' || request.query.get('path') !== '/') return sendJson(response, 400, errorBody('This fake answers only the root folder as a zip.', 'ArgumentException'));
      const archive = await zipOfFolder(folder, repository.symlinks);
      return sendBytes(response, 200, archive, { 'content-type': 'application/zip', 'content-disposition': `attachment; filename=${sixth}.zip` });
    }
    return sendJson(response, 404, errorBody('Page not found.', 'NotFoundException'));
  });

  return fakeHostOf(server, basePath, {
    errorResponse: (response, status) =>
      status === 401 ? sendBytes(response, 401, '', { 'content-type': 'text/html' }) : sendJson(response, status, errorBody(status === 404 ? 'Page not found.' : 'Internal error.', 'VssServiceException')),
    rateLimitResponse,
  });
}
