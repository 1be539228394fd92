import type { ServerResponse } from 'node:http';
import { tarGzOfFolder } from '../archive-builders';
import { headerOf, sendBytes, sendJson, startFakeHttpServer } from './fake-http-server';
import {
  commitOf,
  type FakeHost,
  type FakeHostOptions,
  type FakeRepository,
  fakeHostOf,
  findRepository,
  httpDate,
  pageOf,
  pagingOf,
  type RateLimitSwitch,
  segmentsUnder,
} from './fake-host';

/**
 * A fake GitHub REST v3 API answering the calls of lib/features/sources/hosts/github-client.ts
 * as docs.github.com describes them: Bearer tokens, `Link` paging, the
 * `application/vnd.github.sha` media type, 422 for an unknown commit, and a
 * tarball that redirects (302) to a separate codeload server on another
 * origin with a signed `?token=` for private repositories.
 */

export interface FakeGitHubOptions extends FakeHostOptions {
  /** Owners that are organizations (others are users). */
  organizations?: string[];
  /** The `X-OAuth-Scopes` of the token; left out: the header is not sent (a fine-grained token). */
  scopes?: string;
}

export interface FakeGitHub extends FakeHost {
  /** The download server the tarball redirects to (codeload.github.com). */
  readonly codeload: { origin: string; requests: FakeHost['requests'] };
}

const docs = 'https://docs.github.com/rest';
const signedDownloadToken = 'SIGNED-DOWNLOAD-TOKEN';

function errorBody(message: string) {
  return { message, documentation_url: docs, status: '' };
}

function rateLimitResponse(response: ServerResponse, limit: RateLimitSwitch) {
  switch (limit.kind) {
    case 'retry-after':
      return sendJson(response, 429, errorBody('API rate limit exceeded'), { 'retry-after': String(limit.seconds) });
    case 'retry-after-date':
      return sendJson(response, 429, errorBody('API rate limit exceeded'), { 'retry-after': httpDate(limit.date) });
    case 'secondary':
      return sendJson(
        response,
        403,
        errorBody('You have exceeded a secondary rate limit. Please wait a few minutes before you try again.'),
        limit.retryAfterSeconds === undefined ? {} : { 'retry-after': String(limit.retryAfterSeconds) },
      );
    case 'quota-exhausted':
      return sendJson(response, 403, errorBody('API rate limit exceeded for user ID 1.'), {
        'x-ratelimit-limit': '5000',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-used': '5000',
        'x-ratelimit-reset': String(limit.resetEpochSeconds),
        'x-ratelimit-resource': 'core',
      });
  }
}

function repositoryJson(origin: string, repository: FakeRepository) {
  return {
    id: Math.abs(hash(repository.fullName)),
    name: repository.fullName.split('/')[1],
    full_name: repository.fullName,
    owner: { login: repository.fullName.split('/')[0] },
    private: repository.private ?? false,
    html_url: `https://github.example/${repository.fullName}`,
    url: `${origin}/repos/${repository.fullName}`,
    default_branch: repository.defaultBranch,
    visibility: repository.private ? 'private' : 'public',
  };
}

function hash(text: string): number {
  let value = 0;
  for (const char of text) value = (value * 31 + char.charCodeAt(0)) | 0;
  return value;
}

