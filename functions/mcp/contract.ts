import { z } from 'zod';
import type { GroupContracts } from '../../lib/openapi/route-contract';

const jsonRpc = z.looseObject({ jsonrpc: z.literal('2.0') }).meta({ description: 'A JSON-RPC 2.0 message of the Model Context Protocol.' });

export const contracts: GroupContracts = {
  'post-mcp': {
    headers: z.object({ accept: z.string().meta({ description: 'Must list both `application/json` and `text/event-stream` (406 otherwise).' }) }),
    body: { contentTypes: ['application/json'], schema: jsonRpc },
    responses: { 200: jsonRpc, 202: 'empty', 400: jsonRpc, 406: jsonRpc },
    access: { role: 'any', note: 'The tools need the `read` scope; each works on the workspace (and project) of the token.' },
    description: 'Streamable HTTP, stateless: JSON answers, no session ID. tools/list and tools/call over the agent tools.',
    example: {
      as: 'readToken',
      headers: { accept: 'application/json, text/event-stream' },
      rawBody: { contentType: 'application/json', text: '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}' },
    },
  },
  'mcp-method-not-allowed': {
    responses: { 405: 'problem' },
    access: { role: 'any' },
    description: '`Allow: POST`: no stream, no session.',
    example: { as: 'readToken', status: 405, why: 'GET and DELETE /mcp only ever answer 405' },
  },
};
