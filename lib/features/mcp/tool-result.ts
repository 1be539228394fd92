import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { answerOfFailure } from '../../platform/http/service-error-problem';
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

const fits = (text: string) => Buffer.byteLength(text) <= maxToolResultBytes;

/** How a cut item is named in a notice: its ID when it has one, else its position. */
function itemName(item: unknown, position: number): string {
  const id = item && typeof item === 'object' ? (item as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? `the item ${id}` : `item ${position + 1}`;
}

/**
 * The result envelope as one JSON text, never over 100000 bytes. Over it, the
 * paged list (or else the largest list) is cut to what fits and `notice`
 * says what was cut and how to get the rest, after what the tool itself
 * noted (lists capped at 200). Paging never skips an item without naming it:
 * a page item that is over the limit by itself is left out, named, and
 * `nextCursor` resumes after it. When nothing of `data` fits, `data` is left
 * out and the notice says so.
 */
export function toolResultText(output: ToolOutput): string {
  const ownNotice = output.notice ?? null;
  const full = JSON.stringify(envelope(output, output.data, output.nextCursor, ownNotice));
  if (fits(full)) return full;
  const withOwnNotice = (notice: string) => (ownNotice === null ? notice : `${ownNotice} ${notice}`);
  const nothingFits = () =>
    JSON.stringify(
      envelope(
        output,
        {},
        null,
        withOwnNotice(`The result was over ${maxToolResultBytes} bytes and nothing of it could be cut to fit, so data is left out; read the record over HTTP (the capability list names the endpoint of each tool).`),
      ),
    );
  const member = output.pagedList?.member ?? largestList(output.data);
  const list = member ? listAt(output.data, member) : null;
  if (!member || !list || list.length === 0) return nothingFits();
  const paged = output.pagedList;
  const attempt = (keep: number) => {
    const kept = list.slice(0, keep);
    if (paged) {
      if (keep > 0) {
        const notice = `Cut to fit ${maxToolResultBytes} bytes: data.${member} holds ${keep} of ${list.length} items of this page. Call again with cursor = nextCursor for the rest (or a smaller limit).`;
        return JSON.stringify(envelope(output, withList(output.data, member, kept), paged.cursorAfter(kept[keep - 1]), withOwnNotice(notice)));
      }
      // The first item alone is too large: skip it, by name, and go on after it.
      const skipped = list[0];
      const notice = `Cut to fit ${maxToolResultBytes} bytes: ${itemName(skipped, 0)} of data.${member} is over the limit by itself and is left out (read it with a tool for one record, or over HTTP). Call again with cursor = nextCursor for the items after it.`;
      return JSON.stringify(envelope(output, withList(output.data, member, []), paged.cursorAfter(skipped), withOwnNotice(notice)));
    }
    const notice = `Cut to fit ${maxToolResultBytes} bytes: data.${member} holds the first ${keep} of the ${list.length} items shown; the rest is left out. Ask a narrower question (another tool or filter) for the rest.`;
    return JSON.stringify(envelope(output, withList(output.data, member, kept), output.nextCursor, withOwnNotice(notice)));
  };
  let low = 0;
  let high = list.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(attempt(mid))) low = mid;
    else high = mid - 1;
  }
  const text = attempt(low);
  return fits(text) ? text : nothingFits();
}

/** A tool failure: `isError` and `{error: {type, title, detail, status, errors}}` (part 1 "Errors"). */
export function toolErrorResult(error: unknown): ToolResultContent {
  const problem = answerOfFailure(error);
  return { content: [{ type: 'text', text: JSON.stringify({ error: problem.toBody() }) }], isError: true };
}
