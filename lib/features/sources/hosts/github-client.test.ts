import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFolderTree } from '../../../../test/support/archive-builders';
import { fakeClock } from '../../../../test/support/fake-hosts/fake-clock';
import { type FakeGitHub, startFakeGitHub } from '../../../../test/support/fake-hosts/fake-github';
import type { FakeRepository } from '../../../../test/support/fake-hosts/fake-host';
import { startFakeHttpServer } from '../../../../test/support/fake-hosts/fake-http-server';
import { ArchiveRefusedError } from '../archive/archive-errors';
import type { SourceEntry } from '../archive/source-entry';
import { createGitHostClient } from './host-client';
import type { GitHostClientOptions } from './host-client-types';
import { HostAuthError, HostNotFoundError, HostOffError, HostRateLimitedError, HostResponseError, HostUnreachableError } from './host-errors';
import { openOutboundFetch } from '../../../../test/support/outbound';

const token = 'ghp_valid-token';
const mainSha = 'a'.repeat(40);
const featureSha = 'b'.repeat(40);
const tagSha = 'c'.repeat(40);
const prSha = 'd'.repeat(40);
const limits = { maxArchiveBytes: 10 * 1024 * 1024 };

async function files(entries: AsyncIterable<SourceEntry>): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for await (const entry of entries) result[entry.path] = (await entry.read()).toString('utf8');
  return result;
}

