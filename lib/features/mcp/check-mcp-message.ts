import { describeDuplicateKey, scanJsonText } from '../../platform/text/strict-json';

/** A JSON-RPC error answered before the MCP server sees the message: HTTP status and body. */
export interface McpMessageRefusal {
  status: number;
  body: string;
}

const invalidRequest = -32600;
const invalidParams = -32602;

function refusal(code: number, message: string, id: unknown = null): McpMessageRefusal {
  const replyId = typeof id === 'string' || typeof id === 'number' ? id : null;
  return { status: 400, body: JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: replyId }) };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What the SDK's transport would take but part 1 and JSON-RPC refuse:
 * several messages in one request ("POST /mcp | one MCP message per
 * request"), a key repeated in one object (the last would win silently, as
 * on every other JSON body), and a tools/call whose params are not
 * `{name, arguments?}` (JSON-RPC "Invalid params", which the SDK would answer
 * as an internal error). Text that is not JSON is left to the transport
 * (-32700). Null when the message may go on.
 */
export function checkMcpMessage(text: string): McpMessageRefusal | null {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  if (Array.isArray(message)) return refusal(invalidRequest, 'Invalid Request: one MCP message per request; batches are not accepted.');
  const duplicate = describeDuplicateKey(scanJsonText(text).duplicate);
  const id = isPlainObject(message) ? message.id : null;
  if (duplicate !== null) return refusal(invalidRequest, `Invalid Request: ${duplicate}.`, id);
  if (!isPlainObject(message) || message.method !== 'tools/call') return null;
  const params = message.params;
  if (!isPlainObject(params)) return refusal(invalidParams, 'Invalid params: tools/call needs params {name, arguments}.', id);
  if (typeof params.name !== 'string') return refusal(invalidParams, 'Invalid params: params.name must be the name of a tool.', id);
  if (params.arguments !== undefined && !isPlainObject(params.arguments)) return refusal(invalidParams, 'Invalid params: params.arguments must be an object.', id);
  return null;
}
