import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFolderTree } from '../../../../test/support/archive-builders';
import { startFakeAzureDevOps } from '../../../../test/support/fake-hosts/fake-azure-devops';
import { fakeClock } from '../../../../test/support/fake-hosts/fake-clock';
import type { FakeHost, FakeRepository } from '../../../../test/support/fake-hosts/fake-host';
import { ArchiveRefusedError } from '../archive/archive-errors';
import type { SourceEntry } from '../archive/source-entry';
import { createGitHostClient } from './host-client';
import type { GitHostClientOptions } from './host-client-types';
import { HostAuthError, HostInputError, HostNotFoundError, HostResponseError } from './host-errors';
import { openOutboundFetch } from '../../../../test/support/outbound';

const pat = 'azure-pat-valid';
const mainSha = '3'.repeat(40);
const oldSha = '4'.repeat(40);
const prSha = '5'.repeat(40);
const tagSha = '6'.repeat(40);
const limits = { maxArchiveBytes: 10 * 1024 * 1024 };

async function files(entries: AsyncIterable<SourceEntry>): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for await (const entry of entries) result[entry.path] = (await entry.read()).toString('utf8');
  return result;
}

describe('Azure DevOps client against the fake Azure DevOps API', () => {
  let fake: FakeHost;
  let other: FakeHost;

  beforeAll(async () => {
    const tree = await makeFolderTree({ 'Shop.sln': 'solution', 'src/Orders/Orders.cs': 'class Orders {}' });
    const shop: FakeRepository = {
      fullName: 'contoso/Retail Platform/shop',
      private: true,
      defaultBranch: 'main',
      // Several refs start with "heads/main": the prefix filter pages through them.
      branches: { 'main-a': oldSha, 'main-b': oldSha, 'main-c': oldSha, main: mainSha, 'feature/pay': prSha },
      tags: { 'release-1': tagSha },
      pullRequests: { 42: { sourceBranch: 'feature/pay', commitSha: prSha } },
      trees: { [mainSha]: tree },
    };
    const many = Array.from({ length: 150 }, (_, index): FakeRepository => ({ fullName: `contoso/Bulk/repo-${String(index).padStart(3, '0')}`, defaultBranch: 'main' }));
    const repositories = [shop, ...many, { fullName: 'contoso/Retail Platform/links', defaultBranch: 'main', branches: { main: mainSha }, trees: { [mainSha]: tree }, symlinks: { 'link.cs': '../../secret' } }];
    fake = await startFakeAzureDevOps({ repositories, token: pat, maxPageSize: 2 });
    other = await startFakeAzureDevOps({ repositories, token: null });
  });
  afterAll(async () => {
    await fake.close();
    await other.close();
  });

  const client = (overrides: Partial<GitHostClientOptions> = {}) => createGitHostClient('azureDevOps', { fetch: openOutboundFetch, apiBaseUrl: fake.apiBaseUrl, token: pat, ...overrides });

  it('lists an organization in pages of 100 with api-version=7.1 and the PAT as Basic', async () => {
    const first = await client().listRepositories({ owner: 'contoso', page: 1 });
    expect(first.items).toHaveLength(100);
    expect(first.nextPage).toBe(2);
    const second = await client().listRepositories({ owner: 'contoso', page: 2 });
    expect(second.items.map((item) => item.fullName).slice(-2)).toEqual(['contoso/Retail Platform/links', 'contoso/Retail Platform/shop']);
    expect(second.nextPage).toBeNull();
    expect(second.items.at(-1)).toEqual({ fullName: 'contoso/Retail Platform/shop', defaultBranch: 'main', private: true, webUrl: 'https://dev.azure.example/contoso/Retail Platform/_git/shop' });
    const sent = fake.requests.find((request) => request.path.startsWith('/contoso/_apis/git/repositories'))!;
    expect(sent.path).toBe('/contoso/_apis/git/repositories?api-version=7.1');
    expect(sent.headers.authorization).toBe(`Basic ${Buffer.from(`:${pat}`).toString('base64')}`);
    const project = await client().listRepositories({ owner: 'contoso/Retail Platform', page: 1 });
    expect(project.items.map((item) => item.fullName)).toEqual(['contoso/Retail Platform/links', 'contoso/Retail Platform/shop']);
    expect(fake.requests.some((request) => request.path === '/contoso/Retail%20Platform/_apis/git/repositories?api-version=7.1')).toBe(true);
    await expect(client().listRepositories({ page: 1 })).rejects.toBeInstanceOf(HostInputError);
  });

  it('resolves the default branch by paging Refs - List with the continuation token, a tag peeled, a SHA and a pull request', async () => {
    const azure = client();
    const mark = fake.requests.length;
    expect(await azure.resolveRef('contoso/Retail Platform/shop', { ref: null })).toEqual({ ref: 'main', commitSha: mainSha, pullRequest: null });
    const refCalls = fake.requests.slice(mark).filter((request) => request.path.includes('/refs?'));
    expect(refCalls.length).toBeGreaterThanOrEqual(2);
    expect(new URL(refCalls[1]!.path, 'http://x').searchParams.get('continuationToken')).toBe('2');
    expect(new URL(refCalls[0]!.path, 'http://x').searchParams.get('filter')).toBe('heads/main');
    expect(await azure.resolveRef('contoso/Retail Platform/shop', { ref: 'release-1' })).toEqual({ ref: 'release-1', commitSha: tagSha, pullRequest: null });
    expect(await azure.resolveRef('contoso/Retail Platform/shop', { ref: mainSha })).toEqual({ ref: mainSha, commitSha: mainSha, pullRequest: null });
    expect(await azure.resolveRef('contoso/Retail Platform/shop', { ref: null, pullRequest: 42 })).toEqual({ ref: 'feature/pay', commitSha: prSha, pullRequest: 42 });
    await expect(azure.resolveRef('contoso/Retail Platform/shop', { ref: 'mai' })).rejects.toBeInstanceOf(HostNotFoundError);
    await expect(azure.resolveRef('contoso/Retail Platform/nope', { ref: null })).rejects.toThrow(/TF401019/);
  });

  it('downloads the root folder as a zip and expands it, deleting the spooled file', async () => {
    expect(await files(client().readTree('contoso/Retail Platform/shop', mainSha, limits))).toEqual({ 'Shop.sln': 'solution', 'src/Orders/Orders.cs': 'class Orders {}' });
    const download = fake.requests.find((request) => request.path.includes('/items?'))!;
    const query = new URL(download.path, 'http://x').searchParams;
    expect(Object.fromEntries(query)).toMatchObject({ path: '/', $format: 'zip', 'versionDescriptor.version': mainSha, 'versionDescriptor.versionType': 'commit', 'api-version': '7.1' });
    const error = await files(client().readTree('contoso/Retail Platform/links', mainSha, limits)).catch((caught) => caught);
    expect(error).toBeInstanceOf(ArchiveRefusedError);
    expect(error).toMatchObject({ entryPath: 'link.cs', reason: 'symlink' });
  });

  it('honours Retry-After and X-RateLimit-Reset on 429', async () => {
    const clock = fakeClock();
    fake.rateLimitNext({ kind: 'retry-after', seconds: 4 });
    fake.rateLimitNext({ kind: 'quota-exhausted', resetEpochSeconds: clock.now() / 1000 + 4 + 9 });
    expect((await client(clock).listRepositories({ owner: 'contoso/Retail Platform', page: 1 })).items).toHaveLength(2);
    expect(clock.sleeps).toEqual([4000, 9000]);
  });

  it('never follows a redirect to another origin: the PAT and the request stay home', async () => {
    const mark = other.requests.length;
    fake.redirectNext(other.origin, { match: (request) => request.rawPath.startsWith('/contoso/Retail%20Platform/_apis/git/repositories') });
    await expect(client().listRepositories({ owner: 'contoso/Retail Platform', page: 1 })).rejects.toBeInstanceOf(HostResponseError);
    expect(other.requests.slice(mark)).toEqual([]);
  });

  it('types a refused PAT, whether answered 401 or 203 with a sign-in page, and tests a connection against an organization', async () => {
    await expect(client({ token: 'bad' }).listRepositories({ owner: 'contoso', page: 1 })).rejects.toBeInstanceOf(HostAuthError);
    const signIn = await startFakeAzureDevOps({ repositories: [], token: pat, signInPageForBadToken: true });
    try {
      const error = await createGitHostClient('azureDevOps', { fetch: openOutboundFetch, apiBaseUrl: signIn.apiBaseUrl, token: 'bad' }).listRepositories({ owner: 'contoso', page: 1 }).catch((caught) => caught);
      expect(error).toBeInstanceOf(HostAuthError);
      expect(error.status).toBe(203);
    } finally {
      await signIn.close();
    }
    expect(await client().testConnection({ owner: 'contoso' })).toEqual({ ok: true, status: 200, message: 'The token can read organization contoso of azureDevOps.' });
    expect(await client({ token: 'bad' }).testConnection({ owner: 'contoso' })).toMatchObject({ ok: false, status: 401 });
    expect(await client().testConnection()).toMatchObject({ ok: false, status: 0, message: expect.stringContaining('owner is required') });
  });
});