describe('GitHub client against the fake GitHub API', () => {
  let fake: FakeGitHub;
  let other: FakeGitHub;
  let mainTree: string;
  let featureTree: string;

  beforeAll(async () => {
    mainTree = await makeFolderTree({ 'README.md': '# shop\n', 'src/index.ts': 'export const a = 1;\n', 'src/api/orders.ts': 'export {};\n' });
    featureTree = await makeFolderTree({ 'README.md': '# shop (feature)\n' });
    const repositories: FakeRepository[] = [
      {
        fullName: 'acme/shop',
        private: true,
        defaultBranch: 'main',
        branches: { main: mainSha, 'feature/pay': featureSha },
        tags: { 'v1.0': tagSha },
        pullRequests: { 7: { sourceBranch: 'feature/pay', commitSha: prSha } },
        trees: { [mainSha]: mainTree, [featureSha]: featureTree, [prSha]: featureTree },
      },
      { fullName: 'acme/api', defaultBranch: 'main', branches: { main: mainSha }, trees: { [mainSha]: mainTree } },
      { fullName: 'acme/web', defaultBranch: 'trunk', branches: { trunk: mainSha } },
      { fullName: 'acme/empty', defaultBranch: 'main' },
      { fullName: 'octocat/hello', defaultBranch: 'master', branches: { master: mainSha } },
      { fullName: 'acme/links', defaultBranch: 'main', branches: { main: mainSha }, trees: { [mainSha]: mainTree }, symlinks: { 'etc-link': '/etc/passwd' } },
    ];
    fake = await startFakeGitHub({ repositories, token, maxPageSize: 2, organizations: ['acme'], scopes: 'repo, read:org' });
    other = await startFakeGitHub({ repositories, token: null, organizations: ['acme'] });
  });
  afterAll(async () => {
    await fake.close();
    await other.close();
  });

  const client = (overrides: Partial<GitHostClientOptions> = {}) => createGitHostClient('github', { fetch: openOutboundFetch, apiBaseUrl: fake.apiBaseUrl, token, ...overrides });
  const requestsSince = (mark: number) => fake.requests.slice(mark);

  it('lists the repositories the token reads across pages by the Link header', async () => {
    const first = await client().listRepositories({ page: 1 });
    expect(first.items.map((item) => item.fullName)).toEqual(['acme/api', 'acme/empty']);
    expect(first.nextPage).toBe(2);
    const pages = [first];
    while (pages.at(-1)!.nextPage !== null) pages.push(await client().listRepositories({ page: pages.at(-1)!.nextPage! }));
    expect(pages).toHaveLength(3);
    expect(pages.flatMap((page) => page.items.map((item) => item.fullName))).toEqual(['acme/api', 'acme/empty', 'acme/links', 'acme/shop', 'acme/web', 'octocat/hello']);
    expect(pages[1]!.items.find((item) => item.fullName === 'acme/shop')).toEqual({ fullName: 'acme/shop', defaultBranch: 'main', private: true, webUrl: 'https://github.example/acme/shop' });
    const sent = fake.requests.find((request) => request.path.startsWith('/user/repos'))!;
    expect(sent.path).toContain('per_page=100');
    expect(sent.headers.authorization).toBe(`Bearer ${token}`);
    expect(sent.headers['x-github-api-version']).toBe('2022-11-28');
    expect(sent.headers.accept).toContain('application/vnd.github+json');
  });

  it("lists an organization's repositories, and falls back to a user's public ones", async () => {
    const organization = await client().listRepositories({ owner: 'acme', page: 3 });
    expect(organization.items.map((item) => item.fullName)).toEqual(['acme/web']);
    expect(organization.nextPage).toBeNull();
    const mark = fake.requests.length;
    const user = await client().listRepositories({ owner: 'octocat', page: 1 });
    expect(user.items.map((item) => item.fullName)).toEqual(['octocat/hello']);
    expect(requestsSince(mark).map((request) => request.path.split('?')[0])).toEqual(['/orgs/octocat/repos', '/users/octocat/repos']);
  });

  it('resolves the default branch, a branch with a slash, a tag, a SHA and a pull request to full SHAs', async () => {
    const github = client();
    expect(await github.resolveRef('acme/shop', { ref: null })).toEqual({ ref: 'main', commitSha: mainSha, pullRequest: null });
    expect(await github.resolveRef('acme/shop', { ref: 'feature/pay' })).toEqual({ ref: 'feature/pay', commitSha: featureSha, pullRequest: null });
    expect(await github.resolveRef('acme/shop', { ref: 'v1.0' })).toEqual({ ref: 'v1.0', commitSha: tagSha, pullRequest: null });
    expect(await github.resolveRef('acme/shop', { ref: featureSha })).toEqual({ ref: featureSha, commitSha: featureSha, pullRequest: null });
    expect(await github.resolveRef('acme/shop', { ref: 'ignored', pullRequest: 7 })).toEqual({ ref: 'feature/pay', commitSha: prSha, pullRequest: 7 });
    expect(fake.requests.some((request) => request.path === '/repos/acme/shop/commits/feature%2Fpay')).toBe(true);
    expect(fake.requests.some((request) => request.path === '/repos/acme/shop/pulls/7')).toBe(true);
  });

  it('answers HostNotFoundError for an unknown ref (GitHub 422), pull request, repository and an empty repository', async () => {
    const github = client();
    await expect(github.resolveRef('acme/shop', { ref: 'nope' })).rejects.toBeInstanceOf(HostNotFoundError);
    await expect(github.resolveRef('acme/shop', { ref: null, pullRequest: 99 })).rejects.toBeInstanceOf(HostNotFoundError);
    await expect(github.resolveRef('acme/missing', { ref: null })).rejects.toBeInstanceOf(HostNotFoundError);
    await expect(github.resolveRef('acme/empty', { ref: null })).rejects.toBeInstanceOf(HostNotFoundError);
  });

  it('downloads the tarball of a commit, strips its top folder, and never sends the token to the download origin', async () => {
    const codeloadMark = fake.codeload.requests.length;
    expect(await files(client().readTree('acme/shop', mainSha, limits))).toEqual({
      'README.md': '# shop\n',
      'src/api/orders.ts': 'export {};\n',
      'src/index.ts': 'export const a = 1;\n',
    });
    const downloads = fake.codeload.requests.slice(codeloadMark);
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.path).toBe(`/acme/shop/legacy.tar.gz/${mainSha}?token=SIGNED-DOWNLOAD-TOKEN`);
    expect(downloads[0]!.headers.authorization).toBeUndefined();
    expect(fake.requests.find((request) => request.path === `/repos/acme/shop/tarball/${mainSha}`)!.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('refuses a tree holding a symlink, naming it', async () => {
    const error = await files(client().readTree('acme/links', mainSha, limits)).catch((caught) => caught);
    expect(error).toBeInstanceOf(ArchiveRefusedError);
    expect(error).toMatchObject({ reason: 'symlink', entryPath: expect.stringMatching(/etc-link$/) });
  });

  it('never follows a redirect off the API origin (the other origin is not called); keeps the token on the same origin', async () => {
    const otherMark = other.requests.length;
    fake.redirectNext(other.origin, { status: 307, match: (request) => request.rawPath.startsWith('/orgs/acme/repos') });
    const error = await client().listRepositories({ owner: 'acme', page: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HostResponseError);
    expect((error as Error).message).toBe('github redirected GET /orgs/acme/repos to another origin, which is not followed.');
    expect(other.requests.slice(otherMark)).toEqual([]);

    const mark = fake.requests.length;
    fake.redirectNext(fake.origin, { match: (request) => request.rawPath === '/user' });
    expect((await client().testConnection()).ok).toBe(true);
    const sent = requestsSince(mark);
    expect(sent).toHaveLength(2);
    for (const request of sent) expect(request.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('waits out a 429 Retry-After, then succeeds', async () => {
    const clock = fakeClock();
    fake.rateLimitNext({ kind: 'retry-after', seconds: 2 });
    const page = await client(clock).listRepositories({ page: 1 });
    expect(page.items).toHaveLength(2);
    expect(clock.sleeps).toEqual([2000]);
  });

  it('waits one minute on a secondary limit without Retry-After (GitHub\'s advice), but not past the 60 s budget', async () => {
    const clock = fakeClock();
    fake.rateLimitNext({ kind: 'secondary' });
    expect((await client(clock).listRepositories({ page: 1 })).items).toHaveLength(2);
    expect(clock.sleeps).toEqual([60_000]);

    const second = fakeClock();
    fake.rateLimitNext({ kind: 'retry-after', seconds: 2 });
    fake.rateLimitNext({ kind: 'secondary' });
    const error = await client(second).listRepositories({ page: 1 }).catch((caught) => caught);
    expect(error).toBeInstanceOf(HostRateLimitedError);
    expect(error.status).toBe(403);
    expect(second.sleeps).toEqual([2000]);
  });

  it('waits for X-RateLimit-Reset when the quota is used up, within the budget', async () => {
    const clock = fakeClock();
    fake.rateLimitNext({ kind: 'quota-exhausted', resetEpochSeconds: clock.now() / 1000 + 30 });
    expect((await client(clock).resolveRef('acme/shop', { ref: 'main' })).commitSha).toBe(mainSha);
    expect(clock.sleeps).toEqual([30_000]);
  });

  it('honours a secondary limit with Retry-After and an HTTP-date Retry-After', async () => {
    const clock = fakeClock();
    fake.rateLimitNext({ kind: 'secondary', retryAfterSeconds: 5 });
    fake.rateLimitNext({ kind: 'retry-after-date', date: new Date(clock.now() + 5000 + 20_000) });
    expect((await client(clock).testConnection()).ok).toBe(true);
    expect(clock.sleeps).toEqual([5000, 20_000]);
  });

  it('throws HostRateLimitedError with the retry time when the wait is beyond the budget or the tries run out', async () => {
    const clock = fakeClock();
    const reset = clock.now() / 1000 + 3600;
    fake.rateLimitNext({ kind: 'quota-exhausted', resetEpochSeconds: reset });
    const error = await client(clock).listRepositories({ page: 1 }).catch((caught) => caught);
    expect(error).toBeInstanceOf(HostRateLimitedError);
    expect((error as HostRateLimitedError).retryAt.getTime()).toBe(reset * 1000);
    expect((error as HostRateLimitedError).retryAfterSeconds).toBe(3600);
    expect(clock.sleeps).toEqual([]);

    fake.rateLimitNext({ kind: 'retry-after', seconds: 1 }, { times: 3 });
    const exhausted = await client(clock).listRepositories({ page: 1 }).catch((caught) => caught);
    expect(exhausted).toBeInstanceOf(HostRateLimitedError);
    expect(clock.sleeps).toEqual([1000, 1000]);
  });

  it('waits before the next call when an answer said the quota is used up', async () => {
    const clock = fakeClock();
    const github = client(clock);
    fake.server.intercept((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(clock.now() / 1000 + 12) });
      response.end(JSON.stringify({ login: 'octocat' }));
    });
    expect((await github.testConnection()).login).toBe('octocat');
    expect(clock.sleeps).toEqual([]);
    await github.testConnection();
    expect(clock.sleeps).toEqual([12_000]);
  });

  it('reports a working token with its login and scopes, and a refused one with its status', async () => {
    expect(await client().testConnection()).toEqual({ ok: true, status: 200, login: 'octocat', scopes: ['repo', 'read:org'], message: 'The token works for github user octocat.' });
    const refused = await client({ token: 'wrong' }).testConnection();
    expect(refused).toMatchObject({ ok: false, status: 401 });
    expect(refused.message).toContain('Bad credentials');
    expect(refused.message).not.toContain('wrong');
  });

  it('types its failures: 401, 403, 404, 500, a body that is not JSON, a wrong shape, no answer, a timeout', async () => {
    await expect(client({ token: 'wrong' }).listRepositories({ page: 1 })).rejects.toBeInstanceOf(HostAuthError);
    fake.failNext(403);
    await expect(client().listRepositories({ page: 1 })).rejects.toBeInstanceOf(HostAuthError);
    fake.failNext(404);
    await expect(client().listRepositories({ page: 1 })).rejects.toBeInstanceOf(HostNotFoundError);
    fake.failNext(500);
    await expect(client().listRepositories({ page: 1 })).rejects.toMatchObject({ name: 'HostResponseError', status: 500 });
    fake.server.intercept((_, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>maintenance</html>');
    });
    await expect(client().listRepositories({ page: 1 })).rejects.toThrow(/not JSON/);
    fake.server.intercept((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify([{ full_name: 'a/b', private: 'yes', html_url: 'x' }]));
    });
    const shape = await client().listRepositories({ page: 1 }).catch((caught) => caught);
    expect(shape).toBeInstanceOf(HostResponseError);
    expect(shape.message).toContain('0.private');

    const closed = await startFakeHttpServer(() => undefined);
    const closedUrl = closed.origin;
    await closed.close();
    await expect(client({ apiBaseUrl: closedUrl }).listRepositories({ page: 1 })).rejects.toBeInstanceOf(HostUnreachableError);

    fake.server.intercept(() => new Promise(() => undefined));
    const timeout = await client({ timeoutMs: 200 }).listRepositories({ page: 1 }).catch((caught) => caught);
    expect(timeout).toBeInstanceOf(HostUnreachableError);
    expect(timeout.message).toMatch(/did not answer/);
  });

  it('refuses bad input before sending, and an empty apiBaseUrl as a host that is off', async () => {
    const mark = fake.requests.length;
    await expect(client().resolveRef('acme', { ref: null })).rejects.toMatchObject({ name: 'HostInputError' });
    await expect(client().resolveRef('acme/../x', { ref: null })).rejects.toMatchObject({ name: 'HostInputError' });
    await expect(client().resolveRef('acme/shop', { ref: 'has space' })).rejects.toMatchObject({ name: 'HostInputError' });
    await expect(files(client().readTree('acme/shop', 'main', limits))).rejects.toMatchObject({ name: 'HostInputError' });
    await expect(client().listRepositories({ page: 0 })).rejects.toMatchObject({ name: 'HostInputError' });
    expect(fake.requests.length).toBe(mark);
    expect(() => createGitHostClient('github', { fetch: openOutboundFetch, apiBaseUrl: '', token })).toThrow(HostOffError);
  });

  it('works under a GitHub Enterprise base path', async () => {
    const enterprise = await startFakeGitHub({ repositories: [{ fullName: 'corp/app', defaultBranch: 'main', branches: { main: mainSha } }], token, basePath: '/api/v3' });
    try {
      const github = createGitHostClient('github', { fetch: openOutboundFetch, apiBaseUrl: `${enterprise.origin}/api/v3/`, token });
      expect(await github.resolveRef('corp/app', { ref: null })).toMatchObject({ commitSha: mainSha });
      expect(enterprise.requests.map((request) => request.path)).toEqual(['/api/v3/repos/corp/app', '/api/v3/repos/corp/app/commits/main']);
    } finally {
      await enterprise.close();
    }
  });
});
