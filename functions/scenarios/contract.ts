import { z } from 'zod';
import { pageQuery } from '../../lib/http/common-schemas';
import { ignoredMemberSchema } from '../../lib/model/record-answer-schemas';
import type { GroupContracts } from '../../lib/openapi/route-contract';
import { guid, pageOf } from '../../lib/openapi/schema-kit';
import { runResultSchema, scenarioDocumentSchema, scenarioOriginSchema } from '../../lib/playback/run-result-schema';
import { runQuery } from './run-scenario';

const scenarioSchema = scenarioDocumentSchema.extend({ origin: scenarioOriginSchema }).meta({ id: 'Scenario' });
const writtenScenarioSchema = scenarioSchema.extend({ ignored: z.array(ignoredMemberSchema) });
const scenarioParams = z.object({ projectId: z.string(), scenarioId: z.string() });

/** A scenario over the fixture world's model: call the Rebuild command, then publish OrderPlaced. */
const scenarioBody = (id: string, name: string) => ({
  id,
  name,
  steps: [{ type: 'call', id: 'rebuild', from: '{model_customer}', operation: '{model_o_cmd}', request: null, response: null, then: [], onError: [] }],
  faults: [],
  assertions: [{ type: 'outcome', id: 'rebuilt', step: 'rebuild', expected: 'Succeeded' }],
});

export const contracts: GroupContracts = {
  'list-scenarios': {
    query: pageQuery,
    responses: { 200: pageOf(z.object({ id: guid, name: z.string() })) },
    access: { role: 'viewer' },
    example: { as: 'readToken' },
  },
  'create-scenario': {
    body: scenarioDocumentSchema,
    responses: { 201: writtenScenarioSchema, 400: 'problem', 409: 'problem' },
    access: { role: 'editor' },
    description: '400 `invalid_scenario` or `validation_error` naming the JSON path; 409 when the ID is in use (also by a deleted scenario) or the project holds 2000.',
    example: { as: 'editor', body: scenarioBody('5e4d3c2b-1a09-4f8e-b7d6-c5b4a3928170', 'Rebuild once') },
  },
  'get-scenario': {
    params: scenarioParams,
    responses: { 200: scenarioSchema, 404: 'problem' },
    access: { role: 'viewer' },
    example: { as: 'viewer' },
  },
  'replace-scenario': {
    params: scenarioParams,
    body: scenarioDocumentSchema.partial({ id: true }),
    responses: { 200: writtenScenarioSchema, 400: 'problem', 404: 'problem' },
    access: { role: 'editor' },
    description: 'The ID comes from the path; a body `id` must be the same.',
    example: { as: 'editor', params: { scenarioId: '{spareScenarioId}' }, body: scenarioBody('{spareScenarioId}', 'Rebuild, replaced') },
  },
  'delete-scenario': {
    params: scenarioParams,
    responses: { 204: 'empty', 404: 'problem' },
    access: { role: 'editor' },
    example: { as: 'editor', params: { scenarioId: '{doomedScenarioId}' }, last: true },
  },
  'run-scenario': {
    params: scenarioParams,
    query: runQuery,
    responses: {
      200: { contentType: 'application/json', alternatives: ['text/plain'], schema: runResultSchema, description: 'The run result; with `?format=sequence` the run as Mermaid `sequenceDiagram` text (docs/sequence-diagrams.md).' },
      404: 'problem',
    },
    access: { role: 'viewer' },
    description: 'Plays the scenario over main, or the branch of `?branchId=`; writes nothing.',
    example: { as: 'readToken' },
  },
};
