/**
 * Every function group's route contracts (functions/<group>/contract.ts), by
 * group: the OpenAPI document and the contract test read them here. A new
 * group adds its two lines (docs/openapi.md "Adding a route's contract").
 */
import type { GroupContracts } from '../lib/openapi/route-contract';
import { contracts as agent } from './agent/contract';
import { contracts as ai } from './ai/contract';
import { contracts as aiProposals } from './ai-proposals/contract';
import { contracts as costs } from './costs/contract';
import { contracts as exports } from './exports/contract';
import { contracts as facts } from './facts/contract';
import { contracts as graph } from './graph/contract';
import { contracts as hosts } from './hosts/contract';
import { contracts as imports } from './imports/contract';
import { contracts as loadTests } from './load-tests/contract';
import { contracts as mcp } from './mcp/contract';
import { contracts as model } from './model/contract';
import { contracts as prices } from './prices/contract';
import { contracts as promises } from './promises/contract';
import { contracts as reference } from './reference/contract';
import { contracts as scenarios } from './scenarios/contract';
import { contracts as settings } from './settings/contract';
import { contracts as share } from './share/contract';
import { contracts as shareLinks } from './share-links/contract';
import { contracts as sources } from './sources/contract';
import { contracts as streams } from './streams/contract';
import { contracts as views } from './views/contract';
import { contracts as web } from './web/contract';
import { contracts as comments } from './comments/contract';
import { contracts as webhooks } from './webhooks/contract';

export const routeContracts: Readonly<Record<string, GroupContracts>> = {
  agent,
  ai,
  'ai-proposals': aiProposals,
  costs,
  exports,
  facts,
  graph,
  hosts,
  imports,
  'load-tests': loadTests,
  mcp,
  model,
  prices,
  promises,
  reference,
  scenarios,
  settings,
  share,
  'share-links': shareLinks,
  sources,
  streams,
  views,
  web,
  comments,
  webhooks,
};
