import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectProblem, sessionCookieOf, strongPassword, type CallOptions } from '../support/http-client';
import { startServiceProcess, type ServiceProcess } from '../support/service-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * Trace upload over HTTP (part 2 "Sources": POST …/sources/{id}/traces;
 * docs/sources.md "Traces"): an OTLP JSON file becomes a partial scan whose
 * proposals are the services and a `measured` relationship per caller and
 * callee with its call count; accepted, the model holds them labelled
 * measured with the file as provenance. Bad files are 400 and store nothing.
 */
const setupToken = 'traces-test-setup-token-01234';
const attr = (key: string, value: string) => ({ key, value: { stringValue: value } });
const otlp = {
  resourceSpans: [
    { resource: { attributes: [attr('service.name', 'web')] }, scopeSpans: [{ spans: [{ traceId: 't1', spanId: 'a' }, { traceId: 't2', spanId: 'x' }] }] },
    {
      resource: { attributes: [attr('service.name', 'orders')] },
      scopeSpans: [{ spans: [{ traceId: 't1', spanId: 'b', parentSpanId: 'a', kind: 2, attributes: [attr('http.method', 'POST')] }, { traceId: 't2', spanId: 'y', parentSpanId: 'x', kind: 2, attributes: [attr('http.method', 'GET')] }] }],
    },
  ],
};

describe('trace upload over HTTP', () => {
  let database: TestDatabase;
  let service: ServiceProcess;
  let owner: string;
  let projectId: string;
  let sourceId: string;
  const api = (method: string, path: string, options: CallOptions = {}) => call(service.url, method, path, { session: owner, ...options });
  const P = () => `/api/projects/${projectId}`;

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startServiceProcess({ ConnectionStrings__DefaultConnection: database.url, Svc__SetupToken: setupToken });
    const setup = await call(service.url, 'POST', '/api/setup', { json: { setupToken, email: 'owner@example.test', password: strongPassword, name: 'Olive Owner' } });
    owner = sessionCookieOf(setup).value;
    projectId = (await api('POST', `/api/workspaces/${setup.json.workspace.id}/projects`, { json: { name: 'Traced', description: '' } })).json.id;
    sourceId = (await api('POST', `${P()}/sources`, { json: { kind: 'upload', name: 'Production traces', repository: null } })).json.id;
  });

  afterAll(async () => {
    await service?.stop();
    await database?.drop();
  });

  it('an OTLP file proposes the services and a measured call relationship with its count; accepted, the model holds it', async () => {
    const upload = await api('POST', `${P()}/sources/${sourceId}/traces?fileName=trace.json`, { body: JSON.stringify(otlp), headers: { 'content-type': 'application/json' } });
    expect(upload.status, upload.text).toBe(202);
    expect(upload.json).toMatchObject({ format: 'otlp', spans: 4, services: ['orders', 'web'], calls: [{ from: 'web', to: 'orders', count: 2, technology: 'HTTP' }] });
    const scan = (await api('GET', `${P()}/imports/${upload.json.scanId}`)).json;
    expect(scan).toMatchObject({ state: 'completed', isComplete: false, filesRead: 1 });
    const proposals = (await api('GET', `${P()}/imports/${scan.id}/proposals`)).json.items;
    expect(proposals.map((p: { factKey: string }) => p.factKey).sort()).toEqual(['element:app:orders', 'element:app:web', 'relationship:element:app:web->element:app:orders']);
    const decided = await api('POST', `${P()}/imports/${scan.id}/proposals/decide`, { json: { accept: proposals.map((p: { id: string }) => p.id), reject: [] } });
    expect(decided.status, decided.text).toBe(200);
    const model = (await api('GET', `${P()}/export`)).json;
    const relationship = model.relationships[0];
    expect(relationship).toMatchObject({ label: '2 calls', technology: 'HTTP', kind: 'behavioural', factStatus: 'measured', provenance: { source: 'Production traces:trace.json#L1-L1', confidence: null } });
    const web = model.elements.find((e: { name: string }) => e.name === 'web');
    expect(relationship.fromId).toBe(web.id);
    expect(web.factStatus).toBe('measured');
  });

  it('a file that is no trace, or no file name, is 400 and adds no scan', async () => {
    const before = (await api('GET', `${P()}/imports`)).json.items.length;
    expect(expectProblem(await api('POST', `${P()}/sources/${sourceId}/traces?fileName=x.json`, { body: '{"spans":[]}', headers: { 'content-type': 'application/json' } }), 400).errors[0]!.field).toBe('body');
    expect(expectProblem(await api('POST', `${P()}/sources/${sourceId}/traces`, { body: JSON.stringify(otlp), headers: { 'content-type': 'application/json' } }), 400).errors[0]!.field).toBe('fileName');
    expect(expectProblem(await api('POST', `${P()}/sources/${sourceId}/traces?fileName=../x`, { body: JSON.stringify(otlp), headers: { 'content-type': 'application/json' } }), 400).errors[0]!.field).toBe('fileName');
    expect((await api('GET', `${P()}/imports`)).json.items.length).toBe(before);
  });
});
