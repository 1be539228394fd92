import { z } from 'zod';

export const scenarioParams = z.object({ projectId: z.string(), scenarioId: z.string() });

/** An example scenario over the fixture world's model: call the Rebuild command, then publish OrderPlaced. */
export const scenarioBody = (id: string, name: string) => ({
  id,
  name,
  steps: [{ type: 'call', id: 'rebuild', from: '{model_customer}', operation: '{model_o_cmd}', request: null, response: null, then: [], onError: [] }],
  faults: [],
  assertions: [{ type: 'outcome', id: 'rebuilt', step: 'rebuild', expected: 'Succeeded' }],
});
