import type { Kysely } from 'kysely';
import type { Profile } from '../../platform/config/service-config';
import type { MasterKeyring } from '../../platform/crypto/master-key';
import type { Database } from '../../platform/db/schema';
import { readSecretForOrigin } from '../secrets/secret-store';
import { policyOutboundFetch } from '../settings/outbound-guard';
import { effectiveWorkspaceSettings } from '../settings/settings-service';
import { createGitHostClient } from './hosts/host-client';
import type { GitHostClient } from './hosts/host-client-types';
import type { GitHostKind } from './source-kinds';

export interface HostClientContext {
  db: Kysely<Database>;
  keyring: MasterKeyring;
  profile: Profile;
}

/** The workspace secret that holds a host's token (part 2 "Credentials"); the other hosts are read without one (public repositories). */
export const tokenSecretOf: Partial<Record<GitHostKind, string>> = { github: 'github:token', gitlab: 'gitlab:token' };

/**
 * A client of a git host for a workspace: its effective `<kind>.apiBaseUrl`
 * and the workspace's token, read only when it was saved for that address's
 * origin (a token saved for another origin is not sent anywhere).
 */
export async function workspaceHostClient(context: HostClientContext, workspaceId: string, kind: GitHostKind): Promise<{ client: GitHostClient; apiBaseUrl: string; tokenSet: boolean }> {
  const settings = await effectiveWorkspaceSettings({ db: context.db, profile: context.profile }, workspaceId);
  const apiBaseUrl = settings[kind].apiBaseUrl;
  const secretName = tokenSecretOf[kind];
  const token = secretName && apiBaseUrl !== '' ? await readSecretForOrigin(context.db, context.keyring, { workspaceId, name: secretName, origin: new URL(apiBaseUrl).origin }) : null;
  return { client: createGitHostClient(kind, { apiBaseUrl, token, fetch: await policyOutboundFetch(context) }), apiBaseUrl, tokenSet: token !== null };
}
