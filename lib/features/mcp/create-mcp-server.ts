import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { z } from 'zod';
import packageJson from '../../../package.json';
import { requestErrorsOf } from '../../platform/http/parse-input';
import { ForbiddenError, NotFoundError, ValidationError } from '../../platform/errors/service-error';
import { problemOf } from '../../platform/http/service-error-problem';
import type { ToolContext } from './agent-tool';
import { agentTools, toolScope } from './tool-registry';
import { toolErrorResult, toolResultText } from './tool-result';
import { dataNotInstructions } from './truth-notes';

const toolsByName = new Map(agentTools.map((tool) => [tool.name, tool]));

/**
 * One JSON Schema validator per process: the SDK otherwise builds a new Ajv
 * instance for every server, i.e. for every request of the stateless endpoint
 * (about half a millisecond each).
 */
let sharedValidator: AjvJsonSchemaValidator | undefined;

let listedTools: { name: string; description: string; inputSchema: Record<string, unknown> }[] | undefined;

/** The tools as tools/list shows them: JSON Schemas generated from the zod inputs, once per process. */
export function listedToolDefinitions() {
  listedTools ??= agentTools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: z.toJSONSchema(tool.input, { io: 'input' }) as Record<string, unknown>,
  }));
  return listedTools;
}

/**
 * A new MCP server for one request (the endpoint is stateless): tools/list
 * and tools/call over the registry. Arguments are checked with the tool's
 * zod schema; failures come back as `isError` with the spec's error body.
 */
export function createMcpServer(context: ToolContext): Server {
  const server = new Server(
    { name: 'svc', version: packageJson.version },
    { capabilities: { tools: {} }, instructions: `Read-only access to design models of the service. ${dataNotInstructions}`, jsonSchemaValidator: (sharedValidator ??= new AjvJsonSchemaValidator()) },
  );
  // As the capability list: a token without the scope the tools need is shown none.
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: context.caller.scopes.includes(toolScope) ? listedToolDefinitions() : [] }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    try {
      const tool = toolsByName.get(request.params.name);
      if (!tool) throw new NotFoundError('Unknown tool', `There is no tool "${request.params.name}".`);
      if (!context.caller.scopes.includes(toolScope)) throw new ForbiddenError('Scope missing', 'The tools need an agent token with the "read" scope.');
      const args = request.params.arguments ?? {};
      const parsed = tool.input.safeParse(args);
      if (!parsed.success) {
        const errors = requestErrorsOf(tool.input, args, parsed.error);
        throw new ValidationError('Invalid arguments', errors, errors.map((e) => `${e.field}: ${e.message}`).join('; '));
      }
      const output = await tool.run(context, parsed.data);
      return { content: [{ type: 'text' as const, text: toolResultText(output) }] };
    } catch (error) {
      if (problemOf(error) === undefined) {
        context.runtime.log.error(`tool ${request.params.name} failed`, error);
      }
      return toolErrorResult(error);
    }
  });
  return server;
}
