import { z } from 'zod';

/** The path parameters of the two view exports (SVG, flowchart). */
export const viewParams = z.object({ projectId: z.string(), viewId: z.string() });
