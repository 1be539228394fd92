import { z } from 'zod';
import { pageQuery } from '../../lib/http/common-schemas';
import { agentTokenSchema, auditEntrySchema, projectListItemSchema, projectSchema, workspaceSchema, workspaceSummarySchema } from '../../lib/openapi/answer-schemas';
import type { GroupContracts } from '../../lib/openapi/route-contract';
import { listOf, pageOf } from '../../lib/openapi/schema-kit';
import { createAgentTokenRequest } from './create-agent-token';
import { createProjectRequest } from './create-project';
import { createWorkspaceRequest } from './create-workspace';

export const contracts: GroupContracts = {
  'list-workspaces': {
    responses: { 200: listOf(workspaceSummarySchema) },
    access: { role: 'any', note: 'An agent token sees its own workspace, with the role `viewer`.' },
    example: { as: 'readToken' },
  },
  'create-workspace': {
    body: createWorkspaceRequest,
    responses: { 201: workspaceSchema },
    access: { role: 'any', note: 'The caller becomes its owner.' },
    example: { body: { name: 'Second workspace' } },
  },
  'list-projects': {
    query: pageQuery,
    responses: { 200: pageOf(projectListItemSchema) },
    access: { role: 'viewer' },
    example: { as: 'viewer' },
  },
  'create-project': {
    body: createProjectRequest,
    responses: { 201: projectSchema },
    access: { role: 'editor' },
    example: { as: 'editor', body: { name: 'Warehouse', description: 'Stock and shipping' } },
  },
  'list-workspace-audit': {
    query: pageQuery,
    responses: { 200: pageOf(auditEntrySchema) },
    access: { role: 'owner' },
    example: {},
  },
  'list-agent-tokens': {
    responses: { 200: listOf(agentTokenSchema) },
    access: { role: 'owner' },
    example: {},
  },
  'create-agent-token': {
    body: createAgentTokenRequest,
    responses: {
      201: agentTokenSchema
        .pick({ id: true, name: true, scopes: true, projectId: true, expiresAt: true, createdAt: true })
        .extend({ token: z.string().meta({ description: 'The secret: shown this once, send it as `Authorization: Bearer <token>`.' }) }),
    },
    access: { role: 'owner' },
    example: { body: { name: 'CI', scopes: ['read', 'push'], projectId: '{projectId}', expiresAt: null } },
  },
  'revoke-agent-token': {
    responses: { 204: 'empty', 404: 'problem' },
    access: { role: 'owner' },
    example: { params: { tokenId: '{doomedTokenId}' }, last: true },
  },
};
