import { functionGroups, type RouteDefinition } from '../lib/http/route-table';
import type { LambdaHandler } from './http-shim';

/**
 * Loads `functions/<group>/handler.ts` for every group of the route table, so
 * the shim serves exactly the bundles a function deployment would. esbuild
 * bundles every file this pattern can name.
 */
export async function loadGroupHandlers(table: readonly RouteDefinition[]): Promise<Record<string, LambdaHandler>> {
  const handlers: Record<string, LambdaHandler> = {};
  for (const group of functionGroups(table)) {
    const module = (await import(`../functions/${group}/handler.ts`)) as { handler?: LambdaHandler };
    if (typeof module.handler !== 'function') throw new Error(`functions/${group}/handler.ts exports no handler`);
    handlers[group] = module.handler;
  }
  return handlers;
}
