import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, rawRequest, type CallOptions, type HttpAnswer } from '../support/http-client';
import { typeCheckK6Scripts } from '../support/k6-type-check';
import { startModelService, type ModelService, type Person, type Project } from '../support/model-api';
import { fanOutScenario, ids, loadTestModel, lookupScenario, payScenario } from '../fixtures/load-tests/fixture-model';

/**
 * Load tests over HTTP against the built service and a real PostgreSQL
 * (part 1 "Load tests"; part 2 `simulation.*`, `policy.maxConcurrentStressRuns`;
 * docs/load-tests.md): targets and who may change them, authorisation and
 * the override, profiles from the simulation settings, scripts checked
 * against k6's published types and golden files, measured results in every
 * shape, the two comparisons against figures worked out by hand, stress runs
 * under the policy.
 */

const fixtures = resolve(import.meta.dirname, '../fixtures/load-tests');
const readFixture = (name: string) => JSON.parse(readFileSync(join(fixtures, name), 'utf8'));

/** Compares a script with its golden file; UPDATE_GOLDEN=1 writes it (review the change by eye). A missing golden fails. */
function expectGoldenScript(name: string, text: string): void {
  const file = join(fixtures, name);
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, text);
  expect(existsSync(file), `golden file ${name} (write it with UPDATE_GOLDEN=1)`).toBe(true);
  expect(text).toBe(readFileSync(file, 'utf8'));
}

const baseUrl = 'https://staging.shop.example';

