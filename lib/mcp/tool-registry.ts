import type { AgentTool } from './agent-tool';
import { findElements } from './tools/find-elements';
import { getContracts } from './tools/get-contracts';
import { getDependencies } from './tools/get-dependencies';
import { getDependents } from './tools/get-dependents';
import { getElement } from './tools/get-element';
import { getModelSummary } from './tools/get-model-summary';
import { getSchema } from './tools/get-schema';
import { listMessages } from './tools/list-messages';
import { listProjects } from './tools/list-projects';

/**
 * Every tool of /mcp, in the order of part 1's table. The MCP server and the
 * capability list are both built from this list. All tools need the `read`
 * scope (part 1: "All tools have scope read").
 */
export const agentTools: readonly AgentTool[] = Object.freeze([
  listProjects,
  getModelSummary,
  findElements,
  getElement,
  getDependencies,
  getDependents,
  listMessages,
  getContracts,
  getSchema,
] as AgentTool[]);

export const toolScope = 'read';
