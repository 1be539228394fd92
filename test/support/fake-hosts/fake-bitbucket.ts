import type { ServerResponse } from 'node:http';
import { readFolderTree } from '../archive-builders';
import { headerOf, sendBytes, sendJson, startFakeHttpServer } from './fake-http-server';
import { commitOf, type FakeHost, type FakeHostOptions, type FakeRepository, fakeHostOf, findRepository, httpDate, pageOf, pagingOf, type RateLimitSwitch, segmentsUnder } from './fake-host';

/**
 * A fake Bitbucket Cloud REST 2.0 API (base path `/2.0`) answering the calls
 * of lib/features/sources/hosts/bitbucket-client.ts as developer.atlassian.com
 * describes them: paged bodies with `values` and `next`, separate branch and
 * tag refs, pull requests naming a short commit hash, and the `src` endpoint
 * (a `max_depth` listing of `commit_file`/`commit_directory`, raw file bytes).
 */

function errorBody(message: string) {
  return { type: 'error', error: { message } };
}

function rateLimitResponse(response: ServerResponse, limit: RateLimitSwitch) {
  const body = errorBody('Rate limit for this resource has been exceeded');
  switch (limit.kind) {
    case 'retry-after':
      return sendJson(response, 429, body, { 'retry-after': String(limit.seconds) });
    case 'retry-after-date':
      return sendJson(response, 429, body, { 'retry-after': httpDate(limit.date) });
    case 'secondary':
      return sendJson(response, 429, body, limit.retryAfterSeconds === undefined ? {} : { 'retry-after': String(limit.retryAfterSeconds) });
    case 'quota-exhausted':
      return sendJson(response, 429, body, { 'retry-after': httpDate(new Date(limit.resetEpochSeconds * 1000)) });
  }
}

function expectedAuthorization(token: string): string {
  return token.includes(':') ? `Basic ${Buffer.from(token).toString('base64')}` : `Bearer ${token}`;
}

interface TreeItem {
  type: 'commit_file' | 'commit_directory';
  path: string;
  size?: number;
  attributes?: string[];
  content?: Buffer;
}

async function treeItems(folder: string, symlinks: Record<string, string>): Promise<TreeItem[]> {
  const files = await readFolderTree(folder);
  const items = new Map<string, TreeItem>();
  const addFolders = (path: string) => {
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i += 1) {
      const folderPath = parts.slice(0, i).join('/');
      if (!items.has(folderPath)) items.set(folderPath, { type: 'commit_directory', path: folderPath });
    }
  };
  for (const [path, content] of files) {
    addFolders(path);
    items.set(path, { type: 'commit_file', path, size: content.length, attributes: [], content });
  }
  for (const [path, target] of Object.entries(symlinks)) {
    addFolders(path);
    items.set(path, { type: 'commit_file', path, size: target.length, attributes: ['link'], content: Buffer.from(target) });
  }
  return [...items.values()].sort((a, b) => a.path.localeCompare(b.path));
}

