import type { Endpoint } from '../lib/platform/http/define-route';
import { routeKeyOf } from '../lib/platform/http/route-definition';

/** The success statuses of a contract's answers, in order. */
function successStatusesOf(endpoint: Endpoint): number[] {
  return Object.keys(endpoint.contract.responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300)
    .sort((a, b) => a - b);
}

/** The type of an answer without a body, as web/src/api/client.ts resolves it. */
const emptyAnswer = 'undefined';

/** The file of a contracts module named in contracts/index.ts: `loadTests` → `load-tests`. */
function fileOf(module: string): string {
  return module.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/**
 * The text of contracts/api-routes.ts: for each endpoint whose success answers are schemas exported
 * by contracts modules or empty, its `METHOD /path` and those schemas' output types (`undefined`
 * for an empty answer). Schemas are found by
 * identity, so an endpoint that answers with a schema of its own (not yet in contracts/) is left
 * out, and one that changes its schema changes the type the web client reads. An answer without a
 * body (`'empty'`) is `undefined`.
 */
export function apiRoutesText(endpoints: readonly Endpoint[], modules: Readonly<Record<string, Readonly<Record<string, unknown>>>>): string {
  const names = new Map<unknown, string>();
  for (const [module, exports] of Object.entries(modules)) for (const [name, value] of Object.entries(exports)) if (typeof value === 'object' && value !== null && !names.has(value)) names.set(value, `${module}.${name}`);
  const lines = new Map<string, string>();
  for (const endpoint of endpoints) {
    const answers = successStatusesOf(endpoint).map((status) => {
      const answer = endpoint.contract.responses[status];
      // No body (a 204 of a delete) is typed as nothing, so the client calls those routes by name too.
      if (answer === 'empty') return emptyAnswer;
      const name = names.get(typeof answer === 'object' && answer !== null && 'contentType' in answer ? answer.schema : answer);
      return name === undefined ? undefined : `z.output<typeof ${name}>`;
    });
    // Every success answer must be a contract (a new proposal or the AI unavailable answer, say) or empty, or the route is left out.
    if (answers.length === 0 || !answers.every((type): type is string => type !== undefined)) continue;
    const types = [...new Set(answers)];
    lines.set(routeKeyOf(endpoint), `  '${routeKeyOf(endpoint)}': ${types.join(' | ')};`);
  }
  const used = [...new Set([...lines.values()].flatMap((line) => [...line.matchAll(/typeof (\w+)\./g)].map((match) => match[1]!)))].sort();
  return [
    '// Generated from the route list (functions/routes.ts) and contracts/index.ts by `npm run contracts`; do not edit.',
    "import type { z } from 'zod';",
    ...used.map((module) => `import type * as ${module} from './${fileOf(module)}';`),
    '',
    '/** Per route of the API whose answers are contracts: the answers of its success statuses. */',
    'export interface ApiAnswers {',
    ...[...lines.keys()].sort().map((key) => lines.get(key)!),
    '}',
    '',
  ].join('\n');
}
