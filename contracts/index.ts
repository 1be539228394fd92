/**
 * Every contracts module with answers of the API, by name: the route types (contracts/api-routes.ts)
 * are generated from the route list and these (`npm run contracts`). A new module adds its line.
 */
export * as ai from './ai';
export * as webhooks from './webhooks';
export * as comments from './comments';
export * as aiProposals from './ai-proposals';
