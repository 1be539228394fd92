import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFolderTree } from '../../../../test/support/archive-builders';
import { startFakeBitbucket } from '../../../../test/support/fake-hosts/fake-bitbucket';
import { fakeClock } from '../../../../test/support/fake-hosts/fake-clock';
import type { FakeHost, FakeRepository } from '../../../../test/support/fake-hosts/fake-host';
import { ArchiveRefusedError, ArchiveTooLargeError } from '../archive/archive-errors';
import type { SourceEntry } from '../archive/source-entry';
import { createGitHostClient } from './host-client';
import type { GitHostClientOptions } from './host-client-types';
import { HostAuthError, HostNotFoundError, HostRateLimitedError, HostResponseError } from './host-errors';
import { openOutboundFetch } from '../../../../test/support/outbound';

const accessToken = 'bb-access-token';
const mainSha = 'e'.repeat(40);
const prSha = '0123456789ab'.padEnd(40, 'f');
const tagSha = '9'.repeat(40);
const limits = { maxArchiveBytes: 10 * 1024 * 1024 };

async function files(entries: AsyncIterable<SourceEntry>): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for await (const entry of entries) result[entry.path] = (await entry.read()).toString('utf8');
  return result;
}

describe('Bitbucket Cloud client against the fake Bitbucket API', () => {
  let fake: FakeHost;
  let other: FakeHost;

  beforeAll(async () => {
    const tree = await makeFolderTree({ 'package.json': '{"name":"shop"}', 'src/a.ts': 'a', 'src/deep/b.ts': 'bb', 'docs/readme.md': 'docs' });
    const repositories: FakeRepository[] = [
      {
        fullName: 'acme/shop',
        private: true,
        defaultBranch: 'main',
        branches: { main: mainSha, 'feature/x': prSha },
        tags: { 'v2.0': tagSha },
        pullRequests: { 3: { sourceBranch: 'feature/x', commitSha: prSha } },
        trees: { [mainSha]: tree, [prSha]: tree },
      },
      { fullName: 'acme/api', defaultBranch: 'main', branches: { main: mainSha } },
      { fullName: 'acme/web', defaultBranch: 'main', branches: { main: mainSha } },
      { fullName: 'other/tool', defaultBranch: null },
      { fullName: 'acme/links', defaultBranch: 'main', branches: { main: mainSha }, trees: { [mainSha]: tree }, symlinks: { 'src/passwd': '/etc/passwd' } },
    ];
    fake = await startFakeBitbucket({ repositories, token: accessToken, maxPageSize: 2, login: 'jdoe' });
    other = await startFakeBitbucket({ repositories, token: null });
  });
  afterAll(async () => {
    await fake.close();
    await other.close();
  });

  const client = (overrides: Partial<GitHostClientOptions> = {}) => createGitHostClient('bitbucket', { fetch: openOutboundFetch, apiBaseUrl: fake.apiBaseUrl, token: accessToken, ...overrides });

  it('lists a workspace across pages by the body\'s next address, sending the access token as Bearer', async () => {
    const pages = [await client().listRepositories({ owner: 'acme', page: 1 })];
    while (pages.at(-1)!.nextPage !== null) pages.push(await client().listRepositories({ owner: 'acme', page: pages.at(-1)!.nextPage! }));
    expect(pages.map((page) => page.items.map((item) => item.fullName))).toEqual([['acme/api', 'acme/links'], ['acme/shop', 'acme/web']]);
    expect(pages[1]!.items[0]).toEqual({ fullName: 'acme/shop', defaultBranch: 'main', private: true, webUrl: 'https://bitbucket.example/acme/shop' });
    const sent = fake.requests.find((request) => request.path.startsWith('/2.0/repositories/acme?'))!;
    expect(sent.headers.authorization).toBe(`Bearer ${accessToken}`);
    expect(new URL(sent.path, 'http://x').searchParams.get('role')).toBe('member');
    const everything = await client().listRepositories({ page: 3 });
    expect(everything.items.map((item) => item.fullName)).toEqual(['other/tool']);
    expect(everything.items[0]!.defaultBranch).toBeNull();
  });

  it('sends user:secret tokens as Basic', async () => {
    const basic = await startFakeBitbucket({ repositories: [], token: 'jdoe:app-password' });
    try {
      expect(await createGitHostClient('bitbucket', { fetch: openOutboundFetch, apiBaseUrl: basic.apiBaseUrl, token: 'jdoe:app-password' }).testConnection()).toMatchObject({ ok: true, login: 'bb-user' });
      expect(basic.requests[0]!.headers.authorization).toBe(`Basic ${Buffer.from('jdoe:app-password').toString('base64')}`);
    } finally {
      await basic.close();
    }
  });

  it('resolves the main branch, a branch, a tag, and a pull request whose short hash it expands', async () => {
    const bitbucket = client();
    expect(await bitbucket.resolveRef('acme/shop', { ref: null })).toEqual({ ref: 'main', commitSha: mainSha, pullRequest: null });
    expect(await bitbucket.resolveRef('acme/shop', { ref: 'feature/x' })).toEqual({ ref: 'feature/x', commitSha: prSha, pullRequest: null });
    expect(await bitbucket.resolveRef('acme/shop', { ref: 'v2.0' })).toEqual({ ref: 'v2.0', commitSha: tagSha, pullRequest: null });
    expect(await bitbucket.resolveRef('acme/shop', { ref: null, pullRequest: 3 })).toEqual({ ref: 'feature/x', commitSha: prSha, pullRequest: 3 });
    expect(fake.requests.some((request) => request.path === '/2.0/repositories/acme/shop/commit/0123456789ab')).toBe(true);
    await expect(bitbucket.resolveRef('acme/shop', { ref: 'nope' })).rejects.toBeInstanceOf(HostNotFoundError);
    await expect(bitbucket.resolveRef('other/tool', { ref: null })).rejects.toBeInstanceOf(HostNotFoundError);
  });

  it('reads the tree through the src listing, fetching only the files read', async () => {
    const mark = fake.requests.length;
    const read: Record<string, string> = {};
    const listed: string[] = [];
    for await (const entry of client().readTree('acme/shop', mainSha, limits)) {
      listed.push(`${entry.path}:${entry.size}`);
      if (entry.path.startsWith('src/')) read[entry.path] = (await entry.read()).toString();
    }
    expect(listed.sort()).toEqual(['docs/readme.md:4', 'package.json:15', 'src/a.ts:1', 'src/deep/b.ts:2']);
    expect(read).toEqual({ 'src/a.ts': 'a', 'src/deep/b.ts': 'bb' });
    const paths = fake.requests.slice(mark).map((request) => request.path);
    expect(paths.filter((path) => path.includes('max_depth=')).length).toBeGreaterThanOrEqual(2);
    expect(paths.filter((path) => /\/src\/e+\/[a-z]/.test(path)).sort()).toEqual([`/2.0/repositories/acme/shop/src/${mainSha}/src/a.ts`, `/2.0/repositories/acme/shop/src/${mainSha}/src/deep/b.ts`]);
  });

  it('refuses a tree with a link, and one whose listed sizes pass the limit', async () => {
    const error = await files(client().readTree('acme/links', mainSha, limits)).catch((caught) => caught);
    expect(error).toBeInstanceOf(ArchiveRefusedError);
    expect(error).toMatchObject({ entryPath: 'src/passwd', reason: 'symlink' });
    await expect(files(client().readTree('acme/shop', mainSha, { maxArchiveBytes: 10 }))).rejects.toBeInstanceOf(ArchiveTooLargeError);
  });

  it('waits out a 429, and gives up with the retry time past the budget', async () => {
    const clock = fakeClock();
    fake.rateLimitNext({ kind: 'retry-after', seconds: 7 });
    expect((await client(clock).resolveRef('acme/shop', { ref: 'main' })).commitSha).toBe(mainSha);
    expect(clock.sleeps).toEqual([7000]);
    fake.rateLimitNext({ kind: 'quota-exhausted', resetEpochSeconds: clock.now() / 1000 + 600 });
    const error = await client(clock).resolveRef('acme/shop', { ref: 'main' }).catch((caught) => caught);
    expect(error).toBeInstanceOf(HostRateLimitedError);
    expect(error.retryAt.getTime()).toBe(clock.now() + 600_000);
  });

  it('never follows a redirect to another origin: the other origin is not called', async () => {
    const mark = other.requests.length;
    fake.redirectNext(other.origin, { status: 302, match: (request) => request.rawPath.startsWith('/2.0/repositories/acme/api') });
    const error = await client().resolveRef('acme/api', { ref: null }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HostResponseError);
    expect((error as Error).message).toMatch(/redirected .* to another origin, which is not followed/);
    expect(other.requests.slice(mark)).toEqual([]);
  });

  it('reports the user, and types a refused token', async () => {
    expect(await client().testConnection()).toMatchObject({ ok: true, status: 200, login: 'jdoe' });
    await expect(client({ token: 'wrong' }).listRepositories({ page: 1 })).rejects.toBeInstanceOf(HostAuthError);
    expect(await client({ token: 'wrong' }).testConnection()).toMatchObject({ ok: false, status: 401, message: expect.stringContaining('Invalid credentials') });
  });
});
