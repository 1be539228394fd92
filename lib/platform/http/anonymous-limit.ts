/**
 * Paths whose requests without a valid credential share one limit per client
 * address (part 2 "Limits": /api, /mcp, /llms.txt, /llms-full.txt, /skills;
 * /openapi.json with them, docs/openapi.md). The web client's files and the
 * API reference page are not counted.
 */
const anonymousLimitedPaths = /^\/(api(\/|$)|mcp$|llms\.txt$|llms-full\.txt$|skills(\/|$)|openapi\.json$)/;

export function countsInAnonymousLimit(path: string): boolean {
  return anonymousLimitedPaths.test(path);
}
