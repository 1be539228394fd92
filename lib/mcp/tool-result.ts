import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { HttpProblem, isHttpProblem } from '../http/problem';
import type { ToolOutput } from './agent-tool';

/** Largest tool result (part 1 "Limits"). */
export const maxToolResultBytes = 100_000;

export type ToolResultContent = CallToolResult;

function envelope(output: ToolOutput, data: Record<string, unknown>, nextCursor: string | null, notice: string | null) {
  return { projectId: output.projectId, truth: output.truth, truthNote: output.truthNote, data, nextCursor, notice };
}

/** The lists of `data` a cut may shorten: its own members and, one level down, a member's lists (`operations.items`). */
function listPaths(data: Record<string, unknown>): string[] {
  const paths: string[] = [];
  for (const [member, value] of Object.entries(data)) {
    if (Array.isArray(value)) paths.push(member);
    else if (value && typeof value === 'object') {
      for (const [inner, innerValue] of Object.entries(value)) if (Array.isArray(innerValue)) paths.push(`${member}.${inner}`);
    }
  }
  return paths;
}

function listAt(data: Record<string, unknown>, path: string): unknown[] {
  const [member, inner] = path.split('.');
  const value = data[member!];
  return (inner === undefined ? value : (value as Record<string, unknown>)[inner]) as unknown[];
}

function withList(data: Record<string, unknown>, path: string, list: unknown[]): Record<string, unknown> {
  const [member, inner] = path.split('.');
  if (inner === undefined) return { ...data, [member!]: list };
  return { ...data, [member!]: { ...(data[member!] as Record<string, unknown>), [inner]: list } };
}

function largestList(data: Record<string, unknown>): string | null {
  let best: string | null = null;
  let bestSize = -1;
  for (const path of listPaths(data)) {
    const size = JSON.stringify(listAt(data, path)).length;
    if (size > bestSize) {
      best = path;
      bestSize = size;
    }
  }
  return best;
}

/**
 * The result envelope as one JSON text. Over 100000 bytes, the paged list
 * (or else the largest list) is cut to what fits and `notice` says what was
 * cut and how to get the rest.
 */
export function toolResultText(output: ToolOutput): string {
  const full = JSON.stringify(envelope(output, output.data, output.nextCursor, output.notice ?? null));
  if (Buffer.byteLength(full) <= maxToolResultBytes) return full;
  const member = output.pagedList?.member ?? largestList(output.data);
  const list = member ? listAt(output.data, member) : null;
  if (!member || !list) {
    return JSON.stringify(envelope(output, {}, null, `The result was over ${maxToolResultBytes} bytes and holds no list to cut; ask for less.`));
  }
  const attempt = (keep: number) => {
    const kept = list.slice(0, keep);
    const resume = output.pagedList && keep > 0 ? output.pagedList.cursorAfter(kept[keep - 1]) : output.nextCursor;
    const notice = output.pagedList
      ? `Cut to fit ${maxToolResultBytes} bytes: data.${member} holds ${keep} of ${list.length} items of this page. Call again with cursor = nextCursor for the rest (or a smaller limit).`
      : `Cut to fit ${maxToolResultBytes} bytes: data.${member} holds the first ${keep} of ${list.length} items; the rest is left out. Ask a narrower question (another tool or filter) for the rest.`;
    return JSON.stringify(envelope(output, withList(output.data, member, kept), output.pagedList && keep > 0 ? resume : output.nextCursor, notice));
  };
  let low = 0;
  let high = list.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (Buffer.byteLength(attempt(mid)) <= maxToolResultBytes) low = mid;
    else high = mid - 1;
  }
  return attempt(low);
}

/** A tool failure: `isError` and `{error: {type, title, detail, status, errors}}` (part 1 "Errors"). */
export function toolErrorResult(error: unknown): ToolResultContent {
  const problem = isHttpProblem(error) ? error : HttpProblem.internal(error);
  return { content: [{ type: 'text', text: JSON.stringify({ error: problem.toBody() }) }], isError: true };
}
