import { agentTokenScopes, type AgentTokenScope } from '../../../contracts/account';

/** Scopes of agent tokens (part 1 "Authentication", part 2 "Authentication"). */
export { agentTokenScopes, type AgentTokenScope };

export interface PersonCaller {
  kind: 'person';
  userId: string;
  email: string;
  name: string;
  isInstanceAdmin: boolean;
  /** Hash of the session ID, so sign-out can end exactly this session. */
  sessionIdHash: string;
}

export interface AgentTokenCaller {
  kind: 'agent-token';
  tokenId: string;
  workspaceId: string;
  /** Set when the token is restricted to one project. */
  projectId: string | null;
  scopes: readonly AgentTokenScope[];
}

/** Who is calling: a signed-in person or an agent token. */
export type Caller = PersonCaller | AgentTokenCaller;

/** `lastChangedBy` and audit actor: `user:<id>` for a person, `agent-token:<id>` for a token. */
export function actorOf(caller: Caller): string {
  return caller.kind === 'person' ? `user:${caller.userId}` : `agent-token:${caller.tokenId}`;
}
