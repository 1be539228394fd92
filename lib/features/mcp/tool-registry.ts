import type { AgentTool } from './agent-tool';
import { findElements } from './tools/find-elements';
import { findPaths } from './tools/find-paths';
import { getContracts } from './tools/get-contracts';
import { getCostEstimate } from './tools/get-cost-estimate';
import { getDrift } from './tools/get-drift';
import { getDependencies } from './tools/get-dependencies';
import { getDependents } from './tools/get-dependents';
import { getElement } from './tools/get-element';
import { getImpact } from './tools/get-impact';
import { getModelSummary } from './tools/get-model-summary';
import { getPromise } from './tools/get-promise';
import { getProposal } from './tools/get-proposal';
import { getReviewFindings } from './tools/get-review-findings';
import { getScenario } from './tools/get-scenario';
import { getSchema } from './tools/get-schema';
import { getThread } from './tools/get-thread';
import { listMessages } from './tools/list-messages';
import { listPromiseRuns } from './tools/list-promise-runs';
import { listPromises } from './tools/list-promises';
import { listProposals } from './tools/list-proposals';
import { listProjects } from './tools/list-projects';
import { listScenarios } from './tools/list-scenarios';
import { listThreads } from './tools/list-threads';
import { runScenario } from './tools/run-scenario';

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
  listScenarios,
  getScenario,
  runScenario,
  listPromises,
  getPromise,
  listPromiseRuns,
  // Part 1 leaves its arguments and results open: docs/review-rules.md.
  getReviewFindings,
  // Part 1 leaves tools after get_review_findings open: docs/costs.md "Agent tool".
  getCostEstimate,
  // Paths and impact over the declared model (docs/agent-tools.md).
  findPaths,
  getImpact,
  // Comment threads: people's words about the model (docs/comments.md "Agent tools").
  listThreads,
  getThread,
  // AI design proposals, read only (docs/ai-proposals.md "Agent tools").
  listProposals,
  getProposal,
  // Drift of main against the code (docs/change-review.md "Drift").
  getDrift,
] as AgentTool[]);

export const toolScope = 'read';
