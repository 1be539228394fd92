import { z } from 'zod';
import type { ViewRecord } from '../../lib/core/model/view-store';
import { describes, guid, timestamp } from '../../contracts/schema-kit';

export const positionSchema = z.object({ elementId: guid, x: z.number(), y: z.number() });

export const viewSchema = describes<ViewRecord>()(
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

export const viewParams = z.object({ projectId: z.string(), viewId: z.string() });
