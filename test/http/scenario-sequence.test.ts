import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../lib/core/playback/playback-types';
import type { ScenarioDocument } from '../../lib/core/playback/scenario-document';
import { renderTraceSequence, sequenceParticipants } from '../../lib/core/render/render-trace-sequence';
import { readSequence } from '../support/render-checks';
import { sequenceScenarios, sequenceShopModel, shop } from '../support/trace-sequence-fixtures';
import { callTool, callToolError, connectMcp, storeScenario } from '../support/agent-fixtures';
import { expectProblem } from '../support/http-client';
import { startModelService, type ModelService, type Project } from '../support/model-api';

/**
 * A run as a sequence diagram over HTTP (`POST …/run?format=sequence`) and
 * through the MCP tool run_scenario (`format: "sequence"`, the official SDK
 * client), against the built server on real PostgreSQL: the answer is the
 * renderer's text for exactly the run the JSON answer gives, mermaid reads
 * it, and the refusals.
 */

const model = sequenceShopModel();
const scenarios = sequenceScenarios();

/** The fixture shop as a model document. */
function shopDocument() {
  return {
    version: '1.0',
    elements: [...model.element.values()],
    relationships: [...model.relationship.values()],
    messages: [...model.message.values()],
    schemas: [...model.schema.values()],
    operations: [...model.operation.values()],
    channels: [...model.channel.values()],
    subscriptions: [...model.subscription.values()],
    bindings: [...model.binding.values()],
  };
}

describe('scenario runs as sequence diagrams, over HTTP and MCP', () => {
  let m: ModelService;
  let project: Project;
  let token: string;
  let client: Client;
  const runPath = (scenarioId: string, query = '') => `/api/projects/${project.id}/scenarios/${scenarioId}/run${query}`;

  beforeAll(async () => {
    m = await startModelService();
    const workspaceId = await m.createWorkspace('Sequences');
    project = await m.createProject(workspaceId, 'Shop');
    const imported = await m.importModel(project.id, shopDocument());
    expect(imported.status, imported.text.slice(0, 500)).toBe(200);
    for (const scenario of Object.values(scenarios)) await storeScenario(m, project.id, scenario as unknown as { id: string; name: string });
    token = await m.createToken(workspaceId, ['read']);
    client = await connectMcp(m.service.url, token);
  });

  afterAll(async () => {
    await client?.close();
    await m?.stop();
  });

  it.each(Object.keys(scenarios))('answers %s as the diagram of the very run the JSON answer gives, as text/plain', async (name) => {
    const scenario = scenarios[name]!;
    const json = await m.api('POST', runPath(scenario.id), { session: m.admin.session });
    expect(json.status, json.text.slice(0, 300)).toBe(200);
    const run = json.json as RunResult;
    const answer = await m.api('POST', runPath(scenario.id, '?format=sequence'), { session: m.admin.session });
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(answer.text).toBe(renderTraceSequence({ scenario, run, participants: sequenceParticipants(model, scenario, run) }));
    expect(answer.text.split('\n')[1]).toContain(`Run hash ${run.hash}; engine version 1, model version ${run.modelVersion}, ${run.events.length} events`);
    const read = await readSequence(answer.text);
    expect(read.actors.length).toBeGreaterThan(1);
    // Same run, same bytes.
    expect((await m.api('POST', runPath(scenario.id, '?format=sequence'), { token })).text).toBe(answer.text);
  });

  it('format=json is the run result; another format, an unknown query member or a scenario elsewhere is refused', async () => {
    const id = scenarios['plain-call']!.id;
    const json = await m.api('POST', runPath(id, '?format=json'), { session: m.admin.session });
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(json.json.hash).toMatch(/^[0-9a-f]{64}$/);
    const bad = expectProblem(await m.api('POST', runPath(id, '?format=svg'), { session: m.admin.session }), 400, 'validation_error');
    expect(bad.errors).toEqual([{ field: 'format', message: 'must be "json" or "sequence"' }]);
    expectProblem(await m.api('POST', runPath(id, '?format=sequence&style=dark'), { session: m.admin.session }), 400, 'validation_error');
    expectProblem(await m.api('POST', runPath('5ce00000-0000-4000-8000-0000000000ff', '?format=sequence'), { session: m.admin.session }), 404);
    expectProblem(await m.api('POST', runPath(id, '?format=sequence')), 401);
  });

  it('a scenario that does not play answers its issues as comments', async () => {
    const broken: ScenarioDocument = { ...scenarios['plain-call']!, id: '00000000-0000-4000-8000-000000000999', name: 'Broken', steps: [{ type: 'write', id: 'w', by: shop.web, store: shop.ordersDb, dataset: null, change: null }] };
    await storeScenario(m, project.id, broken as unknown as { id: string; name: string });
    const answer = await m.api('POST', runPath(broken.id, '?format=sequence'), { session: m.admin.session });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('    %% Not played: missing-dataset at step w:');
    expect(await readSequence(answer.text)).toEqual({ actors: [], signals: [] });
  });

  it('run_scenario with format "sequence" gives the same text in data.sequence, with the run facts and no events', async () => {
    const scenario = scenarios['dead-letter']!;
    const http = await m.api('POST', runPath(scenario.id, '?format=sequence'), { token });
    const { envelope } = await callTool(client, 'run_scenario', { projectId: project.id, scenarioId: scenario.id, format: 'sequence' });
    expect(envelope.truth).toBe('declared');
    expect(envelope.nextCursor).toBeNull();
    const data = envelope.data as Record<string, unknown>;
    expect(Object.keys(data).sort()).toEqual(['assertions', 'engineVersion', 'eventCount', 'hash', 'issues', 'modelVersion', 'outcomes', 'sequence']);
    expect(data.sequence).toBe(http.text);
    expect(data.eventCount).toBe(8);
    // The default stays the paged events.
    const events = await callTool(client, 'run_scenario', { projectId: project.id, scenarioId: scenario.id, limit: 2 });
    expect((events.envelope.data as { events: unknown[] }).events).toHaveLength(2);
    expect((events.envelope.data as { sequence?: unknown }).sequence).toBeUndefined();
    // A cursor does not page a diagram; an unknown format is refused.
    const cursorError = await callToolError(client, 'run_scenario', { projectId: project.id, scenarioId: scenario.id, format: 'sequence', cursor: events.envelope.nextCursor });
    expect(cursorError.errors.map((e) => e.field)).toEqual(['cursor']);
    const formatError = await callToolError(client, 'run_scenario', { projectId: project.id, scenarioId: scenario.id, format: 'svg' });
    expect(formatError.type).toBe('validation_error');
    expect(formatError.errors.map((e) => e.field)).toEqual(['format']);
  });
});