/** Starts the fake API and its codeload server. */
export async function startFakeGitHub(options: FakeGitHubOptions): Promise<FakeGitHub> {
  const basePath = options.basePath ?? '';
  const organizations = new Set((options.organizations ?? []).map((name) => name.toLowerCase()));

  const codeload = await startFakeHttpServer(async (request, response) => {
    // /{owner}/{repo}/legacy.tar.gz/{sha}
    const [owner, name, kind, sha] = request.segments;
    const repository = owner && name ? findRepository(options, `${owner}/${name}`) : null;
    const folder = sha ? repository?.trees?.[sha] : undefined;
    if (!repository || kind !== 'legacy.tar.gz' || !folder || !sha) return sendBytes(response, 404, 'Not Found', { 'content-type': 'text/plain' });
    if (repository.private && request.query.get('token') !== signedDownloadToken) return sendBytes(response, 404, 'Not Found', { 'content-type': 'text/plain' });
    const archive = await tarGzOfFolder(folder, `${owner}-${name}-${sha.slice(0, 7)}`, sha, repository.symlinks);
    sendBytes(response, 200, archive, { 'content-type': 'application/x-gzip', 'content-disposition': `attachment; filename=${owner}-${name}-${sha.slice(0, 7)}.tar.gz` });
  });

  const server = await startFakeHttpServer(async (request, response) => {
    const authorization = headerOf(request, 'authorization');
    const presented = authorization?.replace(/^(Bearer|token)\s+/i, '');
    if (presented !== undefined && presented !== options.token) return sendJson(response, 401, errorBody('Bad credentials'));
    const signedIn = presented !== undefined;
    const quota = { 'x-ratelimit-limit': signedIn ? '5000' : '60', 'x-ratelimit-remaining': signedIn ? '4999' : '59', 'x-ratelimit-resource': 'core' };
    const visible = (repository: FakeRepository | null) => (repository && (!repository.private || signedIn) ? repository : null);
    const segments = segmentsUnder(request, basePath);
    if (!segments || request.method !== 'GET') return sendJson(response, 404, errorBody('Not Found'));
    const [first, second, third, fourth, ...rest] = segments;

    const listing = (repositories: FakeRepository[]) => {
      const { page, perPage } = pagingOf(request, options, 'page', 'per_page', 30);
      const sorted = [...repositories].sort((a, b) => a.fullName.localeCompare(b.fullName));
      const result = pageOf(sorted, page, perPage);
      const link = (target: number, rel: string) => {
        const url = new URL(`${server.origin}${request.rawPath}`);
        url.searchParams.set('page', String(target));
        return `<${url.href}>; rel="${rel}"`;
      };
      const last = Math.max(1, Math.ceil(sorted.length / perPage));
      const links = [...(result.hasNext ? [link(page + 1, 'next'), link(last, 'last')] : []), ...(page > 1 ? [link(1, 'first'), link(page - 1, 'prev')] : [])];
      sendJson(
        response,
        200,
        result.items.map((repository) => repositoryJson(server.origin, repository)),
        { ...quota, ...(links.length ? { link: links.join(', ') } : {}) },
      );
    };

    if (first === 'user' && second === undefined) {
      if (!signedIn) return sendJson(response, 401, errorBody('Requires authentication'));
      return sendJson(response, 200, { login: options.login ?? 'octocat', id: 1, type: 'User' }, { ...quota, ...(options.scopes !== undefined ? { 'x-oauth-scopes': options.scopes } : {}) });
    }
    if (first === 'user' && second === 'repos') {
      if (!signedIn) return sendJson(response, 401, errorBody('Requires authentication'));
      return listing(options.repositories);
    }
    if ((first === 'orgs' || first === 'users') && second && third === 'repos' && fourth === undefined) {
      const isOrganization = organizations.has(second.toLowerCase());
      if ((first === 'orgs') !== isOrganization) return sendJson(response, 404, errorBody('Not Found'));
      return listing(options.repositories.filter((repository) => repository.fullName.split('/')[0]!.toLowerCase() === second.toLowerCase() && visible(repository)));
    }
    if (first !== 'repos' || !second || !third) return sendJson(response, 404, errorBody('Not Found'));
    const repository = visible(findRepository(options, `${second}/${third}`));
    if (!repository) return sendJson(response, 404, errorBody('Not Found'));
    if (fourth === undefined) return sendJson(response, 200, repositoryJson(server.origin, repository), quota);

    if (fourth === 'commits' && rest.length === 1) {
      const ref = rest[0]!;
      if (!repository.branches || Object.keys(repository.branches).length === 0) return sendJson(response, 409, errorBody('Git Repository is empty.'));
      const sha = commitOf(repository, ref);
      if (!sha) return sendJson(response, 422, errorBody(`No commit found for SHA: ${ref}`));
      if (headerOf(request, 'accept')?.includes('application/vnd.github.sha')) return sendBytes(response, 200, sha, { 'content-type': 'application/vnd.github.sha; charset=utf-8', ...quota });
      return sendJson(response, 200, { sha, commit: { message: 'fake commit' }, files: [] }, quota);
    }
    if (fourth === 'pulls' && rest.length === 1) {
      const pull = repository.pullRequests?.[Number(rest[0])];
      if (!pull) return sendJson(response, 404, errorBody('Not Found'));
      return sendJson(response, 200, { number: Number(rest[0]), state: 'open', head: { ref: pull.sourceBranch, sha: pull.commitSha, label: `${second}:${pull.sourceBranch}` }, base: { ref: repository.defaultBranch } }, quota);
    }
    if (fourth === 'tarball' && rest.length === 1) {
      const sha = commitOf(repository, rest[0]!);
      if (!sha) return sendJson(response, 404, errorBody('Not Found'));
      const location = `${codeload.origin}/${second}/${third}/legacy.tar.gz/${sha}${repository.private ? `?token=${signedDownloadToken}` : ''}`;
      response.writeHead(302, { location, 'content-length': 0, ...quota });
      return response.end();
    }
    return sendJson(response, 404, errorBody('Not Found'));
  });

  const host = fakeHostOf(
    server,
    basePath,
    {
      errorResponse: (response, status) => sendJson(response, status, errorBody(status === 401 ? 'Bad credentials' : status === 404 ? 'Not Found' : 'Server Error')),
      rateLimitResponse,
    },
    { close: () => codeload.close() },
  );
  return { ...host, codeload: { origin: codeload.origin, requests: codeload.requests } };
}

