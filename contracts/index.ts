/**
 * Every contracts module with answers of the API, by name: the route types (contracts/api-routes.ts)
 * are generated from the route list and these (`npm run contracts`). A new module adds its line.
 */
export * as account from './account';
export * as ai from './ai';
export * as aiProposals from './ai-proposals';
export * as comments from './comments';
export * as costs from './costs';
export * as drift from './drift';
export * as factStatuses from './fact-statuses';
export * as facts from './facts';
export * as loadTests from './load-tests';
export * as model from './model';
export * as modelDiff from './model-diff';
export * as prices from './prices';
export * as promises from './promises';
export * as review from './review';
export * as scans from './scans';
export * as scenarios from './scenarios';
export * as settings from './settings';
export * as sources from './sources';
export * as streams from './streams';
export * as views from './views';
export * as webhooks from './webhooks';
