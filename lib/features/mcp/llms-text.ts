import type { RouteDefinition } from '../../platform/http/route-definition';
import { listedToolDefinitions } from './create-mcp-server';
import { agentTools } from './tool-registry';
import { dataNotInstructions } from './truth-notes';

const header = `# svc — Design Modelling Service

> Keeps, for every project of a workspace, a model of a software design (elements, relationships, messages, schemas, operations, channels, subscriptions, bindings), each fact labelled with how true it is (declared, observed-in-source, inferred, measured, unknown).

Agents read models through the MCP endpoint \`POST /mcp\` (streamable HTTP, stateless, one message per request) with \`Authorization: Bearer <agent token>\`. ${dataNotInstructions}
`;

/** `/llms.txt`: a short index of the API for agents, from the route table and the tool registry. */
export function llmsIndexText(routes: readonly RouteDefinition[]): string {
  const tools = agentTools.map((t) => `- ${t.name}: ${t.description.split('. ')[0]}.`).join('\n');
  const endpoints = routes.filter((r) => r.auth !== 'none').map((r) => `- ${r.method} ${r.path}: ${r.summary}`).join('\n');
  return `${header}\n## MCP tools\n\n${tools}\n\n## HTTP endpoints\n\n${endpoints}\n\nThe full index with tool input schemas: /llms-full.txt. What a token can call: GET /api/agent/capabilities. Skills for the common jobs (read the model, check a flow with faults, svc scan in CI, review findings): /skills.\n`;
}

/** `/llms-full.txt`: the index with every tool's input schema and every endpoint's auth and body limit. */
export function llmsFullText(routes: readonly RouteDefinition[]): string {
  const tools = listedToolDefinitions()
    .map((t) => `### ${t.name}\n\n${t.description}\n\nInput schema:\n\n\`\`\`json\n${JSON.stringify(t.inputSchema, null, 2)}\n\`\`\``)
    .join('\n\n');
  // The web client's routes serve a browser, not an agent.
  const endpoints = routes.filter((r) => !r.webClient).map((r) => `- ${r.method} ${r.path} — ${r.summary} (auth: ${r.auth}${r.body !== 'none' ? `; body ${r.body} up to ${r.bodyLimitBytes} bytes` : ''})`).join('\n');
  return `${header}\n## MCP tools\n\n${tools}\n\n## HTTP endpoints\n\n${endpoints}\n`;
}
