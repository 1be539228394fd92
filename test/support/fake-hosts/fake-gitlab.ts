import type { ServerResponse } from 'node:http';
import { tarGzOfFolder } from '../archive-builders';
import { headerOf, sendBytes, sendJson, startFakeHttpServer } from './fake-http-server';
import { commitOf, type FakeHost, type FakeHostOptions, type FakeRepository, fakeHostOf, findRepository, httpDate, pageOf, pagingOf, type RateLimitSwitch, segmentsUnder } from './fake-host';

/**
 * A fake GitLab REST v4 API (base path `/api/v4`) answering the calls of
 * lib/features/sources/hosts/gitlab-client.ts as docs.gitlab.com describes them:
 * `PRIVATE-TOKEN`, projects addressed by URL-encoded path, offset paging with
 * `Link` and `X-Next-Page`, `RateLimit-*` headers, `{"message":"404 … Not Found"}` bodies.
 */

export interface FakeGitLabOptions extends FakeHostOptions {
  /** Top-level namespaces that are users (the others are groups). */
  users?: string[];
  /** The token's scopes, answered by /personal_access_tokens/self. */
  scopes?: string[];
}

function rateLimitResponse(response: ServerResponse, limit: RateLimitSwitch) {
  const reset = limit.kind === 'quota-exhausted' ? limit.resetEpochSeconds : Math.floor(Date.now() / 1000) + 60;
  const headers: Record<string, string> = {
    'content-type': 'text/plain',
    'ratelimit-name': 'throttle_authenticated_api',
    'ratelimit-limit': '2000',
    'ratelimit-observed': '2001',
    'ratelimit-remaining': '0',
    'ratelimit-reset': String(reset),
    'ratelimit-resettime': httpDate(new Date(reset * 1000)),
  };
  if (limit.kind === 'retry-after') headers['retry-after'] = String(limit.seconds);
  if (limit.kind === 'retry-after-date') headers['retry-after'] = httpDate(limit.date);
  if (limit.kind === 'secondary' && limit.retryAfterSeconds !== undefined) headers['retry-after'] = String(limit.retryAfterSeconds);
  sendBytes(response, 429, 'Retry later\n', headers);
}

const statusMessages: Record<number, string> = { 401: '401 Unauthorized', 403: '403 Forbidden', 404: '404 Not Found', 500: '500 Internal Server Error' };

