import { z } from 'zod';
import { factStatusSchema, staleMarkSchema } from '../../lib/model/record-answer-schemas';
import type { GroupContracts } from '../../lib/openapi/route-contract';
import { guid } from '../../lib/openapi/schema-kit';
import { impactQuery } from './get-impact';
import { pathsQuery } from './find-paths';

const paging = { nextCursor: z.string().nullable(), notice: z.string().nullable() };
const edge = z.object({ via: z.enum(['relationship', 'message']), id: guid, name: z.string().nullable(), fromId: guid, toId: guid, factStatus: factStatusSchema, stale: staleMarkSchema.nullable() });
const node = z.object({
  id: guid,
  kind: z.string(),
  name: z.string(),
  depth: z.number().int(),
  via: z.object({ kind: z.enum(['relationship', 'message', 'subscription', 'dead-letter', 'binding', 'operation']), id: guid, name: z.string().nullable(), fromId: guid }),
  factStatus: factStatusSchema,
  stale: staleMarkSchema.nullable(),
});
const use = z.object({ id: guid, name: z.string(), reason: z.string(), recordId: guid });

export const contracts: GroupContracts = {
  'find-paths': {
    query: pathsQuery,
    responses: {
      200: z.object({
        fromId: guid,
        toId: guid,
        maxDepth: z.number().int(),
        modelVersion: z.number().int(),
        shortestLength: z.number().int().nullable(),
        paths: z.array(z.object({ length: z.number().int(), elements: z.array(z.object({ id: guid, name: z.string().nullable(), kind: z.string().nullable() })), edges: z.array(edge) })),
        ...paging,
      }),
      400: 'problem',
      404: 'problem',
      409: 'problem',
    },
    access: { role: 'viewer' },
    description: 'The answer of the find_paths tool; 409 for a cursor of an earlier model version.',
    example: { as: 'readToken', query: { fromId: '{model_customer}', toId: '{model_checkout}', maxDepth: '4' } },
  },
  'get-impact': {
    query: impactQuery,
    responses: {
      200: z.object({
        target: z.object({ kind: z.enum(['element', 'operation', 'channel', 'schema']), id: guid, name: z.string() }),
        maxDepth: z.number().int(),
        modelVersion: z.number().int(),
        counts: z.object({ elements: z.number().int(), channels: z.number().int(), scenarios: z.number().int(), views: z.number().int(), promises: z.number().int() }),
        elements: z.array(node),
        channels: z.array(node),
        scenarios: z.array(use),
        views: z.array(use),
        promises: z.array(use.extend({ requirementNumber: z.number().int() })),
        ...paging,
      }),
      400: 'problem',
      404: 'problem',
      409: 'problem',
    },
    access: { role: 'viewer' },
    description: 'The answer of the get_impact tool: elements paged, the other lists at most 200 items each.',
    example: { as: 'viewer', query: { kind: 'element', id: '{model_orders}' } },
  },
};
