import type { HostRepository } from '../../../../contracts/sources';
import type { SourceEntry, TreeReadOptions } from '../archive/source-entry';
import type { HostHttpOptions } from './host-http';

/**
 * The one interface the scan worker and the repository listing use for the
 * four git hosts (DECISIONS.md section 1: `github`, `gitlab`, `bitbucket`,
 * `azureDevOps`). Each host has its own file; the calls each makes are listed
 * in docs/hosts.md.
 */

import type { GitHostKind } from '../source-kinds';

export { gitHostKinds, type GitHostKind } from '../source-kinds';

/** One repository as a listing shows it (the contract's). */
export type { HostRepository };

export interface RepositoryPage {
  items: HostRepository[];
  /** The page to ask for next, or null on the last page. */
  nextPage: number | null;
}

export interface ListRepositoriesOptions {
  /** A user, organization, group or workspace; Azure DevOps needs `organization` or `organization/project`. */
  owner?: string | null;
  /** 1-based. */
  page: number;
}

export interface RefRequest {
  /** Branch, tag or commit SHA; null for the repository's default branch. */
  ref: string | null;
  /** A pull request (merge request on GitLab) number; when set, `ref` is ignored and its head commit is read. */
  pullRequest?: number | null;
}

export interface ResolvedRef {
  /** The branch or tag read: the default branch's name when none was asked, the source branch of a pull request. */
  ref: string;
  /** The full commit SHA the scan reads, so a ref that moves later does not change it. */
  commitSha: string;
  pullRequest: number | null;
}

export interface ConnectionTest {
  ok: boolean;
  /** The host's HTTP status; 0 when it could not be reached or nothing was sent. */
  status: number;
  message: string;
  /** The account the token belongs to, when the host says. */
  login?: string;
  /** The token's scopes, when the host says (GitHub classic tokens, GitLab personal access tokens). */
  scopes?: string[];
}

export interface GitHostClient {
  readonly kind: GitHostKind;
  /** One page of repositories the token can read (or of `owner`). */
  listRepositories(options: ListRepositoriesOptions): Promise<RepositoryPage>;
  /** Pins a branch, tag, SHA, the default branch or a pull request to a full commit SHA. */
  resolveRef(repository: string, request: RefRequest): Promise<ResolvedRef>;
  /**
   * The regular files of the tree at a commit, streamed with the archive
   * limits and refusals (lib/features/sources/archive): a tarball (GitHub, GitLab), a
   * zip (Azure DevOps), or the source API file by file (Bitbucket Cloud).
   * Read each entry before asking for the next.
   */
  readTree(repository: string, commitSha: string, options: TreeReadOptions): AsyncIterable<SourceEntry>;
  /** Whether the token works: never throws for a host failure, reports it. */
  testConnection(options?: { owner?: string | null }): Promise<ConnectionTest>;
}

/** The HTTP options (the outbound client, clock, time limits, tries) are host-http's own. */
export interface GitHostClientOptions extends Pick<HostHttpOptions, 'fetch' | 'now' | 'sleep' | 'timeoutMs' | 'idleTimeoutMs' | 'maxAttempts' | 'maxTotalWaitMs'> {
  /** The effective `<host>.apiBaseUrl` setting; empty means the host is off (HostOffError). */
  apiBaseUrl: string;
  /** The workspace's token for the host, or null to call without one (public repositories only). */
  token: string | null;
  /** Where a zip download is spooled (Azure DevOps). */
  temporaryDirectory?: string;
}
