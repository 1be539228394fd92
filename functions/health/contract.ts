import type { GroupContracts } from '../../lib/openapi/route-contract';

const healthText = { contentType: 'text/plain', description: '`Healthy`' } as const;

export const contracts: GroupContracts = {
  'get-health': {
    responses: { 200: healthText, 503: { contentType: 'text/plain', description: '`Unhealthy`: the database did not answer within 2 s' } },
    example: {},
  },
  'get-health-live': {
    responses: { 200: healthText },
    example: {},
  },
};
