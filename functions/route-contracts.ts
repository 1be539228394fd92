/**
 * Every function group's route contracts (functions/<group>/contract.ts), by
 * group: the OpenAPI document and the contract test read them here. A new
 * group adds its two lines (docs/openapi.md "Adding a route's contract").
 */
import type { GroupContracts } from '../lib/openapi/route-contract';
import { contracts as hosts } from './hosts/contract';
import { contracts as imports } from './imports/contract';
import { contracts as sources } from './sources/contract';

export const routeContracts: Readonly<Record<string, GroupContracts>> = {
  hosts,
  imports,
  sources,
};
