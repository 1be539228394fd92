/**
 * Every function group's route contracts (functions/<group>/contract.ts), by
 * group: the OpenAPI document and the contract test read them here. A new
 * group adds its two lines (docs/openapi.md "Adding a route's contract").
 */
import type { GroupContracts } from '../lib/openapi/route-contract';
import { contracts as auth } from './auth/contract';
import { contracts as health } from './health/contract';
import { contracts as hosts } from './hosts/contract';
import { contracts as imports } from './imports/contract';
import { contracts as instance } from './instance/contract';
import { contracts as members } from './members/contract';
import { contracts as projects } from './projects/contract';
import { contracts as setup } from './setup/contract';
import { contracts as sources } from './sources/contract';
import { contracts as workspaces } from './workspaces/contract';

export const routeContracts: Readonly<Record<string, GroupContracts>> = {
  auth,
  health,
  hosts,
  imports,
  instance,
  members,
  projects,
  setup,
  sources,
  workspaces,
};
