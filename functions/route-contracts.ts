/**
 * Every function group's route contracts (functions/<group>/contract.ts), by
 * group: the OpenAPI document and the contract test read them here. A new
 * group adds its two lines (docs/openapi.md "Adding a route's contract").
 */
import type { GroupContracts } from '../lib/openapi/route-contract';
import { contracts as agent } from './agent/contract';
import { contracts as ai } from './ai/contract';
import { contracts as aiProposals } from './ai-proposals/contract';
import { contracts as auth } from './auth/contract';
import { contracts as costs } from './costs/contract';
import { contracts as exports } from './exports/contract';
import { contracts as facts } from './facts/contract';
import { contracts as graph } from './graph/contract';
import { contracts as health } from './health/contract';
import { contracts as instance } from './instance/contract';
import { contracts as loadTests } from './load-tests/contract';
import { contracts as mcp } from './mcp/contract';
import { contracts as members } from './members/contract';
import { contracts as model } from './model/contract';
import { contracts as prices } from './prices/contract';
import { contracts as projects } from './projects/contract';
import { contracts as promises } from './promises/contract';
import { contracts as reference } from './reference/contract';
import { contracts as scenarios } from './scenarios/contract';
import { contracts as settings } from './settings/contract';
import { contracts as setup } from './setup/contract';
import { contracts as share } from './share/contract';
import { contracts as shareLinks } from './share-links/contract';
import { contracts as streams } from './streams/contract';
import { contracts as views } from './views/contract';
import { contracts as web } from './web/contract';
import { contracts as workspaces } from './workspaces/contract';
import { contracts as comments } from './comments/contract';
import { contracts as webhooks } from './webhooks/contract';

export const routeContracts: Readonly<Record<string, GroupContracts>> = {
  agent,
  ai,
  'ai-proposals': aiProposals,
  auth,
  costs,
  exports,
  facts,
  graph,
  health,
  instance,
  'load-tests': loadTests,
  mcp,
  members,
  model,
  prices,
  projects,
  promises,
  reference,
  scenarios,
  settings,
  setup,
  share,
  'share-links': shareLinks,
  streams,
  views,
  web,
  workspaces,
  comments,
  webhooks,
};
