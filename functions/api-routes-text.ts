import type { Endpoint } from '../lib/platform/http/define-route';
import { routeKeyOf } from '../lib/platform/http/route-definition';

/** The first success status of a contract's answers. */
function successStatusOf(endpoint: Endpoint): number | undefined {
  return Object.keys(endpoint.contract.responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300)
    .sort((a, b) => a - b)[0];
}

/**
 * The text of contracts/api-routes.ts: for each endpoint whose success answer is a schema exported
 * by a contracts module, its `METHOD /path` and that schema's output type. Schemas are found by
 * identity, so an endpoint that answers with a schema of its own (not yet in contracts/) is left
 * out, and one that changes its schema changes the type the web client reads.
 */
export function apiRoutesText(endpoints: readonly Endpoint[], modules: Readonly<Record<string, Readonly<Record<string, unknown>>>>): string {
  const names = new Map<unknown, string>();
  for (const [module, exports] of Object.entries(modules)) for (const [name, value] of Object.entries(exports)) if (typeof value === 'object' && value !== null && !names.has(value)) names.set(value, `${module}.${name}`);
  const lines = new Map<string, string>();
  for (const endpoint of endpoints) {
    const status = successStatusOf(endpoint);
    const answer = status === undefined ? undefined : endpoint.contract.responses[status];
    const schema = typeof answer === 'object' && answer !== null && 'contentType' in answer ? answer.schema : answer;
    const name = names.get(schema);
    if (name) lines.set(routeKeyOf(endpoint), `  '${routeKeyOf(endpoint)}': z.output<typeof ${name}>;`);
  }
  const used = [...new Set([...lines.values()].map((line) => /typeof (\w+)\./.exec(line)![1]!))].sort();
  return [
    '// Generated from the route list (functions/routes.ts) and contracts/index.ts by `npm run contracts`; do not edit.',
    "import type { z } from 'zod';",
    ...used.map((module) => `import type * as ${module} from './${module.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}';`),
    '',
    '/** Per route of the API whose answer is a contract: the answer of its success status. */',
    'export interface ApiAnswers {',
    ...[...lines.keys()].sort().map((key) => lines.get(key)!),
    '}',
    '',
  ].join('\n');
}
