/**
 * Every contracts module with answers of the API, by name: the route types (contracts/api-routes.ts)
 * are generated from the route list and these (`npm run contracts`). A new module adds its line.
 */
export * as ai from './ai';
export * as scenarios from './scenarios';
export * as streams from './streams';
export * as views from './views';
export * as webhooks from './webhooks';
