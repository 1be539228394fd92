import type { ServerResponse } from 'node:http';
import { type FakeHttpServer, type FakeRequest, type InterceptOptions, type RecordedRequest, sendJson } from './fake-http-server';

/**
 * What the four fake git hosts share: the repositories they serve (trees are
 * folders on disk), the token they accept, and the switches a test flips to
 * make the next request fail, be rate-limited or be redirected elsewhere.
 */

export interface FakeRepository {
  /** `owner/repo`, `group/project`, `workspace/slug` or `organization/project/repository`. */
  fullName: string;
  private?: boolean;
  defaultBranch: string | null;
  /** Branch name → commit SHA. */
  branches?: Record<string, string>;
  /** Tag name → commit SHA. */
  tags?: Record<string, string>;
  /** Pull (merge) request number → its source branch and head commit. */
  pullRequests?: Record<number, { sourceBranch: string; commitSha: string }>;
  /** Commit SHA → folder holding the tree at that commit. */
  trees?: Record<string, string>;
  /** Symbolic links added to every tree (path → target). */
  symlinks?: Record<string, string>;
}

export interface FakeHostOptions {
  repositories: FakeRepository[];
  /** The token the fake accepts; null or left out: no credential is needed, and any is refused. */
  token?: string | null;
  /** The largest page the fake answers, below what the client asks (to test paging with few repositories). */
  maxPageSize?: number;
  /** Path prefix of the API (GitLab `/api/v4`, Bitbucket `/2.0`, GitHub Enterprise `/api/v3`). */
  basePath?: string;
  /** The account the token belongs to. */
  login?: string;
}

export type RateLimitSwitch =
  /** 429 with `Retry-After` in seconds. */
  | { kind: 'retry-after'; seconds: number }
  /** 429 with `Retry-After` as an HTTP date. */
  | { kind: 'retry-after-date'; date: Date }
  /** GitHub's 403 secondary rate limit, with or without `Retry-After`. */
  | { kind: 'secondary'; retryAfterSeconds?: number }
  /** The quota used up: remaining 0 and the reset time (epoch seconds), 403 on GitHub, 429 elsewhere. */
  | { kind: 'quota-exhausted'; resetEpochSeconds: number };

export interface FakeHost {
  readonly origin: string;
  /** What to pass as `apiBaseUrl`: the origin and the base path. */
  readonly apiBaseUrl: string;
  readonly requests: RecordedRequest[];
  readonly server: FakeHttpServer;
  /** The next matching request(s) answer this status with the host's error body. */
  failNext(status: number, options?: InterceptOptions): void;
  rateLimitNext(limit: RateLimitSwitch, options?: InterceptOptions): void;
  /** The next matching request(s) answer a redirect to the same path and query on `toOrigin`. */
  redirectNext(toOrigin: string, options?: InterceptOptions & { status?: 301 | 302 | 307 | 308 }): void;
  close(): Promise<void>;
}

/** How a host writes its errors and rate limits. */
export interface HostDialect {
  errorResponse(response: ServerResponse, status: number): void;
  rateLimitResponse(response: ServerResponse, limit: RateLimitSwitch): void;
}

/** Wraps a started server and a host's dialect into the FakeHost switches. */
export function fakeHostOf(server: FakeHttpServer, basePath: string, dialect: HostDialect, extra: { close?: () => Promise<void> } = {}): FakeHost {
  return {
    origin: server.origin,
    apiBaseUrl: `${server.origin}${basePath}`,
    requests: server.requests,
    server,
    failNext: (status, options) => server.intercept((_, response) => dialect.errorResponse(response, status), options),
    rateLimitNext: (limit, options) => server.intercept((_, response) => dialect.rateLimitResponse(response, limit), options),
    redirectNext: (toOrigin, options = {}) =>
      server.intercept((request, response) => {
        response.writeHead(options.status ?? 302, { location: `${toOrigin}${request.rawPath}`, 'content-length': 0 });
        response.end();
      }, options),
    async close() {
      await extra.close?.();
      await server.close();
    },
  };
}

/** The repository named by the request, or null. */
export function findRepository(options: FakeHostOptions, fullName: string): FakeRepository | null {
  return options.repositories.find((repository) => repository.fullName.toLowerCase() === fullName.toLowerCase()) ?? null;
}

/** The commit of a branch, tag or full SHA of the repository, or null. */
export function commitOf(repository: FakeRepository, ref: string): string | null {
  return repository.branches?.[ref] ?? repository.tags?.[ref] ?? (repository.trees && ref in repository.trees ? ref : null);
}

/** A page of items: `page` 1-based, `perPage` capped by the fake's maxPageSize. */
export function pageOf<T>(items: T[], page: number, perPage: number): { items: T[]; hasNext: boolean } {
  const start = (page - 1) * perPage;
  return { items: items.slice(start, start + perPage), hasNext: items.length > start + perPage };
}

export function pagingOf(request: FakeRequest, options: FakeHostOptions, pageParam: string, sizeParam: string, defaultSize: number) {
  const page = Math.max(1, Number(request.query.get(pageParam) ?? '1') || 1);
  const asked = Number(request.query.get(sizeParam) ?? String(defaultSize)) || defaultSize;
  return { page, perPage: Math.max(1, Math.min(asked, 100, options.maxPageSize ?? 100)) };
}

/** Strips the base path; null when the request is outside it. */
export function segmentsUnder(request: FakeRequest, basePath: string): string[] | null {
  const base = basePath.split('/').filter((segment) => segment !== '');
  for (let i = 0; i < base.length; i += 1) if (request.segments[i] !== base[i]) return null;
  return request.segments.slice(base.length);
}

export function notFound(response: ServerResponse, body: unknown = { message: 'Not Found' }): void {
  sendJson(response, 404, body);
}

/** An HTTP date for `Retry-After`. */
export function httpDate(date: Date): string {
  return date.toUTCString();
}
