import { projectSchema } from '../../lib/openapi/answer-schemas';
import type { GroupContracts } from '../../lib/openapi/route-contract';
import { updateProjectRequest } from './update-project';

export const contracts: GroupContracts = {
  'get-project': {
    responses: { 200: projectSchema, 404: 'problem' },
    access: { role: 'viewer' },
    example: { as: 'readToken' },
  },
  'update-project': {
    body: updateProjectRequest,
    responses: { 200: projectSchema },
    access: { role: 'editor' },
    example: { as: 'editor', body: { description: 'Where people buy things' } },
  },
  'delete-project': {
    responses: { 204: 'empty', 404: 'problem' },
    access: { role: 'owner' },
    example: { params: { projectId: '{doomedProjectId}' }, last: true },
  },
};
