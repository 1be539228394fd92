import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFolderTree } from '../../../../test/support/archive-builders';
import { fakeClock } from '../../../../test/support/fake-hosts/fake-clock';
import type { FakeHost, FakeRepository } from '../../../../test/support/fake-hosts/fake-host';
import { startFakeGitLab } from '../../../../test/support/fake-hosts/fake-gitlab';
import { ArchiveTooLargeError } from '../archive/archive-errors';
import type { SourceEntry } from '../archive/source-entry';
import { createGitHostClient } from './host-client';
import type { GitHostClientOptions } from './host-client-types';
import { HostAuthError, HostNotFoundError, HostRateLimitedError, HostResponseError } from './host-errors';
import { openOutboundFetch } from '../../../../test/support/outbound';

const token = 'glpat-valid';
const mainSha = '1'.repeat(40);
const mrSha = '2'.repeat(40);
const limits = { maxArchiveBytes: 10 * 1024 * 1024 };

async function files(entries: AsyncIterable<SourceEntry>): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for await (const entry of entries) result[entry.path] = (await entry.read()).toString('utf8');
  return result;
}

describe('GitLab client against the fake GitLab API', () => {
  let fake: FakeHost;
  let other: FakeHost;

  beforeAll(async () => {
    const main = await makeFolderTree({ 'go.mod': 'module shop\n', 'cmd/server/main.go': 'package main\n' });
    const mr = await makeFolderTree({ 'go.mod': 'module shop\n', 'cmd/server/main.go': 'package main // mr\n' });
    const repositories: FakeRepository[] = [
      {
        fullName: 'acme/platform/shop',
        private: true,
        defaultBranch: 'main',
        branches: { main: mainSha, 'feat/x': mrSha },
        pullRequests: { 12: { sourceBranch: 'feat/x', commitSha: mrSha } },
        trees: { [mainSha]: main, [mrSha]: mr },
      },
      { fullName: 'acme/docs', defaultBranch: 'main', branches: { main: mainSha }, trees: { [mainSha]: main } },
      { fullName: 'acme/internal-tools', private: true, defaultBranch: null },
      { fullName: 'jane/dotfiles', defaultBranch: 'master', branches: { master: mainSha } },
    ];
    fake = await startFakeGitLab({ repositories, token, maxPageSize: 2, users: ['jane'], scopes: ['read_api', 'read_repository'], login: 'jane' });
    other = await startFakeGitLab({ repositories, token: null });
  });
  afterAll(async () => {
    await fake.close();
    await other.close();
  });

  const client = (overrides: Partial<GitHostClientOptions> = {}) => createGitHostClient('gitlab', { fetch: openOutboundFetch, apiBaseUrl: fake.apiBaseUrl, token, ...overrides });

  it('lists member projects across pages, sending PRIVATE-TOKEN and reading the Link header', async () => {
    const first = await client().listRepositories({ page: 1 });
    expect(first).toEqual({
      items: [
        { fullName: 'acme/docs', defaultBranch: 'main', private: false, webUrl: 'https://gitlab.example/acme/docs' },
        { fullName: 'acme/internal-tools', defaultBranch: null, private: true, webUrl: 'https://gitlab.example/acme/internal-tools' },
      ],
      nextPage: 2,
    });
    const second = await client().listRepositories({ page: 2 });
    expect(second.items.map((item) => item.fullName)).toEqual(['acme/platform/shop', 'jane/dotfiles']);
    expect(second.nextPage).toBeNull();
    const sent = fake.requests.find((request) => request.path.startsWith('/api/v4/projects?'))!;
    expect(sent.headers['private-token']).toBe(token);
    expect(sent.headers.authorization).toBeUndefined();
    expect(new URL(sent.path, 'http://x').searchParams.get('membership')).toBe('true');
  });

  it('lists a group with its subgroups, and a user namespace after the group lookup fails', async () => {
    const group = await client().listRepositories({ owner: 'acme', page: 2 });
    expect(group.items.map((item) => item.fullName)).toEqual(['acme/platform/shop']);
    const subgroup = await client().listRepositories({ owner: 'acme/platform', page: 1 });
    expect(subgroup.items.map((item) => item.fullName)).toEqual(['acme/platform/shop']);
    expect(fake.requests.some((request) => request.path.startsWith('/api/v4/groups/acme%2Fplatform/projects?'))).toBe(true);
    const user = await client().listRepositories({ owner: 'jane', page: 1 });
    expect(user.items.map((item) => item.fullName)).toEqual(['jane/dotfiles']);
  });

  it('resolves the default branch, a named branch and a merge request, addressing the project by encoded path', async () => {
    const gitlab = client();
    expect(await gitlab.resolveRef('acme/platform/shop', { ref: null })).toEqual({ ref: 'main', commitSha: mainSha, pullRequest: null });
    expect(await gitlab.resolveRef('acme/platform/shop', { ref: 'feat/x' })).toEqual({ ref: 'feat/x', commitSha: mrSha, pullRequest: null });
    expect(await gitlab.resolveRef('acme/platform/shop', { ref: null, pullRequest: 12 })).toEqual({ ref: 'feat/x', commitSha: mrSha, pullRequest: 12 });
    const paths = fake.requests.map((request) => request.path);
    expect(paths).toContain('/api/v4/projects/acme%2Fplatform%2Fshop/repository/commits/feat%2Fx');
    expect(paths).toContain('/api/v4/projects/acme%2Fplatform%2Fshop/merge_requests/12');
    await expect(gitlab.resolveRef('acme/platform/shop', { ref: 'nope' })).rejects.toBeInstanceOf(HostNotFoundError);
    await expect(gitlab.resolveRef('acme/internal-tools', { ref: null })).rejects.toThrow(/no default branch/);
  });

  it('hides a private project from a caller without the token', async () => {
    await expect(client({ token: null }).resolveRef('acme/platform/shop', { ref: null })).rejects.toBeInstanceOf(HostNotFoundError);
    const anonymous = await client({ token: null }).listRepositories({ owner: 'acme', page: 1 });
    expect(anonymous.items.map((item) => [item.fullName, item.private])).toEqual([['acme/docs', false]]);
  });

  it('downloads archive.tar.gz?sha= and strips the project-sha-sha top folder', async () => {
    expect(await files(client().readTree('acme/platform/shop', mrSha, limits))).toEqual({ 'cmd/server/main.go': 'package main // mr\n', 'go.mod': 'module shop\n' });
    expect(fake.requests.some((request) => request.path === `/api/v4/projects/acme%2Fplatform%2Fshop/repository/archive.tar.gz?sha=${mrSha}`)).toBe(true);
    await expect(files(client().readTree('acme/platform/shop', mainSha, { maxArchiveBytes: 100 }))).rejects.toBeInstanceOf(ArchiveTooLargeError);
  });

  it('waits for Retry-After, and for RateLimit-Reset when there is no Retry-After', async () => {
    const clock = fakeClock();
    fake.rateLimitNext({ kind: 'retry-after', seconds: 3 });
    fake.rateLimitNext({ kind: 'quota-exhausted', resetEpochSeconds: clock.now() / 1000 + 3 + 20 });
    expect((await client(clock).resolveRef('acme/docs', { ref: 'main' })).commitSha).toBe(mainSha);
    expect(clock.sleeps).toEqual([3000, 20_000]);

    const later = fakeClock();
    fake.rateLimitNext({ kind: 'retry-after', seconds: 120 });
    const error = await client(later).resolveRef('acme/docs', { ref: 'main' }).catch((caught) => caught);
    expect(error).toBeInstanceOf(HostRateLimitedError);
    expect(error.retryAfterSeconds).toBe(120);
    expect(later.sleeps).toEqual([]);
  });

  it('never follows a redirect to another origin, so PRIVATE-TOKEN never reaches it', async () => {
    const mark = other.requests.length;
    fake.redirectNext(other.origin, { status: 301, match: (request) => request.rawPath.startsWith('/api/v4/projects/acme%2Fdocs') });
    await expect(client().resolveRef('acme/docs', { ref: null })).rejects.toBeInstanceOf(HostResponseError);
    expect(other.requests.slice(mark)).toEqual([]);
  });

  it('reports the user and the token scopes, and a refused token', async () => {
    expect(await client().testConnection()).toEqual({ ok: true, status: 200, login: 'jane', scopes: ['read_api', 'read_repository'], message: 'The token works for gitlab user jane.' });
    expect(await client({ token: 'bad' }).testConnection()).toMatchObject({ ok: false, status: 401 });
  });

  it('types 401, 404 and 500', async () => {
    await expect(client({ token: 'bad' }).listRepositories({ page: 1 })).rejects.toBeInstanceOf(HostAuthError);
    fake.failNext(404);
    await expect(client().listRepositories({ page: 1 })).rejects.toBeInstanceOf(HostNotFoundError);
    fake.failNext(500);
    const error = await client().listRepositories({ page: 1 }).catch((caught) => caught);
    expect(error).toBeInstanceOf(HostResponseError);
    expect(error.message).toBe('gitlab answered GET /api/v4/projects with 500: 500 Internal Server Error');
  });
});
