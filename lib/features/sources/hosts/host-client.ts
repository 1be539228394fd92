import { createAzureDevOpsClient } from './azure-devops-client';
import { createBitbucketClient } from './bitbucket-client';
import { createGitHubClient } from './github-client';
import { createGitLabClient } from './gitlab-client';
import type { GitHostClient, GitHostClientOptions, GitHostKind } from './host-client-types';
import { HostOffError } from './host-errors';

/**
 * The client of one git host for one token.
 *
 * @example
 * const client = createGitHostClient('github', { apiBaseUrl: settings.github.apiBaseUrl, token });
 * const { commitSha } = await client.resolveRef('acme/shop', { ref: null });
 * for await (const file of client.readTree('acme/shop', commitSha, { maxArchiveBytes })) …
 */
export function createGitHostClient(kind: GitHostKind, options: GitHostClientOptions): GitHostClient {
  if (options.apiBaseUrl.trim() === '') throw new HostOffError(kind);
  switch (kind) {
    case 'github':
      return createGitHubClient(options);
    case 'gitlab':
      return createGitLabClient(options);
    case 'bitbucket':
      return createBitbucketClient(options);
    case 'azureDevOps':
      return createAzureDevOpsClient(options);
  }
}
