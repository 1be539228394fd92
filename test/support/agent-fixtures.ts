/**
 * Helpers of the agent-access tests (test/http/mcp.test.ts, promises.test.ts):
 * the official MCP SDK client over streamable HTTP, a tool call read as the
 * result envelope, scenarios stored for a project, and scenario documents that
 * play over `fullModelDocument` (pass, fail, refuse).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'vitest';
import { serviceRoutes as routes } from '../../functions/routes';
import { insertScenario } from '../../lib/features/scenarios/scenario-store';
import { idFor, type ModelService } from './model-api';

/** The members of the result envelope (part 1 "Agent tool endpoint result envelope"). */
export const envelopeMembers = ['data', 'nextCursor', 'notice', 'projectId', 'truth', 'truthNote'];

export interface Envelope {
  projectId: string | null;
  truth: string;
  truthNote: string;
  data: any;
  nextCursor: string | null;
  notice: string | null;
}

export interface ToolError {
  type: string;
  title: string;
  detail: string | null;
  status: number;
  errors: { field: string; message: string }[];
}

/** The official SDK client connected to /mcp with a bearer agent token. */
export async function connectMcp(baseUrl: string, token: string): Promise<Client> {
  const client = new Client({ name: 'svc-tests', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
  await client.connect(transport);
  return client;
}

/** A tool call that must succeed: one text item holding exactly the envelope, parsed. */
export async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<{ envelope: Envelope; text: string; bytes: number }> {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as { type: string; text: string }[];
  expect(content, JSON.stringify(result).slice(0, 500)).toHaveLength(1);
  expect(content[0]!.type).toBe('text');
  const text = content[0]!.text;
  expect(result.isError ?? false, `${name} failed: ${text.slice(0, 500)}`).toBe(false);
  const envelope = JSON.parse(text) as Envelope;
  expect(Object.keys(envelope).sort()).toEqual(envelopeMembers);
  return { envelope, text, bytes: Buffer.byteLength(text) };
}

/** A tool call that must fail: `isError` and `{error: {type, title, detail, status, errors}}`. */
export async function callToolError(client: Client, name: string, args: Record<string, unknown>): Promise<ToolError> {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as { type: string; text: string }[];
  expect(result.isError, `${name} did not fail: ${content[0]?.text.slice(0, 300)}`).toBe(true);
  const body = JSON.parse(content[0]!.text) as { error: ToolError };
  expect(Object.keys(body)).toEqual(['error']);
  expect(Object.keys(body.error).sort()).toEqual(['detail', 'errors', 'status', 'title', 'type']);
  return body.error;
}

const scenarioRouteExists = routes.some((r) => r.method === 'POST' && r.path === '/api/projects/{projectId}/scenarios');

/**
 * Stores a scenario for a project: through POST /api/projects/{id}/scenarios
 * when the service has that endpoint, else straight into the test database
 * with the scenario store (the rows the endpoint would write).
 */
export async function storeScenario(m: ModelService, projectId: string, document: { id: string; name: string } & Record<string, unknown>): Promise<void> {
  if (scenarioRouteExists) {
    const answer = await m.api('POST', `/api/projects/${projectId}/scenarios`, { session: m.admin.session, json: document });
    expect(answer.status, answer.text).toBe(201);
    return;
  }
  const { id, name, ...rest } = document;
  await insertScenario(m.database.db, { projectId, id, name, document: { id, name, ...rest }, origin: null, actor: `user:${m.admin.id}`, now: new Date() });
}

/**
 * Scenario documents over `fullModelDocument(seed)`: `passing` calls the
 * Rebuild command (no timeout) and publishes OrderPlaced through the exchange;
 * `failing` calls it under an Error fault while asserting success; `broken`
 * names an operation the model does not have.
 */
export function scenarioDocuments(seed: string) {
  const id = (label: string) => idFor(seed, label);
  const call = { type: 'call', id: 'rebuild', from: id('customer'), operation: id('o-cmd'), request: null, response: null, then: [], onError: [] };
  const publish = {
    type: 'publish',
    id: 'announce',
    from: id('orders'),
    channel: id('c-exchange'),
    message: id('m-placed'),
    payload: { id: 'order-1' },
    headers: {},
    handlers: {},
    routingKey: 'orders.placed',
  };
  return {
    passing: {
      id: id('scenario-passing'),
      name: 'Rebuild and announce',
      steps: [call, publish],
      faults: [],
      assertions: [
        { type: 'outcome', id: 'rebuilt', step: 'rebuild', expected: 'Succeeded' },
        { type: 'event-count', id: 'published-once', kind: 'Published', target: null, expected: 1 },
      ],
    },
    failing: {
      id: id('scenario-failing'),
      name: 'Rebuild during an outage',
      steps: [call],
      faults: [{ target: id('o-cmd'), kind: 'Error', failFirst: null }],
      assertions: [{ type: 'outcome', id: 'rebuilt', step: 'rebuild', expected: 'Succeeded' }],
    },
    broken: {
      id: id('scenario-broken'),
      name: 'Calls what is not there',
      steps: [{ ...call, operation: id('no-such-operation') }],
      faults: [],
      assertions: [],
    },
  };
}
