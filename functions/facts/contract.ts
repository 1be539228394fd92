import { z } from 'zod';
import { factLabelSchema } from '../../lib/model/record-answer-schemas';
import type { GroupContracts } from '../../lib/openapi/route-contract';
import { branchQuery } from '../model/model-request';

const factParams = z.object({
  projectId: z.string(),
  entityType: z.string().meta({ description: 'A model kind but schema, singular (`element`) or as its collection (`elements`).' }),
  entityId: z.string(),
});

export const contracts: GroupContracts = {
  'accept-fact': {
    params: factParams,
    query: branchQuery,
    responses: { 200: factLabelSchema, 404: 'problem' },
    access: { role: 'editor', note: 'A person: only a person accepts a fact.' },
    description: '`inferred` and `unknown` become `declared`; provenance records who accepted it and when. The `Model-Version` header carries the new version.',
    example: { as: 'editor', params: { entityType: 'elements', entityId: '{model_web}' } },
  },
  'mark-fact-unknown': {
    params: factParams,
    query: branchQuery,
    responses: { 200: factLabelSchema, 404: 'problem' },
    access: { role: 'editor' },
    description: 'The `Model-Version` header carries the new version.',
    example: { as: 'editor', params: { entityType: 'relationship', entityId: '{model_r_buys}' } },
  },
};
