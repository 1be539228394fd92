import type { z } from 'zod';
import type { AgentTokenCaller } from '../../platform/http/caller';
import type { ServiceRuntime } from '../../platform/runtime/service-runtime';

/** What a tool call sees: the runtime and the agent token that calls. */
export interface ToolContext {
  runtime: ServiceRuntime;
  caller: AgentTokenCaller;
}

/** A tool's answer before it is put in the result envelope (part 1 "Agent tool endpoint result envelope"). */
export interface ToolOutput {
  projectId: string | null;
  truth: string;
  truthNote: string;
  data: Record<string, unknown>;
  nextCursor: string | null;
  /** Set when the tool itself left something out (e.g. lists capped at 200). */
  notice?: string;
  /**
   * The list in `data` that paging continues (a member name); when the
   * result must be cut, it is cut there and `nextCursor` resumes after the
   * last item kept.
   */
  pagedList?: { member: string; cursorAfter: (item: unknown) => string };
}

/** One tool of the /mcp endpoint: name, description, zod input schema, and its code. */
export interface AgentTool<S extends z.ZodType = z.ZodType> {
  name: string;
  description: string;
  input: S;
  /** The equivalent HTTP endpoint, for the capability list (null when none). */
  equivalentHttp: string | null;
  run(context: ToolContext, args: z.infer<S>): Promise<ToolOutput>;
}

/** Declares a tool with its input type inferred from the schema. */
export function defineTool<S extends z.ZodType>(tool: AgentTool<S>): AgentTool<S> {
  return tool;
}
