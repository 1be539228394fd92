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
  let workspaceId: string;
  let projectId: string;
  let sourceId: string;
  const api = (method: string, path: string, options: CallOptions = {}) => call(service.url, method, path, { session: owner, ...options });
  const P = () => `/api/projects/${projectId}`;

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startServiceProcess({ ConnectionStrings__DefaultConnection: database.url, Svc__SetupToken: setupToken });
    const setup = await call(service.url, 'POST', '/api/setup', { json: { setupToken, email: 'owner@example.test', password: strongPassword, name: 'Olive Owner' } });
    owner = sessionCookieOf(setup).value;
    workspaceId = setup.json.workspace.id;
    projectId = (await api('POST', `/api/workspaces/${workspaceId}/projects`, { json: { name: 'Traced', description: '' } })).json.id;
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

  it('a service name PostgreSQL cannot store (U+0000, a lone surrogate) or that no model name may hold is 400 naming where it is; no scan is left and none is counted', async () => {
    const scans = async () => (await api('GET', `${P()}/imports`)).json.items.map((scan: { id: string; state: string }) => `${scan.id}|${scan.state}`);
    const before = await scans();
    // One scan left for today: a refused file that counted would take it.
    const settings = await api('GET', `/api/workspaces/${workspaceId}/settings`);
    const limited = await api('PUT', `/api/workspaces/${workspaceId}/settings`, { headers: { 'if-match': settings.headers.get('etag')! }, json: { usage: { maxScansPerDay: before.length + 1 } } });
    expect(limited.status, limited.text).toBe(200);

    const withService = (name: string) => ({ resourceSpans: [otlp.resourceSpans[0], { ...otlp.resourceSpans[1], resource: { attributes: [attr('host.name', 'h1'), attr('service.name', name)] } }] });
    const jaeger = (name: string) => ({
      data: [{ traceID: 'T', spans: [{ traceID: 'T', spanID: '1', processID: 'p1' }, { traceID: 'T', spanID: '2', processID: 'p2', references: [{ refType: 'CHILD_OF', traceID: 'T', spanID: '1' }] }], processes: { p1: { serviceName: 'front' }, p2: { serviceName: name } } }],
    });
    const cases: { file: string; field: string; message: RegExp }[] = [
      { file: JSON.stringify(withService('orders\u0000')), field: 'resourceSpans[1].resource.attributes[1].value.stringValue', message: /control characters/ },
      { file: JSON.stringify(withService('orders\ud800')), field: 'resourceSpans[1].resource.attributes[1].value.stringValue', message: /valid Unicode/ },
      { file: JSON.stringify(withService('orders\udc00 \ud83d\ude00')), field: 'resourceSpans[1].resource.attributes[1].value.stringValue', message: /valid Unicode/ },
      { file: JSON.stringify(withService('orders\nbilling')), field: 'resourceSpans[1].resource.attributes[1].value.stringValue', message: /control characters/ },
      // One document per line: the line is named too.
      { file: `${JSON.stringify(otlp)}\n${JSON.stringify(withService('orders\u0000'))}`, field: 'resourceSpans[1].resource.attributes[1].value.stringValue', message: /^line 2: / },
      { file: JSON.stringify(jaeger('catalog\u0000')), field: 'data[0].processes.p2.serviceName', message: /control characters/ },
    ];
    for (const { file, field, message } of cases) {
      // JSON.stringify writes a lone surrogate as the escape `\ud800`, as a trace exporter would; U+0000 as `\u0000`.
      const answer = await api('POST', `${P()}/sources/${sourceId}/traces?fileName=bad.json`, { body: file, headers: { 'content-type': 'application/json' } });
      const problem = expectProblem(answer, 400, 'validation_error');
      expect(problem.errors, file.slice(0, 200)).toEqual([{ field, message: expect.stringMatching(message) }]);
    }
    expect(await scans()).toEqual(before);

    // The day's last scan is still there for a file that reads.
    const upload = await api('POST', `${P()}/sources/${sourceId}/traces?fileName=trace.json`, { body: JSON.stringify(withService('orders 🛒')), headers: { 'content-type': 'application/json' } });
    expect(upload.status, upload.text).toBe(202);
    expect(upload.json.services).toEqual(['orders 🛒', 'web']);
    expect(expectProblem(await api('POST', `${P()}/sources/${sourceId}/traces?fileName=trace.json`, { body: JSON.stringify(otlp), headers: { 'content-type': 'application/json' } }), 429).type).toBe('rate_limited');
  });
});
