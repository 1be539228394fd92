import type { Kysely, Selectable } from 'kysely';
import type { AgentTokensTable, Database } from '../../platform/db/schema';
import { generateSecret, hashSecret } from '../../platform/crypto/secret-token';
import type { AgentTokenCaller, AgentTokenScope } from '../../platform/http/caller';
import type { AgentToken } from '../../../contracts/account';

export const agentTokenPrefix = 'svc_at_';
/** `last_used_at` moves at most this often. */
const touchEveryMs = 60 * 1000;

export type AgentTokenRecord = AgentToken;

function toRecord(row: Selectable<AgentTokensTable>): AgentTokenRecord {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    name: row.name,
    scopes: row.scopes as AgentTokenScope[],
    projectId: row.project_id,
    expiresAt: row.expires_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}

export interface NewAgentToken {
  workspaceId: string;
  name: string;
  scopes: AgentTokenScope[];
  projectId: string | null;
  expiresAt: Date | null;
  createdBy: string;
}

/** Creates a token; the secret is returned once and stored only as a hash. */
export async function createAgentToken(db: Kysely<Database>, input: NewAgentToken, now: Date): Promise<{ record: AgentTokenRecord; token: string }> {
  const token = generateSecret(agentTokenPrefix);
  const row = await db
    .insertInto('agent_tokens')
    .values({
      workspace_id: input.workspaceId,
      project_id: input.projectId,
      name: input.name,
      scopes: input.scopes,
      token_hash: hashSecret(token),
      created_by: input.createdBy,
      created_at: now,
      expires_at: input.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { record: toRecord(row), token };
}

/** Tokens of a workspace that are not revoked, newest first; never the secret. */
export async function listAgentTokens(db: Kysely<Database>, workspaceId: string): Promise<AgentTokenRecord[]> {
  const rows = await db
    .selectFrom('agent_tokens')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toRecord);
}

/** Revokes a token at once; false when the workspace has no such live token. */
export async function revokeAgentToken(db: Kysely<Database>, workspaceId: string, tokenId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('agent_tokens')
    .set({ revoked_at: now })
    .where('id', '=', tokenId)
    .where('workspace_id', '=', workspaceId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The caller behind a bearer token, or null when it is unknown, revoked or expired. */
export async function resolveAgentToken(db: Kysely<Database>, token: string, now: Date): Promise<AgentTokenCaller | null> {
  if (!token.startsWith(agentTokenPrefix) || token.length > 200) return null;
  const row = await db
    .selectFrom('agent_tokens')
    .select(['id', 'workspace_id', 'project_id', 'scopes', 'expires_at', 'revoked_at', 'last_used_at'])
    .where('token_hash', '=', hashSecret(token))
    .executeTakeFirst();
  if (!row || row.revoked_at !== null) return null;
  if (row.expires_at !== null && row.expires_at.getTime() <= now.getTime()) return null;
  if (row.last_used_at === null || now.getTime() - row.last_used_at.getTime() > touchEveryMs) {
    await db.updateTable('agent_tokens').set({ last_used_at: now }).where('id', '=', row.id).execute();
  }
  return { kind: 'agent-token', tokenId: row.id, workspaceId: row.workspace_id, projectId: row.project_id, scopes: row.scopes as AgentTokenScope[] };
}