describe('load tests over HTTP', () => {
  let m: ModelService;
  let workspaceId: string;
  let project: Project;
  let otherProject: Project;
  let editor: Person;
  let viewer: Person;
  let outsider: Person;
  let readToken: string;
  let pushToken: string;

  const as = (person: Person, json?: unknown): CallOptions => ({ session: person.session, ...(json === undefined ? {} : { json }) });
  const owner = (json?: unknown): CallOptions => as(m.admin, json);
  const L = (p: Project = project) => `/api/projects/${p.id}/load-tests`;
  const api = (method: string, path: string, options?: CallOptions) => m.api(method, path, options);

  async function ok(answer: Promise<HttpAnswer>, status = 200): Promise<any> {
    const a = await answer;
    expect(a.status, a.text.slice(0, 600)).toBe(status);
    return a.json;
  }

  async function createTarget(body: unknown, p: Project = project): Promise<any> {
    return ok(api('POST', `${L(p)}/targets`, owner(body)), 201);
  }

  async function authorise(targetId: string, body: Partial<{ baseUrl: string | null; environment: string | null; version: number | string | null }> = {}): Promise<HttpAnswer> {
    return api('POST', `${L()}/targets/${targetId}/authorise`, owner({ baseUrl, environment: 'staging', version: null, ...body }));
  }

  async function createProfile(body: unknown): Promise<any> {
    return ok(api('POST', `${L()}/profiles`, owner(body)), 201);
  }

  async function script(targetId: string, profileId: string, options: CallOptions = owner(), query = ''): Promise<HttpAnswer> {
    return api('POST', `${L()}/scripts${query}`, { ...options, json: { targetId, profileId } });
  }

  async function postResult(scriptId: string, body: unknown, query = '', options: CallOptions = owner()): Promise<HttpAnswer> {
    return api('POST', `${L()}/results?scriptId=${scriptId}${query}`, { ...options, json: body });
  }

  async function setPolicy(change: Record<string, unknown>): Promise<void> {
    const current = await api('GET', '/api/instance/settings', owner());
    expect(current.status, current.text).toBe(200);
    const saved = await api('PUT', '/api/instance/settings', { ...owner({ policy: { ...current.json.policy, ...change }, defaults: current.json.defaults }), headers: { 'if-match': current.headers.get('etag')! } });
    expect(saved.status, saved.text).toBe(200);
  }

  async function setSimulation(simulation: Record<string, unknown>): Promise<void> {
    const current = await api('GET', `/api/workspaces/${workspaceId}/settings`, owner());
    const saved = await api('PUT', `/api/workspaces/${workspaceId}/settings`, { ...owner({ ...current.json.overrides, simulation }), headers: { 'if-match': current.headers.get('etag')! } });
    expect(saved.status, saved.text).toBe(200);
  }

  beforeAll(async () => {
    m = await startModelService();
    workspaceId = await m.createWorkspace('Load');
    project = await m.createProject(workspaceId, 'Shop');
    otherProject = await m.createProject(await m.createWorkspace('Elsewhere'), 'Other');
    editor = await m.newPerson('editor@load.test', [{ workspaceId, role: 'editor' }]);
    viewer = await m.newPerson('viewer@load.test', [{ workspaceId, role: 'viewer' }]);
    outsider = await m.newPerson('outsider@load.test');
    readToken = await m.createToken(workspaceId, ['read']);
    pushToken = await m.createToken(workspaceId, ['push']);
    for (const p of [project, otherProject]) {
      const imported = await m.importModel(p.id, loadTestModel());
      expect(imported.status, imported.text.slice(0, 500)).toBe(200);
      for (const scenario of [lookupScenario, payScenario, fanOutScenario]) await ok(api('POST', `/api/projects/${p.id}/scenarios`, owner(scenario)), 201);
    }
  }, 120_000);

  afterAll(async () => {
    await m?.stop();
  });

  describe('targets', () => {
    it('names an operation or a call step of a scenario; anything else is 400 naming the field', async () => {
      const operation = await createTarget({ kind: 'operation', id: ids.placeOrder });
      expect(operation).toMatchObject({ kind: 'operation', subjectId: ids.placeOrder, stepId: null, name: 'POST /orders', authorisation: null, override: null });
      const step = await createTarget({ kind: 'scenario-step', id: ids.payScenario, stepId: 'pay' });
      expect(step).toMatchObject({ kind: 'scenario-step', subjectId: ids.payScenario, stepId: 'pay', name: 'Pay with retries › pay' });

      const refusals: [unknown, string][] = [
        [{ kind: 'operation', id: ids.customer }, 'id'],
        [{ kind: 'operation', id: ids.placeOrder, stepId: 'pay' }, 'stepId'],
        [{ kind: 'scenario-step', id: ids.placeOrder, stepId: 'pay' }, 'id'],
        [{ kind: 'scenario-step', id: ids.payScenario }, 'stepId'],
        [{ kind: 'scenario-step', id: ids.payScenario, stepId: 'nope' }, 'stepId'],
        [{ kind: 'scenario-step', id: ids.fanOutScenario, stepId: 'announce' }, 'stepId'],
        [{ kind: 'element', id: ids.customer }, 'kind'],
        [{ kind: 'operation', id: 'not-a-guid' }, 'id'],
        [{ kind: 'operation', id: ids.placeOrder, extra: 1 }, 'extra'],
        [{ kind: 'scenario-step', id: ids.payScenario, stepId: 'x'.repeat(101) }, 'stepId'],
      ];
      for (const [body, field] of refusals) {
        const problem = expectProblem(await api('POST', `${L()}/targets`, owner(body)), 400, 'validation_error');
        expect(problem.errors.map((e) => e.field), JSON.stringify(body)).toContain(field);
      }
      const listed = await ok(api('GET', `${L()}/targets`, as(viewer)));
      expect(listed.items.map((t: any) => t.id)).toEqual(expect.arrayContaining([operation.id, step.id]));
    });

    it('viewers read, editors change, owners authorise and override; other projects and outsiders get 404', async () => {
      const target = await createTarget({ kind: 'operation', id: ids.getProduct });
      expectProblem(await api('POST', `${L()}/targets`, as(viewer, { kind: 'operation', id: ids.getProduct })), 403);
      expect((await api('POST', `${L()}/targets`, as(editor, { kind: 'operation', id: ids.getProduct }))).status).toBe(201);
      await ok(authorise(target.id));
      expectProblem(await api('POST', `${L()}/targets/${target.id}/authorise`, as(editor, { baseUrl, environment: null, version: null })), 403);
      expectProblem(await api('PUT', `${L()}/targets/${target.id}/override`, as(editor, { allowNonIdempotent: true, allowFailureInjection: false, reason: 'x', confirmName: target.name })), 403);
      expect((await api('DELETE', `${L()}/targets/${target.id}/authorisation`, as(editor))).status).toBe(200);
      expectProblem(await api('GET', `${L()}/targets`, as(outsider)), 404);
      expect((await api('GET', `${L()}/targets`, { token: readToken })).status).toBe(200);
      expectProblem(await api('POST', `${L()}/targets`, { token: pushToken, json: { kind: 'operation', id: ids.getProduct } }), 403);
      // A target of this project named under another project's path is not found there.
      expectProblem(await api('PUT', `${L(otherProject)}/targets/${target.id}`, owner({ kind: 'operation', id: ids.getProduct })), 404);
      expectProblem(await api('DELETE', `${L(otherProject)}/targets/${target.id}`, owner()), 404);
      expectProblem(await api('POST', `${L(otherProject)}/targets/${target.id}/authorise`, owner({ baseUrl, environment: null, version: null })), 404);
      expectProblem(await api('DELETE', `${L()}/targets/not-a-guid`, owner()), 404);
    });

    it('authorise: the URL rules and the private-address policy on baseUrl, 409 once the model moved past the version', async () => {
      const target = await createTarget({ kind: 'operation', id: ids.getProduct });
      const version = await m.modelVersion(project.id);
      const authorised = await ok(authorise(target.id, { version: String(version) }));
      expect(authorised.authorisation).toMatchObject({ baseUrl, environment: 'staging', version, authorisedBy: `user:${m.admin.id}` });

      for (const bad of ['ftp://x.example', 'https://user:pw@x.example', 'staging.example', 'https://x.example/api?debug=1', 'https://x.example/#top', null]) {
        const problem = expectProblem(await authorise(target.id, { baseUrl: bad }), 400, 'validation_error');
        expect(problem.errors[0]!.field, String(bad)).toBe('baseUrl');
      }
      expect(expectProblem(await authorise(target.id, { version: version + 1 }), 400).errors[0]!.field).toBe('version');
      expect(expectProblem(await authorise(target.id, { version: 'v1' }), 400).errors[0]!.field).toBe('version');

      // The local profile allows private addresses until the policy says otherwise.
      expect((await authorise(target.id, { baseUrl: 'http://10.0.0.7:8080' })).status).toBe(200);
      await setPolicy({ allowPrivateNetworkUrls: false });
      try {
        for (const privateUrl of ['http://10.0.0.7:8080', 'http://127.0.0.1:9000', 'http://localhost:3000', 'http://[::1]/', 'http://169.254.169.254/', 'http://[::ffff:0:7f00:1]/', 'http://[2002:7f00:1::]/', 'http://[64:ff9b:1::7f00:1]/']) {
          const problem = expectProblem(await authorise(target.id, { baseUrl: privateUrl }), 400);
          expect(problem.errors[0], privateUrl).toMatchObject({ field: 'baseUrl', message: expect.stringMatching(/private/) });
        }
      } finally {
        await setPolicy({ allowPrivateNetworkUrls: true });
      }

      // The model moves on: an authorisation against the old version is 409.
      const document = loadTestModel();
      document.operations[0]!.timeoutMs = 900;
      expect((await m.importModel(project.id, document)).status).toBe(200);
      const conflict = expectProblem(await authorise(target.id, { version }), 409, 'conflict');
      expect(conflict.detail).toContain(String(version + 1));
      document.operations[0]!.timeoutMs = 800;
      expect((await m.importModel(project.id, document)).status).toBe(200);

      const withdrawn = await ok(api('DELETE', `${L()}/targets/${target.id}/authorisation`, owner()));
      expect(withdrawn.authorisation).toBeNull();
    });

    it('override: allowing anything needs a reason and the target name repeated (400 naming the field); allowing nothing clears it', async () => {
      const target = await createTarget({ kind: 'operation', id: ids.placeOrder });
      const put = (body: unknown) => api('PUT', `${L()}/targets/${target.id}/override`, owner(body));
      let problem = expectProblem(await put({ allowNonIdempotent: true, allowFailureInjection: false, reason: null, confirmName: 'POST /orders' }), 400);
      expect(problem.errors.map((e) => e.field)).toEqual(['reason']);
      problem = expectProblem(await put({ allowNonIdempotent: false, allowFailureInjection: true, reason: 'Chaos day', confirmName: 'post /orders' }), 400);
      expect(problem.errors.map((e) => e.field)).toEqual(['confirmName']);
      problem = expectProblem(await put({ allowNonIdempotent: true, allowFailureInjection: false, reason: '  ', confirmName: null }), 400);
      expect(problem.errors.map((e) => e.field)).toEqual(['reason', 'confirmName']);
      expect(expectProblem(await put({ allowNonIdempotent: true, allowFailureInjection: false, reason: 'x' }), 400).errors[0]!.field).toBe('confirmName');

      const allowed = await ok(put({ allowNonIdempotent: true, allowFailureInjection: false, reason: 'Staging only, data reset nightly', confirmName: 'POST /orders' }));
      expect(allowed.override).toMatchObject({ allowNonIdempotent: true, allowFailureInjection: false, reason: 'Staging only, data reset nightly', confirmedBy: `user:${m.admin.id}` });
      // The same subject keeps it; another drops the authorisation and the override.
      await ok(authorise(target.id));
      const same = await ok(api('PUT', `${L()}/targets/${target.id}`, owner({ kind: 'operation', id: ids.placeOrder })));
      expect(same.override).not.toBeNull();
      expect(same.authorisation).not.toBeNull();
      const moved = await ok(api('PUT', `${L()}/targets/${target.id}`, owner({ kind: 'operation', id: ids.pay })));
      expect(moved).toMatchObject({ name: 'POST /payments', override: null, authorisation: null });
      const cleared = await ok(put({ allowNonIdempotent: false, allowFailureInjection: false, reason: null, confirmName: null }));
      expect(cleared.override).toBeNull();
    });
  });

  describe('profiles', () => {
    it('stress/defaults follow the simulation settings; a made profile keeps its values when they change', async () => {
      const defaults = await ok(api('GET', `/api/projects/${project.id}/stress/defaults`, as(viewer)));
      expect(defaults.simulation).toEqual({ seed: 1, durationSeconds: 300, warmUpSeconds: 5, arrivalRatePerSecond: 10 });
      expect(defaults.profiles.map((p: any) => p.shape)).toEqual(['ramp', 'steady', 'spike', 'soak']);
      const steady = defaults.profiles.find((p: any) => p.shape === 'steady');
      expect(steady).toMatchObject({ name: 'Steady 10/s', seed: 1, durationSeconds: 300, warmUpSeconds: 5, arrivalRatePerSecond: 10, peakRatePerSecond: 10, virtualUsers: 20 });
      expect(steady.stages).toEqual([
        { durationSeconds: 5, targetRate: 10 },
        { durationSeconds: 295, targetRate: 10 },
      ]);
      const spike = defaults.profiles.find((p: any) => p.shape === 'spike');
      // 295 s after the warm-up: a third less the two seconds of rise and fall (97 s) before and after, the peak 99 s.
      expect(spike.stages).toEqual([
        { durationSeconds: 5, targetRate: 10 },
        { durationSeconds: 97, targetRate: 10 },
        { durationSeconds: 1, targetRate: 50 },
        { durationSeconds: 99, targetRate: 50 },
        { durationSeconds: 1, targetRate: 10 },
        { durationSeconds: 97, targetRate: 10 },
      ]);
      expect(defaults.profiles.find((p: any) => p.shape === 'soak').durationSeconds).toBe(3600);

      const made = await createProfile({ shape: 'steady' });
      await setSimulation({ seed: 7, durationSeconds: 60, warmUpSeconds: 0, arrivalRatePerSecond: 2.5 });
      try {
        const changed = await ok(api('GET', `/api/projects/${project.id}/stress/defaults`, owner()));
        expect(changed.profiles.find((p: any) => p.shape === 'ramp')).toMatchObject({ seed: 7, durationSeconds: 60, warmUpSeconds: 0, arrivalRatePerSecond: 2.5, peakRatePerSecond: 12.5, virtualUsers: 25 });
        expect(await ok(api('GET', `${L()}/profiles/${made.id}`, as(viewer)))).toMatchObject({ seed: 1, durationSeconds: 300, arrivalRatePerSecond: 10 });
      } finally {
        await setSimulation({});
      }
    });

    it('a profile of stress/defaults is saved as it came, stages included; stages the values do not give are refused naming stages', async () => {
      const defaults = await ok(api('GET', `/api/projects/${project.id}/stress/defaults`, as(editor)));
      for (const profile of defaults.profiles) {
        const saved = await ok(api('POST', `${L()}/profiles`, as(editor, profile)), 201);
        expect(saved, profile.shape).toMatchObject(profile);
      }
      const steady = defaults.profiles.find((p: any) => p.shape === 'steady');
      const tampered = { ...steady, stages: [{ durationSeconds: 300, targetRate: 10 }] };
      const problem = expectProblem(await api('POST', `${L()}/profiles`, as(editor, tampered)), 400, 'validation_error');
      expect(problem.errors).toEqual([{ field: 'stages', message: expect.stringContaining(JSON.stringify(steady.stages)) }]);
      // Changed values with the stages they give are taken; with the old stages they are not.
      const longer = { ...steady, durationSeconds: 600 };
      expect(expectProblem(await api('POST', `${L()}/profiles`, as(editor, longer)), 400).errors.map((e) => e.field)).toEqual(['stages']);
      const { stages: _stages, ...withoutStages } = longer;
      expect((await ok(api('POST', `${L()}/profiles`, as(editor, withoutStages)), 201)).stages).toEqual([
        { durationSeconds: 5, targetRate: 10 },
        { durationSeconds: 595, targetRate: 10 },
      ]);
      expectProblem(await api('POST', `${L()}/profiles`, as(editor, { ...steady, stages: 'steady' })), 400, 'validation_error');
    });

    it('a profile over the limits is refused naming the field', async () => {
      const cases: [unknown, string][] = [
        [{ shape: 'steady', durationSeconds: 3601 }, 'durationSeconds'],
        [{ shape: 'steady', durationSeconds: 0 }, 'durationSeconds'],
        [{ shape: 'steady', durationSeconds: 60, warmUpSeconds: 60 }, 'warmUpSeconds'],
        [{ shape: 'ramp', arrivalRatePerSecond: 0 }, 'arrivalRatePerSecond'],
        [{ shape: 'ramp', arrivalRatePerSecond: 100_001 }, 'arrivalRatePerSecond'],
        [{ shape: 'spike', arrivalRatePerSecond: 10, peakRatePerSecond: 5 }, 'peakRatePerSecond'],
        [{ shape: 'steady', arrivalRatePerSecond: 10, peakRatePerSecond: 20 }, 'peakRatePerSecond'],
        [{ shape: 'spike', durationSeconds: 8, warmUpSeconds: 4 }, 'durationSeconds'],
        [{ shape: 'soak', virtualUsers: 10_001 }, 'virtualUsers'],
        [{ shape: 'soak', seed: -1 }, 'seed'],
        [{ shape: 'burst' }, 'shape'],
        [{ shape: 'steady', name: '' }, 'name'],
      ];
      for (const [body, field] of cases) {
        const problem = expectProblem(await api('POST', `${L()}/profiles`, owner(body)), 400, 'validation_error');
        expect(problem.errors.map((e) => e.field), JSON.stringify(body)).toContain(field);
      }
      expectProblem(await api('POST', `${L()}/profiles`, as(viewer, { shape: 'steady' })), 403);
    });
  });

  describe('scripts', () => {
    it('writes real k6 for the fixture scenarios: golden files, byte-identical again, type-checked against @types/k6', async () => {
      const lookup = await createTarget({ kind: 'scenario-step', id: ids.lookupScenario, stepId: 'lookup' });
      const pay = await createTarget({ kind: 'scenario-step', id: ids.payScenario, stepId: 'pay' });
      const fanOut = await createTarget({ kind: 'scenario-step', id: ids.fanOutScenario, stepId: 'place' });
      const generated = await createTarget({ kind: 'operation', id: ids.placeOrder });
      for (const t of [lookup, pay, fanOut, generated]) await ok(authorise(t.id));
      await ok(api('PUT', `${L()}/targets/${pay.id}/override`, owner({ allowNonIdempotent: false, allowFailureInjection: true, reason: 'Fault drill on staging', confirmName: 'Pay with retries › pay' })));
      for (const t of [fanOut, generated]) {
        await ok(api('PUT', `${L()}/targets/${t.id}/override`, owner({ allowNonIdempotent: true, allowFailureInjection: false, reason: 'Staging data is reset nightly', confirmName: t.name })));
      }
      const steady = await createProfile({ shape: 'steady', name: 'Steady 10/s' });
      const spike = await createProfile({ shape: 'spike', name: 'Spike to 25/s', durationSeconds: 120, warmUpSeconds: 10, arrivalRatePerSecond: 5, peakRatePerSecond: 25 });
      const ramp = await createProfile({ shape: 'ramp', name: 'Ramp to 0.5/s', durationSeconds: 600, warmUpSeconds: 30, arrivalRatePerSecond: 0.1, peakRatePerSecond: 0.5, virtualUsers: 4, seed: 42 });
      const soak = await createProfile({ shape: 'soak', name: 'Soak', seed: 1234, arrivalRatePerSecond: 3 });

      const cases = [
        ['simple-call.js', lookup, steady],
        ['call-with-retries.js', pay, spike],
        ['publish-fan-out.js', fanOut, ramp],
        ['operation-generated-bodies.js', generated, soak],
      ] as const;
      const written: Record<string, string> = {};
      for (const [file, target, profile] of cases) {
        const first = await script(target.id, profile.id);
        expect(first.status, first.text.slice(0, 800)).toBe(201);
        expect(first.json).toMatchObject({ targetId: target.id, profileId: profile.id, branchId: null, operationId: expect.any(String), baseUrl, environment: 'staging' });
        expect(first.json.contentHash).toMatch(/^[0-9a-f]{64}$/);
        expectGoldenScript(file, first.json.content);
        written[file] = first.json.content;
        // The same inputs again: the same record, the same bytes.
        const again = await script(target.id, profile.id);
        expect(again.status).toBe(200);
        expect(again.json).toEqual(first.json);
        expect((await ok(api('GET', `${L()}/scripts/${first.json.id}`, as(viewer)))).content).toBe(first.json.content);
      }
      expect(written['simple-call.js']).toContain("http.request('GET', baseUrl + request.path, request.body");
      expect(written['simple-call.js']).toContain("{ path: '/products/p-42', body: null }");
      expect(written['call-with-retries.js']).toMatch(/const maxAttempts = 3;\nconst backoffSeconds = 0.25;/);
      expect(written['call-with-retries.js']).toContain("if (attempt <= 2) return { 'x-envoy-fault-abort-request': '500' };");
      expect(written['publish-fan-out.js']).toContain('the callee publishes "OrderPlaced" on "orders", taken by 2 subscription handlers.');
      expect(written['operation-generated-bodies.js']!.match(/\{ path: '\/orders', body: '/g)).toHaveLength(4);
      const checked = await typeCheckK6Scripts(written);
      expect(checked.output).toBe('');
      expect(checked.code).toBe(0);

      // The checker is no rubber stamp: a misspelt function, an unknown module and an unknown option each fail.
      const broken = await typeCheckK6Scripts({
        'misspelt.js': written['simple-call.js']!.replace('http.request(', 'http.requst('),
        'module.js': written['simple-call.js']!.replace("from 'k6/http'", "from 'k6/htttp'"),
        'option.js': written['simple-call.js']!.replace("      maxVUs:", '      maxVU: 1,\n      maxVUs:'),
      });
      expect(broken.code).not.toBe(0);
      expect(broken.output).toMatch(/misspelt\.js.*TS2551/);
      expect(broken.output).toMatch(/module\.js.*TS2307/);
      expect(broken.output).toMatch(/option\.js.*TS2353|option\.js.*TS2561/);

      const listed = await ok(api('GET', `${L()}/scripts`, { token: readToken }));
      expect(listed.items.length).toBeGreaterThanOrEqual(4);
      for (const item of listed.items) expect(item.content).toBeUndefined();
    }, 120_000);

    it('a branch gives its own script, ?branchId= of another project is 404; a push token may write scripts', async () => {
      const target = await createTarget({ kind: 'operation', id: ids.listOrders });
      await ok(authorise(target.id));
      const profile = await createProfile({ shape: 'steady', name: 'Branch check' });
      // GET /orders/{orderId} without a request: no value for the path parameter.
      const refused = expectProblem(await script(target.id, profile.id), 422, 'script_refused');
      expect(refused.errors[0]).toMatchObject({ field: 'targetId', message: expect.stringContaining('{orderId}') });

      const lookup = await createTarget({ kind: 'scenario-step', id: ids.lookupScenario, stepId: 'lookup' });
      await ok(authorise(lookup.id));
      const branch = await ok(api('POST', `/api/projects/${project.id}/branches`, owner({ name: 'Slower', kind: 'draft' })), 201);
      const onMain = await ok(script(lookup.id, profile.id, { token: pushToken }), 201);
      const put = await api('PUT', `/api/projects/${project.id}/operations/${ids.getProduct}?branchId=${branch.id}`, owner({ ...loadTestModel().operations[0], timeoutMs: 1200 }));
      expect(put.status, put.text).toBe(200);
      const onBranch = await ok(script(lookup.id, profile.id, owner(), `?branchId=${branch.id}`), 201);
      expect(onBranch.branchId).toBe(branch.id);
      expect(onBranch.contentHash).not.toBe(onMain.contentHash);
      expect(onBranch.content).toContain("http_req_duration: ['p(95)<1200']");
      expect(onMain.content).toContain("http_req_duration: ['p(95)<800']");
      expectProblem(await script(lookup.id, profile.id, owner(), `?branchId=${otherProject.id}`), 404);
      expectProblem(await script(lookup.id, profile.id, { token: readToken }), 403);
      expectProblem(await script(lookup.id, profile.id, as(viewer)), 403);
      expectProblem(await api('POST', `${L(otherProject)}/scripts`, owner({ targetId: lookup.id, profileId: profile.id })), 404);
    });

    it('refuses with the 422 script-refused body, naming every reason', async () => {
      const profile = await createProfile({ shape: 'steady', name: 'Refusals' });
      const refusedFor = async (targetId: string) => expectProblem(await script(targetId, profile.id), 422, 'script_refused').errors;

      const unauthorised = await createTarget({ kind: 'operation', id: ids.getProduct });
      expect(await refusedFor(unauthorised.id)).toEqual([{ field: 'targetId', message: expect.stringMatching(/not authorised/) }, { field: 'targetId', message: expect.stringMatching(/\{productId\}/) }]);

      const nonIdempotent = await createTarget({ kind: 'operation', id: ids.placeOrder });
      await ok(authorise(nonIdempotent.id));
      expect(await refusedFor(nonIdempotent.id)).toEqual([{ field: 'targetId', message: expect.stringMatching(/POST \/orders is not idempotent.*allowNonIdempotent/) }]);

      const faults = await createTarget({ kind: 'scenario-step', id: ids.payScenario, stepId: 'pay' });
      await ok(authorise(faults.id));
      expect(await refusedFor(faults.id)).toEqual([{ field: 'targetId', message: expect.stringMatching(/injects faults.*allowFailureInjection/) }]);

      for (const [operationId, pattern] of [
        [ids.grpcCall, /over grpc/],
        [ids.namedOperation, /no HTTP signature/],
      ] as const) {
        const target = await createTarget({ kind: 'operation', id: operationId });
        await ok(authorise(target.id));
        expect(await refusedFor(target.id)).toEqual([{ field: 'targetId', message: expect.stringMatching(pattern) }]);
      }

      // Authorised, then the model moves: the authorisation no longer covers it.
      const lookup = await createTarget({ kind: 'scenario-step', id: ids.lookupScenario, stepId: 'lookup' });
      await ok(authorise(lookup.id));
      expect((await script(lookup.id, profile.id)).status).toBe(201);
      const document = loadTestModel();
      document.operations[0]!.timeoutMs = 801;
      expect((await m.importModel(project.id, document)).status).toBe(200);
      expect(await refusedFor(lookup.id)).toEqual([{ field: 'targetId', message: expect.stringMatching(/authorise it again/) }]);
      await ok(authorise(lookup.id));
      expect((await script(lookup.id, profile.id)).status).toBe(201);

      expectProblem(await script(lookup.id, '00000000-0000-4000-8000-000000000000'), 404);
      expect(expectProblem(await api('POST', `${L()}/scripts`, owner({ targetId: lookup.id })), 400).errors[0]!.field).toBe('profileId');
    });
  });

  describe('results, runs and comparisons', () => {
    let payTarget: any;
    let payScript: any;
    let runId: string;

    beforeAll(async () => {
      payTarget = await createTarget({ kind: 'scenario-step', id: ids.payScenario, stepId: 'pay' });
      await ok(authorise(payTarget.id));
      await ok(api('PUT', `${L()}/targets/${payTarget.id}/override`, owner({ allowNonIdempotent: false, allowFailureInjection: true, reason: 'Fault drill', confirmName: payTarget.name })));
      const profile = await createProfile({ shape: 'steady', name: 'Results', durationSeconds: 60, warmUpSeconds: 0 });
      payScript = await ok(script(payTarget.id, profile.id), 201);
      // A stored playback run: a promise whose scenario-check plays the payment scenario.
      const promise = await ok(api('POST', `/api/projects/${project.id}/promises`, owner({ title: 'Payments survive two errors', obligations: [{ kind: 'scenario-check', title: 'Pay', recipe: { scenarioId: ids.payScenario } }] })), 201);
      const run = await ok(api('POST', `/api/projects/${project.id}/promises/${promise.id}/runs`, owner({ obligation: 'O1', draft: true })), 201);
      expect(run.result, JSON.stringify(run)).toBe('passed');
      runId = run.id;
    });

    it('stores a k6 --summary-export file, a handleSummary file and the generic shape as measured, and reads them back', async () => {
      const exported = await ok(postResult(payScript.id, readFixture('k6-summary-export.json'), '&runAt=2024-06-01T10:00:00Z'), 201);
      expect(exported).toMatchObject({
        targetId: payTarget.id,
        scriptId: payScript.id,
        format: 'k6-summary-export',
        truth: 'measured',
        provenance: { tool: 'k6', runAt: '2024-06-01T10:00:00.000Z', environment: 'staging', source: 'load-test:k6-summary-export', uploadedBy: `user:${m.admin.id}` },
        measurements: {
          operations: [
            { operationId: ids.pay, name: 'POST /payments', count: 1200, failures: 24, errorRate: 0.02, p50Ms: 150, p90Ms: 340, p95Ms: 412.5, p99Ms: 2100, avgMs: 182.4, minMs: 41.2, maxMs: 2350.7, throughputPerSecond: 20 },
          ],
          iterations: 1000,
          checks: { passes: 976, fails: 24 },
          durationSeconds: null,
        },
      });
      const read = await ok(api('GET', `${L()}/results/${exported.id}`, as(viewer)));
      expect(read.raw).toEqual(readFixture('k6-summary-export.json'));
      expect({ ...read, raw: undefined }).toEqual({ ...exported, raw: undefined });

      const summary = await ok(postResult(payScript.id, readFixture('k6-handle-summary.json'), '&environment=perf-lab', { token: pushToken }), 201);
      expect(summary).toMatchObject({ format: 'k6-handle-summary', provenance: { environment: 'perf-lab', uploadedBy: expect.stringMatching(/^agent-token:/) } });
      expect(summary.measurements).toMatchObject({ iterations: 1000, durationSeconds: 60.0125, checks: { passes: 995, fails: 5 } });
      expect(summary.measurements.operations[0]).toMatchObject({ count: 1000, failures: 5, errorRate: 0.005, p50Ms: 140, p95Ms: 380, p99Ms: 1450, throughputPerSecond: 19.9959 });

      const generic = await ok(postResult(payScript.id, { tool: 'locust 2.31', iterations: 50, operations: [{ operationId: ids.pay, name: 'pay', count: 60, failures: 3, p50Ms: 10, p90Ms: 20, p95Ms: 25, p99Ms: 40, throughputPerSecond: 1 }] }), 201);
      expect(generic).toMatchObject({ format: 'generic', provenance: { tool: 'locust 2.31' }, measurements: { iterations: 50, checks: null, operations: [{ errorRate: 0.05, p99Ms: 40 }] } });

      // The body is kept as sent, whatever JSON can carry (jsonb could not hold U+0000 or a lone surrogate).
      const odd = readFixture('k6-summary-export.json');
      odd.root_group.name = 'nul \u0000 and lone \ud800';
      const kept = await ok(postResult(payScript.id, odd), 201);
      expect((await ok(api('GET', `${L()}/results/${kept.id}`, owner()))).raw.root_group.name).toBe('nul \u0000 and lone \ud800');

      const list = await ok(api('GET', `${L()}/results`, { token: readToken }));
      expect(list.items.map((r: any) => r.id)).toEqual(expect.arrayContaining([exported.id, summary.id, generic.id]));
      for (const item of list.items) expect(item.raw).toBeUndefined();
      expectProblem(await api('GET', `${L(otherProject)}/results/${exported.id}`, owner()), 404);
      expectProblem(await postResult(payScript.id, readFixture('k6-summary-export.json'), '', { token: readToken }), 403);
    });

    it('anything else is the 422 result-refused body naming what is missing; not JSON is 400; no scriptId 400', async () => {
      const summary = readFixture('k6-summary-export.json');
      const withoutP95 = structuredClone(summary);
      delete withoutP95.metrics.http_req_duration['p(95)'];
      let problem = expectProblem(await postResult(payScript.id, withoutP95), 422, 'result_refused');
      expect(problem.errors).toEqual([{ field: 'metrics.http_req_duration.p(95)', message: expect.stringMatching(/^missing/) }]);

      const withoutReqs = structuredClone(readFixture('k6-handle-summary.json'));
      delete withoutReqs.metrics.http_reqs;
      delete withoutReqs.metrics.iterations.values.count;
      problem = expectProblem(await postResult(payScript.id, withoutReqs), 422, 'result_refused');
      expect(problem.errors.map((e) => e.field)).toEqual(['metrics.http_reqs', 'metrics.iterations.values.count']);

      problem = expectProblem(await postResult(payScript.id, { tool: 'x', operations: [{ operationId: ids.pay, count: 10, failures: 11, p50Ms: 5, p90Ms: 4, p95Ms: 6, throughputPerSecond: 1 }] }), 422);
      expect(problem.errors.map((e) => e.field)).toEqual(['operations[0].p99Ms']);
      problem = expectProblem(await postResult(payScript.id, { tool: 'x', operations: [{ operationId: ids.pay, count: 10, failures: 11, p50Ms: 5, p90Ms: 4, p95Ms: 6, p99Ms: 7, throughputPerSecond: 1 }] }), 422);
      expect(problem.errors.map((e) => e.field)).toEqual(['operations[0].failures', 'operations[0].p90Ms']);
      problem = expectProblem(await postResult(payScript.id, { hello: 'world' }), 422, 'result_refused');
      expect(problem.errors[0]!.field).toBe('metrics');
      expectProblem(await postResult(payScript.id, [1, 2, 3]), 422, 'result_refused');

      const notJson = await api('POST', `${L()}/results?scriptId=${payScript.id}`, { ...owner(), body: '{"metrics":', headers: { 'content-type': 'application/json' } });
      expectProblem(notJson, 400);
      expect(expectProblem(await api('POST', `${L()}/results`, owner(summary)), 400).errors[0]!.field).toBe('scriptId');
      expectProblem(await postResult('00000000-0000-4000-8000-000000000000', summary), 404);
      expect((await api('GET', `${L()}/results`, owner())).json.items.every((r: any) => r.format !== undefined)).toBe(true);
    });

    it('413 for a body over 4 MiB, before the body is read', async () => {
      const url = new URL(m.service.url);
      const head = `POST ${L()}/results?scriptId=${payScript.id} HTTP/1.1\r\nHost: ${url.host}\r\nCookie: svc_session=${m.admin.session}\r\nContent-Type: application/json\r\nContent-Length: ${4 * 1024 * 1024 + 1}\r\nConnection: close\r\n\r\n`;
      // Only the head and a few bytes are sent: the answer comes without the rest of the body.
      const answer = await rawRequest(m.service.url, [head, '{"metrics":{'], 5_000);
      expect(expectProblem(answer, 413).detail).toContain(String(4 * 1024 * 1024));
    });

    it('stress runs: marked running, finished by their result (once), 429 busy with Retry-After past the policy', async () => {
      await setPolicy({ maxConcurrentStressRuns: 2 });
      try {
        const first = await ok(api('POST', `${L()}/runs`, owner({ scriptId: payScript.id })), 201);
        expect(first).toMatchObject({ scriptId: payScript.id, targetId: payTarget.id, status: 'running', finishedAt: null, resultId: null });
        // The profile runs 60 s; a run never finished stops counting 600 s later.
        expect(Date.parse(first.expiresAt) - Date.parse(first.startedAt)).toBe(660_000);
        const second = await ok(api('POST', `${L()}/runs`, { token: pushToken, json: { scriptId: payScript.id } }), 201);
        const busy = await api('POST', `${L()}/runs`, owner({ scriptId: payScript.id }));
        expectProblem(busy, 429, 'busy');
        expect(Number(busy.headers.get('retry-after'))).toBe(60);

        const result = await ok(postResult(payScript.id, readFixture('k6-handle-summary.json'), `&stressRunId=${first.id}`), 201);
        expect(result.stressRunId).toBe(first.id);
        expect(result.provenance.runAt).toBe(first.startedAt);
        const runs = await ok(api('GET', `${L()}/runs`, as(viewer)));
        expect(runs.items.find((r: any) => r.id === first.id)).toMatchObject({ status: 'finished', resultId: result.id });
        expect(expectProblem(await postResult(payScript.id, readFixture('k6-handle-summary.json'), `&stressRunId=${first.id}`), 409).errors[0]!.field).toBe('stressRunId');

        const third = await ok(api('POST', `${L()}/runs`, owner({ scriptId: payScript.id })), 201);
        expectProblem(await api('POST', `${L()}/runs`, owner({ scriptId: payScript.id })), 429, 'busy');
        // Lowering the limit stops no run in progress; finishing one frees a place only under the new limit.
        await setPolicy({ maxConcurrentStressRuns: 1 });
        expect((await ok(api('POST', `${L()}/runs/${second.id}/finish`, owner()))).status).toBe('finished');
        expectProblem(await api('POST', `${L()}/runs`, owner({ scriptId: payScript.id })), 429, 'busy');
        await ok(api('POST', `${L()}/runs/${third.id}/finish`, owner()));
        expect(await ok(api('POST', `${L()}/runs/${third.id}/finish`, owner()))).toMatchObject({ status: 'finished' });
        const fourth = await ok(api('POST', `${L()}/runs`, owner({ scriptId: payScript.id })), 201);
        expect(expectProblem(await postResult(payScript.id, readFixture('k6-handle-summary.json'), `&stressRunId=${third.id}`), 409).errors[0]!.field).toBe('stressRunId');
        await ok(api('POST', `${L()}/runs/${fourth.id}/finish`, owner()));
        expectProblem(await api('POST', `${L()}/runs`, as(viewer, { scriptId: payScript.id })), 403);
        expectProblem(await api('POST', `${L(otherProject)}/runs/${fourth.id}/finish`, owner()), 404);

        // A script whose authorisation was withdrawn cannot start a run.
        await ok(api('DELETE', `${L()}/targets/${payTarget.id}/authorisation`, owner()));
        expectProblem(await api('POST', `${L()}/runs`, owner({ scriptId: payScript.id })), 409);
        await ok(authorise(payTarget.id));
      } finally {
        await setPolicy({ maxConcurrentStressRuns: 4 });
      }
    });

    it('compare/results: p95, error rate and throughput per operation against figures worked out by hand', async () => {
      const line = (operationId: string, count: number, failures: number, p95Ms: number, throughputPerSecond: number) => ({ operationId, count, failures, p50Ms: p95Ms / 2, p90Ms: p95Ms, p95Ms, p99Ms: p95Ms * 2, throughputPerSecond });
      const baseline = await ok(
        postResult(payScript.id, { tool: 'bench', operations: [line(ids.pay, 1000, 20, 400, 20), line(ids.placeOrder, 2000, 0, 100, 40), line(ids.getProduct, 500, 5, 50, 10), line(ids.listOrders, 10, 0, 5, 1)] }),
        201,
      );
      const candidate = await ok(
        postResult(payScript.id, { tool: 'bench', operations: [line(ids.pay, 1000, 30, 440, 18), line(ids.placeOrder, 2000, 0, 89.9, 40), line(ids.getProduct, 1000, 21, 50, 10), line(ids.namedOperation, 10, 0, 5, 1)] }),
        201,
      );
      const regression = await ok(api('GET', `${L()}/compare/results?baseline=${baseline.id}&candidate=${candidate.id}`, as(viewer)));
      expect(regression.thresholds).toEqual({ p95ChangePercent: 10, errorRateChangePoints: 1, throughputChangePercent: 10 });
      expect(regression.baseline.id).toBe(baseline.id);
      expect(regression.candidate.truth).toBe('measured');
      // pay: 400 → 440 is +10 % exactly, 2 % → 3 % is +1 point exactly, 20 → 18 is −10 % exactly: all at the threshold, so same.
      expect(regression.operations[0]).toEqual({
        operationId: ids.pay,
        name: null,
        p95Ms: { baseline: 400, candidate: 440, change: 10, verdict: 'same' },
        errorRate: { baseline: 0.02, candidate: 0.03, change: 1, verdict: 'same' },
        throughputPerSecond: { baseline: 20, candidate: 18, change: -10, verdict: 'same' },
        verdict: 'same',
      });
      // placeOrder: 100 → 89.9 is −10.1 %: improved.
      expect(regression.operations[1]).toMatchObject({ operationId: ids.placeOrder, p95Ms: { change: -10.1, verdict: 'improved' }, verdict: 'improved' });
      // getProduct: 1 % (5 of 500) → 2.1 % (21 of 1000) is +1.1 points: regressed.
      expect(regression.operations[2]).toMatchObject({ operationId: ids.getProduct, errorRate: { baseline: 0.01, candidate: 0.021, change: 1.1, verdict: 'regressed' }, verdict: 'regressed' });
      expect(regression).toMatchObject({ verdict: 'regressed', onlyInBaseline: [ids.listOrders], onlyInCandidate: [ids.namedOperation] });

      // k6 against k6: p95 412.5 → 380 is −7.8788 %, errors 2 % → 0.5 % is −1.5 points, 20/s → 19.9959/s is −0.0205 %.
      const exported = await ok(postResult(payScript.id, readFixture('k6-summary-export.json')), 201);
      const summary = await ok(postResult(payScript.id, readFixture('k6-handle-summary.json')), 201);
      const k6 = await ok(api('GET', `${L()}/compare/results?baseline=${exported.id}&candidate=${summary.id}`, { token: readToken }));
      expect(k6.operations).toEqual([
        {
          operationId: ids.pay,
          name: 'POST /payments',
          p95Ms: { baseline: 412.5, candidate: 380, change: -7.8788, verdict: 'same' },
          errorRate: { baseline: 0.02, candidate: 0.005, change: -1.5, verdict: 'improved' },
          throughputPerSecond: { baseline: 20, candidate: 19.9959, change: -0.0205, verdict: 'same' },
          verdict: 'improved',
        },
      ]);
      expect(k6.verdict).toBe('improved');
      expect((await ok(api('GET', `${L()}/compare/results?baseline=${summary.id}&candidate=${exported.id}`, owner()))).verdict).toBe('regressed');

      expect(expectProblem(await api('GET', `${L()}/compare/results?baseline=${baseline.id}`, owner()), 400).errors[0]!.field).toBe('candidate');
      // Comparisons are not stored: a result deletes with 204, and comparing it then is 404.
      expect((await api('DELETE', `${L()}/results/${baseline.id}`, as(editor))).status).toBe(204);
      expectProblem(await api('GET', `${L()}/compare/results?baseline=${baseline.id}&candidate=${candidate.id}`, owner()), 404);
      expectProblem(await api('DELETE', `${L()}/results/${candidate.id}`, as(viewer)), 403);
    });

    it('compare/estimate: timeouts, retry budget, the playback run and the cost assumptions, each within or outside', async () => {
      // The cost sheet of main with three assumptions on the payment operation and its owner (table of migration 0017).
      const now = new Date();
      await m.database.db.insertInto('cost_sheets').values({ stream_id: project.id, project_id: project.id, version: 1, updated_at: now }).onConflict((oc) => oc.column('stream_id').doNothing()).execute();
      const assumption = (id: string, position: number, name: string, subjectId: string, value: string, unit: string) => ({ stream_id: project.id, id, position, name, kind: 'usage', subject_id: subjectId, value, unit, label: 'declared', source: null, effective_date: '2024-01-01' });
      await m.database.db
        .insertInto('cost_assumptions')
        .values([
          assumption('0b6f5a61-0000-4000-8000-0000000000a1', 0, 'Payments a month', ids.pay, '2629800', 'requests/month'),
          assumption('0b6f5a61-0000-4000-8000-0000000000a2', 1, 'Peak payments', ids.payments, '25', 'requests/s'),
          assumption('0b6f5a61-0000-4000-8000-0000000000a3', 2, 'Receipts kept', ids.pay, '10', 'GB'),
          assumption('0b6f5a61-0000-4000-8000-0000000000a4', 3, 'Orders a day', ids.placeOrder, '86400', 'requests/day'),
        ])
        .execute();
      const exported = await ok(postResult(payScript.id, readFixture('k6-summary-export.json')), 201);
      const comparison = await ok(api('GET', `${L()}/compare/estimate?resultId=${exported.id}&runId=${runId}`, as(viewer)));
      expect(comparison.result).toMatchObject({ id: exported.id, truth: 'measured' });
      expect(comparison.run).toMatchObject({ id: runId, scenarioId: ids.payScenario, truth: 'declared', reproduced: true });
      const at = (check: string, assumptionId: string | null = null) => comparison.lines.find((l: any) => l.check === check && l.assumptionId === assumptionId);
      expect(comparison.lines).toHaveLength(7);
      // Timeout 2000 ms: p95 412.5 below it, p99 2100 past it.
      expect(at('timeout-p95')).toMatchObject({ operationId: ids.pay, operationName: 'POST /payments', declared: 2000, measured: 412.5, unit: 'ms', status: 'within' });
      expect(at('timeout-p99')).toMatchObject({ declared: 2000, measured: 2100, status: 'outside' });
      // 1200 requests over 1000 iterations, one call each in the playback run: 1.2 attempts a call of the 3 declared.
      expect(at('retry-budget')).toMatchObject({ declared: 3, measured: 1.2, unit: 'attempts per call', status: 'within' });
      // The playback run fails the first two attempts: 3 requests sent; 1.2 measured per iteration.
      expect(at('expected-calls')).toMatchObject({ declared: 3, measured: 1.2, unit: 'requests per iteration', status: 'within' });
      // 2629800 a month is 1/s; 25/s on the owner is more than the 20/s reached; GB is no rate.
      expect(at('usage', '0b6f5a61-0000-4000-8000-0000000000a1')).toMatchObject({ declared: 1, measured: 20, unit: 'requests/s', status: 'within' });
      expect(at('usage', '0b6f5a61-0000-4000-8000-0000000000a2')).toMatchObject({ declared: 25, measured: 20, status: 'outside' });
      expect(at('usage', '0b6f5a61-0000-4000-8000-0000000000a3')).toMatchObject({ declared: null, status: 'not-comparable', detail: expect.stringContaining('"GB"') });

      // The model moves: the run's trace (its retries 300 ms apart now) is no longer what playing it gives.
      const document = loadTestModel();
      document.operations[1]!.retry = { maxAttempts: 4, backoffMs: 300 };
      expect((await m.importModel(project.id, document)).status).toBe(200);
      const moved = await ok(api('GET', `${L()}/compare/estimate?resultId=${exported.id}&runId=${runId}`, owner()));
      expect(moved.run.reproduced).toBe(false);
      expect(moved.lines.find((l: any) => l.check === 'retry-budget')).toMatchObject({ declared: 4 });
      document.operations[1]!.retry = { maxAttempts: 3, backoffMs: 250 };
      expect((await m.importModel(project.id, document)).status).toBe(200);

      expectProblem(await api('GET', `${L()}/compare/estimate?resultId=${exported.id}&runId=${exported.id}`, owner()), 404);
      expect(expectProblem(await api('GET', `${L()}/compare/estimate?resultId=${exported.id}`, owner()), 400).errors[0]!.field).toBe('runId');
      expectProblem(await api('GET', `${L(otherProject)}/compare/estimate?resultId=${exported.id}&runId=${runId}`, owner()), 404);
    });

    it('deleting a profile a script uses is 409; deleting a target takes its scripts, results and runs', async () => {
      const profile = await createProfile({ shape: 'steady', name: 'Kept' });
      const target = await createTarget({ kind: 'scenario-step', id: ids.lookupScenario, stepId: 'lookup' });
      await ok(authorise(target.id));
      const written = await ok(script(target.id, profile.id), 201);
      expectProblem(await api('DELETE', `${L()}/profiles/${profile.id}`, owner()), 409);
      const result = await ok(postResult(written.id, readFixture('k6-summary-export.json')), 201);
      expect((await api('DELETE', `${L()}/targets/${target.id}`, as(editor))).status).toBe(204);
      expectProblem(await api('GET', `${L()}/scripts/${written.id}`, owner()), 404);
      expectProblem(await api('GET', `${L()}/results/${result.id}`, owner()), 404);
      expect((await api('DELETE', `${L()}/profiles/${profile.id}`, owner())).status).toBe(204);
      expectProblem(await api('GET', `${L()}/profiles/${profile.id}`, owner()), 404);
    });
  });
});
