import type { Environment } from '../lib/platform/config/service-config';
import { createOutboundFetch, operatorConfiguredGuard } from '../lib/platform/net/outbound-fetch';

/** What went wrong, in the words of the deepest cause (`connect ECONNREFUSED 127.0.0.1:8080`). */
function reasonOf(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

/**
 * `svc health`: calls /health on 127.0.0.1 at the first port of `PORT`
 * (8080 when unset) and exits 0 on 200 (part 2 "Service commands"). The
 * container health check runs it.
 */
export async function runHealthCommand(env: Environment, timeoutMs = 5000): Promise<number> {
  const first = (env.PORT ?? '').split(/[;,]/)[0]?.trim();
  const port = first && /^\d+$/.test(first) ? Number(first) : 8080;
  const fetch = createOutboundFetch({ guard: operatorConfiguredGuard, timeoutMs });
  try {
    const response = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    process.stdout.write(`${response.status === 200 ? 'healthy' : `unhealthy (${response.status})`}\n`);
    return response.status === 200 ? 0 : 1;
  } catch (error) {
    process.stdout.write(`unhealthy (${reasonOf(error)})\n`);
    return 1;
  }
}