/** Starts the fake Bitbucket Cloud API. */
export async function startFakeBitbucket(options: FakeHostOptions): Promise<FakeHost> {
  const basePath = options.basePath ?? '/2.0';
  const server = await startFakeHttpServer(async (request, response) => {
    const authorization = headerOf(request, 'authorization');
    if (authorization !== undefined && (!options.token || authorization !== expectedAuthorization(options.token))) {
      return sendJson(response, 401, errorBody('Invalid credentials'));
    }
    const signedIn = authorization !== undefined;
    const visible = (repository: FakeRepository | null) => (repository && (!repository.private || signedIn) ? repository : null);
    const repositoryJson = (repository: FakeRepository) => ({
      type: 'repository',
      full_name: repository.fullName,
      name: repository.fullName.split('/')[1],
      slug: repository.fullName.split('/')[1],
      is_private: repository.private ?? false,
      mainbranch: repository.defaultBranch ? { type: 'branch', name: repository.defaultBranch } : null,
      links: { html: { href: `https://bitbucket.example/${repository.fullName}` } },
    });
    const segments = segmentsUnder(request, basePath);
    if (!segments || request.method !== 'GET') return sendJson(response, 404, errorBody('Resource not found'));
    const [first, workspace, slug, section, ...rest] = segments;

    const paged = <T>(values: T[], pageParam = 'page') => {
      const { page, perPage } = pagingOf(request, options, pageParam, 'pagelen', 10);
      const result = pageOf(values, page, perPage);
      const next = new URL(`${server.origin}${request.rawPath}`);
      next.searchParams.set(pageParam, String(page + 1));
      return { pagelen: perPage, page, size: values.length, values: result.items, ...(result.hasNext ? { next: next.href } : {}) };
    };

    if (first === 'user' && workspace === undefined) {
      if (!signedIn) return sendJson(response, 401, errorBody('Unauthorized'));
      return sendJson(response, 200, { type: 'user', username: options.login ?? 'bb-user', display_name: 'Bit Bucket', account_id: '557058:abc', uuid: '{1}' });
    }
    if (first !== 'repositories') return sendJson(response, 404, errorBody('Resource not found'));
    if (workspace === undefined || slug === undefined) {
      if (request.query.get('role') && !signedIn) return sendJson(response, 401, errorBody('Unauthorized'));
      const repositories = options.repositories
        .filter((repository) => visible(repository) && (workspace === undefined || repository.fullName.split('/')[0]!.toLowerCase() === workspace.toLowerCase()))
        .sort((a, b) => a.fullName.localeCompare(b.fullName));
      return sendJson(response, 200, paged(repositories.map(repositoryJson)));
    }
    const repository = visible(findRepository(options, `${workspace}/${slug}`));
    if (!repository) return sendJson(response, 404, errorBody(`Repository ${workspace}/${slug} not found`));
    if (section === undefined) return sendJson(response, 200, repositoryJson(repository));

    if (section === 'refs' && (rest[0] === 'branches' || rest[0] === 'tags') && rest.length >= 2) {
      const name = rest.slice(1).join('/');
      const sha = rest[0] === 'branches' ? repository.branches?.[name] : repository.tags?.[name];
      if (!sha) return sendJson(response, 404, errorBody(`${rest[0] === 'branches' ? 'Branch' : 'Tag'} not found`));
      return sendJson(response, 200, { type: rest[0] === 'branches' ? 'branch' : 'tag', name, target: { type: 'commit', hash: sha } });
    }
    if (section === 'commit' && rest.length === 1) {
      const revision = rest[0]!.toLowerCase();
      const known = [...Object.values(repository.branches ?? {}), ...Object.values(repository.tags ?? {}), ...Object.keys(repository.trees ?? {}), ...Object.values(repository.pullRequests ?? {}).map((pull) => pull.commitSha)];
      const sha = commitOf(repository, revision) ?? known.find((candidate) => candidate.startsWith(revision));
      if (!sha) return sendJson(response, 404, errorBody(`Commit not found`));
      return sendJson(response, 200, { type: 'commit', hash: sha });
    }
    if (section === 'pullrequests' && rest.length === 1) {
      const pull = repository.pullRequests?.[Number(rest[0])];
      if (!pull) return sendJson(response, 404, errorBody('Pull request not found'));
      return sendJson(response, 200, {
        type: 'pullrequest',
        id: Number(rest[0]),
        state: 'OPEN',
        source: { branch: { name: pull.sourceBranch }, commit: { type: 'commit', hash: pull.commitSha.slice(0, 12) } },
        destination: { branch: { name: repository.defaultBranch } },
      });
    }
    if (section === 'src' && rest.length >= 1) {
      const sha = commitOf(repository, rest[0]!);
      const folder = sha ? repository.trees?.[sha] : undefined;
      if (!folder) return sendJson(response, 404, errorBody('No such file or directory'));
      const items = await treeItems(folder, repository.symlinks ?? {});
      const path = rest.slice(1).join('/');
      const file = items.find((item) => item.path === path && item.type === 'commit_file');
      if (file) return sendBytes(response, 200, file.content!, { 'content-type': 'text/plain' });
      if (path !== '' && !items.some((item) => item.type === 'commit_directory' && item.path === path)) return sendJson(response, 404, errorBody('No such file or directory'));
      const depth = Math.max(1, Number(request.query.get('max_depth') ?? '1') || 1);
      const under = items.filter((item) => {
        if (path !== '' && !item.path.startsWith(`${path}/`)) return false;
        const relative = path === '' ? item.path : item.path.slice(path.length + 1);
        return relative.split('/').length <= depth;
      });
      return sendJson(
        response,
        200,
        paged(
          under.map((item) => ({
            type: item.type,
            path: item.path,
            commit: { type: 'commit', hash: sha },
            ...(item.type === 'commit_file' ? { size: item.size, attributes: item.attributes, mimetype: null, escaped_path: item.path } : {}),
          })),
        ),
      );
    }
    return sendJson(response, 404, errorBody('Resource not found'));
  });

  return fakeHostOf(server, basePath, {
    errorResponse: (response, status) => sendJson(response, status, errorBody(status === 401 ? 'Unauthorized' : status === 404 ? 'Resource not found' : 'Something went wrong')),
    rateLimitResponse,
  });
}