/** Starts the fake GitLab API. */
export async function startFakeGitLab(options: FakeGitLabOptions): Promise<FakeHost> {
  const basePath = options.basePath ?? '/api/v4';
  const users = new Set((options.users ?? []).map((name) => name.toLowerCase()));

  const server = await startFakeHttpServer(async (request, response) => {
    const presented = headerOf(request, 'private-token');
    if (presented !== undefined && presented !== options.token) return sendJson(response, 401, { message: '401 Unauthorized' });
    const signedIn = presented !== undefined;
    const visible = (repository: FakeRepository | null) => (repository && (!repository.private || signedIn) ? repository : null);
    const projectJson = (repository: FakeRepository) => ({
      id: Math.abs([...repository.fullName].reduce((value, char) => (value * 31 + char.charCodeAt(0)) | 0, 7)),
      path: repository.fullName.split('/').at(-1),
      path_with_namespace: repository.fullName,
      default_branch: repository.defaultBranch,
      web_url: `https://gitlab.example/${repository.fullName}`,
      // An anonymous caller gets only the simple fields, without visibility.
      ...(signedIn ? { visibility: repository.private ? 'private' : 'public' } : {}),
    });
    const segments = segmentsUnder(request, basePath);
    if (!segments || request.method !== 'GET') return sendJson(response, 404, { message: '404 Not Found' });
    const [first, second, third, fourth, ...rest] = segments;

    const listing = (repositories: FakeRepository[]) => {
      const { page, perPage } = pagingOf(request, options, 'page', 'per_page', 20);
      const sorted = repositories.filter((repository) => visible(repository)).sort((a, b) => a.fullName.localeCompare(b.fullName));
      const result = pageOf(sorted, page, perPage);
      const totalPages = Math.max(1, Math.ceil(sorted.length / perPage));
      const link = (target: number, rel: string) => {
        const url = new URL(`${server.origin}${request.rawPath}`);
        url.searchParams.set('page', String(target));
        return `<${url.href}>; rel="${rel}"`;
      };
      const links = [...(result.hasNext ? [link(page + 1, 'next')] : []), ...(page > 1 ? [link(page - 1, 'prev')] : []), link(1, 'first'), link(totalPages, 'last')];
      sendJson(
        response,
        200,
        result.items.map(projectJson),
        {
          link: links.join(', '),
          'x-page': String(page),
          'x-per-page': String(perPage),
          'x-next-page': result.hasNext ? String(page + 1) : '',
          'x-prev-page': page > 1 ? String(page - 1) : '',
          'x-total': String(sorted.length),
          'x-total-pages': String(totalPages),
        },
      );
    };

    if (first === 'user' && second === undefined) {
      if (!signedIn) return sendJson(response, 401, { message: '401 Unauthorized' });
      return sendJson(response, 200, { id: 1, username: options.login ?? 'gitlab-user', name: 'GitLab User', state: 'active' });
    }
    if (first === 'personal_access_tokens' && second === 'self') {
      if (!signedIn) return sendJson(response, 401, { message: '401 Unauthorized' });
      return sendJson(response, 200, { id: 9, name: 'svc', revoked: false, active: true, scopes: options.scopes ?? ['read_api'], user_id: 1 });
    }
    if (first === 'projects' && second === undefined) {
      return listing(request.query.get('membership') === 'true' && !signedIn ? [] : options.repositories);
    }
    if (first === 'groups' && second && third === 'projects') {
      const group = second.toLowerCase();
      const known = options.repositories.some((repository) => repository.fullName.toLowerCase().startsWith(`${group}/`)) && !users.has(group.split('/')[0]!);
      if (!known) return sendJson(response, 404, { message: '404 Group Not Found' });
      const subgroups = request.query.get('include_subgroups') === 'true';
      return listing(
        options.repositories.filter((repository) => {
          const namespace = repository.fullName.toLowerCase().split('/').slice(0, -1).join('/');
          return subgroups ? namespace === group || namespace.startsWith(`${group}/`) : namespace === group;
        }),
      );
    }
    if (first === 'users' && second && third === 'projects') {
      if (!users.has(second.toLowerCase())) return sendJson(response, 404, { message: '404 User Not Found' });
      return listing(options.repositories.filter((repository) => repository.fullName.toLowerCase().startsWith(`${second.toLowerCase()}/`)));
    }
    if (first !== 'projects' || !second) return sendJson(response, 404, { message: '404 Not Found' });
    const repository = visible(findRepository(options, second));
    if (!repository) return sendJson(response, 404, { message: '404 Project Not Found' });
    if (third === undefined) return sendJson(response, 200, projectJson(repository));

    if (third === 'repository' && fourth === 'commits' && rest.length === 1) {
      const sha = commitOf(repository, rest[0]!);
      if (!sha) return sendJson(response, 404, { message: '404 Commit Not Found' });
      return sendJson(response, 200, { id: sha, short_id: sha.slice(0, 8), title: 'fake commit' });
    }
    if (third === 'merge_requests' && fourth && rest.length === 0) {
      const merge = repository.pullRequests?.[Number(fourth)];
      if (!merge) return sendJson(response, 404, { message: '404 Not found' });
      return sendJson(response, 200, { id: 1000 + Number(fourth), iid: Number(fourth), state: 'opened', source_branch: merge.sourceBranch, target_branch: repository.defaultBranch, sha: merge.commitSha });
    }
    if (third === 'repository' && fourth === 'archive.tar.gz' && rest.length === 0) {
      const sha = commitOf(repository, request.query.get('sha') ?? repository.defaultBranch ?? '');
      const folder = sha ? repository.trees?.[sha] : undefined;
      if (!sha || !folder) return sendJson(response, 404, { message: '404 File Not Found' });
      const name = repository.fullName.split('/').at(-1)!;
      const archive = await tarGzOfFolder(folder, `${name}-${sha}-${sha}`, sha, repository.symlinks);
      return sendBytes(response, 200, archive, { 'content-type': 'application/octet-stream', 'content-disposition': `attachment; filename="${name}-${sha}.tar.gz"` });
    }
    return sendJson(response, 404, { message: '404 Not Found' });
  });

  return fakeHostOf(server, basePath, {
    errorResponse: (response, status) => sendJson(response, status, { message: statusMessages[status] ?? `${status} Error` }),
    rateLimitResponse,
  });
}
