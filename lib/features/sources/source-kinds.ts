import type { SourceKindStatus } from '../../../contracts/sources';
import type { Profile } from '../../platform/config/service-config';
import type { SettingsDocument } from '../settings/settings-schema';

/** Kinds of Source (part 2 "Sources", with the real products of DECISIONS.md section 1). */
export const sourceKinds = ['github', 'gitlab', 'bitbucket', 'azureDevOps', 'directory', 'archive', 'upload', 'push', 'newrelic'] as const;
export type SourceKind = (typeof sourceKinds)[number];

/** The git hosts: scanned over their API at the workspace's `<kind>.apiBaseUrl`; they count toward the per-host limit. */
export const gitHostKinds = ['github', 'gitlab', 'bitbucket', 'azureDevOps'] as const;
export type GitHostKind = (typeof gitHostKinds)[number];

export function isGitHostKind(kind: string): kind is GitHostKind {
  return (gitHostKinds as readonly string[]).includes(kind);
}

const productNames: Record<SourceKind, string> = {
  github: 'GitHub',
  gitlab: 'GitLab',
  bitbucket: 'Bitbucket Cloud',
  azureDevOps: 'Azure DevOps',
  directory: 'Folder on the server',
  archive: 'Uploaded archive (zip or tar.gz)',
  upload: 'Uploaded model files',
  push: 'Agent push (svc CLI)',
  newrelic: 'New Relic',
};

/** What the repository field of a host's Source looks like. */
export const repositoryPatterns: Record<GitHostKind, { pattern: RegExp; example: string }> = {
  github: { pattern: /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/, example: 'owner/repository' },
  gitlab: { pattern: /^[A-Za-z0-9_.][A-Za-z0-9_.-]{0,254}(?:\/[A-Za-z0-9_.][A-Za-z0-9_.-]{0,254}){1,20}$/, example: 'group/subgroup/project' },
  bitbucket: { pattern: /^[A-Za-z0-9_.-]{1,100}\/[A-Za-z0-9_.-]{1,100}$/, example: 'workspace/repository' },
  azureDevOps: { pattern: /^[A-Za-z0-9_.-]{1,100}\/[^/\\\u0000-\u001f]{1,64}\/[^/\\\u0000-\u001f]{1,64}$/, example: 'organization/project/repository' },
};

export interface KindContext {
  profile: Profile;
  sourcesRoot: string | null;
  settings: Pick<SettingsDocument, GitHostKind>;
}

/** Why a kind cannot be used in this profile and workspace now, or null when it can. */
export function kindUnavailableReason(kind: SourceKind, context: KindContext): { type: 'source_kind_not_in_profile' | 'sources_root_not_configured' | 'host_off'; message: string } | null {
  if (kind === 'directory') {
    if (context.profile !== 'local') return { type: 'source_kind_not_in_profile', message: 'A folder Source is available in the local profile only.' };
    if (context.sourcesRoot === null) return { type: 'sources_root_not_configured', message: 'Svc__SourcesRoot names no folder; set it to the one folder that folder Sources may read.' };
  }
  if (isGitHostKind(kind) && context.settings[kind].apiBaseUrl === '') {
    return { type: 'host_off', message: `${productNames[kind]} is off in this workspace: its apiBaseUrl setting is empty.` };
  }
  return null;
}

/** The answer of GET P/sources/kinds. */
export function describeSourceKinds(context: KindContext): SourceKindStatus[] {
  return sourceKinds.map((kind) => {
    const unavailable = kindUnavailableReason(kind, context);
    return {
      kind,
      name: productNames[kind],
      available: unavailable === null,
      reason: unavailable?.message ?? null,
      requires: isGitHostKind(kind) ? ['repository'] : kind === 'directory' ? ['path'] : kind === 'newrelic' ? ['accountId', 'region', 'apiKey'] : [],
    };
  });
}
