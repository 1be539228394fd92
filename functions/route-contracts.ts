/**
 * Every function group's route contracts (functions/<group>/contract.ts), by
 * group: the OpenAPI document and the contract test read them here. A new
 * group adds its line (docs/openapi.md "Adding a route's contract").
 */
import { contracts as model } from './model/contract';
import { contracts as facts } from './facts/contract';
import type { GroupContracts } from '../lib/openapi/route-contract';
import { contracts as health } from './health/contract';
import { contracts as setup } from './setup/contract';
import { contracts as auth } from './auth/contract';
import { contracts as instance } from './instance/contract';
import { contracts as workspaces } from './workspaces/contract';
import { contracts as projects } from './projects/contract';
import { contracts as members } from './members/contract';

export const routeContracts: Readonly<Record<string, GroupContracts>> = {
  health,
  facts,
  model,
  setup,
  auth,
  instance,
  workspaces,
  projects,
  members,
};
