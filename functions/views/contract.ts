import { z } from 'zod';
import type { ViewRecord } from '../../lib/model/view-store';
import type { GroupContracts } from '../../lib/openapi/route-contract';
import { describes, guid, listOf, timestamp } from '../../lib/openapi/schema-kit';
import { layoutRequest, viewRequest } from './view-inputs';

const positionSchema = z.object({ elementId: guid, x: z.number(), y: z.number() });
const viewSchema = describes<ViewRecord>()(
  z
    .object({
      id: guid,
      projectId: guid,
      name: z.string(),
      rootElementId: guid.nullable().meta({ description: 'The element the view shows with its children; null for the whole model.' }),
      positions: z.array(positionSchema),
      createdAt: timestamp,
      updatedAt: timestamp,
    })
    .meta({ id: 'View' }),
);
const viewParams = z.object({ projectId: z.string(), viewId: z.string() });

export const contracts: GroupContracts = {
  'list-views': { responses: { 200: listOf(viewSchema) }, access: { role: 'viewer' }, example: { as: 'readToken' } },
  'create-view': {
    body: viewRequest,
    responses: { 201: viewSchema, 400: 'problem', 409: 'problem' },
    access: { role: 'editor' },
    example: { as: 'editor', body: { name: 'Shop inside', rootElementId: '{model_shop}' } },
  },
  'get-view': { params: viewParams, responses: { 200: viewSchema, 404: 'problem' }, access: { role: 'viewer' }, example: { as: 'viewer' } },
  'replace-view': {
    params: viewParams,
    body: viewRequest,
    responses: { 200: viewSchema, 400: 'problem', 404: 'problem' },
    access: { role: 'editor' },
    example: { as: 'editor', params: { viewId: '{spareViewId}' }, body: { name: 'Everything', rootElementId: null } },
  },
  'delete-view': { params: viewParams, responses: { 204: 'empty', 404: 'problem' }, access: { role: 'editor' }, example: { as: 'editor', params: { viewId: '{doomedViewId}' }, last: true } },
  'replace-view-layout': {
    params: viewParams,
    body: layoutRequest,
    responses: { 200: z.object({ viewId: guid, positions: z.array(positionSchema) }), 400: 'problem', 404: 'problem' },
    access: { role: 'editor' },
    example: { as: 'editor', params: { viewId: '{spareViewId}' }, body: { positions: [{ elementId: '{model_shop}', x: 10, y: 20.5 }] } },
  },
};
