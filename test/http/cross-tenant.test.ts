import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRoutes as routes } from '../../functions/routes';
import { routeKeyOf, type RouteDefinition } from '../../lib/platform/http/route-definition';
import { openApiPathOf } from '../../lib/features/openapi/build-openapi-document';
import { contractOf } from '../../lib/platform/http/route-contract';
import { concreteRequest, send, type ConcreteRequest, type ContractWorld } from '../support/contract-check';
import { buildContractWorld, worldSettings } from '../support/contract-world';
import { expectProblem, type HttpAnswer } from '../support/http-client';
import { startModelService, type ModelService } from '../support/model-api';

/**
 * Scope before side effects, route by route (issue 32): tenant A is the
 * contract test's fixture world (test/support/contract-world.ts), which holds
 * a record of every kind a route names by ID. Tenant B, a person of another
 * workspace with a project and agent tokens of their own, sends every write
 * route's contract example with B's workspace and project in the path and
 * A's IDs everywhere else (path and body), then again with A's workspace and
 * project. Every GET example of A's workspace and projects, read by A's own
 * callers, answers the same before and after: a foreign ID changes nothing.
 * Agent tokens get 403 on every write whose route names no token scope, as
 * the OpenAPI text says, before the ID is read.
 */

/** Routes whose IDs are capabilities (a share token, an invitation secret sent in the body): holding them is the permission. */
const capabilityRoutes = new Set(['share', 'setup', 'auth']);
const capabilityOperations = new Set(['register-through-invitation', 'look-up-invitation']);
/** Writes that act on the caller's own workspace or project as a whole (B's own): nothing of A's is named. */
const ownScopeOperations = new Set(['delete-project', 'post-mcp', 'mcp-method-not-allowed', 'replace-instance-settings', 'create-workspace']);

const writes = routes.filter((r) => r.method !== 'GET' && !capabilityRoutes.has(r.group) && !capabilityOperations.has(r.operation) && !ownScopeOperations.has(r.operation));
/** A's state as A's own callers read it: every GET example inside A's workspaces and projects. */
const reads = routes.filter((r) => r.method === 'GET' && /\{(projectId|workspaceId)\}/.test(r.path));
type Scope = { workspaceId: unknown; projectId: unknown };

/** Reads whose answers move by themselves (webhook tries back off and retry on the worker's clock). */
const volatileReads = new Set(['list-webhook-deliveries']);

describe('a foreign ID changes nothing', () => {
  let m: ModelService;
  let world: ContractWorld;
  /** B's workspace and project, and B's credentials in place of each caller an example names. */
  let theirs: Scope;
  let intruder: ContractWorld['callers'];

  async function readA(): Promise<Map<string, string>> {
    const answers = new Map<string, string>();
    for (const route of reads) {
      if (volatileReads.has(route.operation)) continue;
      const contract = contractOf(route);
      if (!contract) continue;
      const request = concreteRequest(route, contract.example, world);
      const answer = await send(m.service.url, request);
      // Reading with A's own tokens moves their lastUsedAt: that is A's doing.
      answers.set(`${request.method} ${request.path}`, `${answer.status} ${answer.text.replace(/"lastUsedAt":(null|"[^"]*")/g, '"lastUsedAt":"…"')}`);
    }
    return answers;
  }

  /** The example of a route as B sends it: B's credential, `scope` in the path's workspace and project, A's values elsewhere. */
  function intrusion(route: RouteDefinition, scope: Scope): ConcreteRequest {
    const example = contractOf(route)!.example;
    const params: Record<string, string> = { ...(example.params ?? {}) };
    if (route.path.includes('{workspaceId}')) params.workspaceId = String(scope.workspaceId);
    if (route.path.includes('{projectId}')) params.projectId = String(scope.projectId);
    const asIntruder = { ...example, params, as: example.as === 'readToken' || example.as === 'pushToken' ? example.as : 'owner' } as const;
    return concreteRequest(route, asIntruder, { values: world.values, callers: intruder });
  }

  beforeAll(async () => {
    m = await startModelService({ Svc__Prices__AwsPriceListUrl: 'http://127.0.0.1:9/' });
    world = await buildContractWorld(m);
    const mallory = await m.newPerson('mallory@elsewhere.test');
    const workspace = await m.api('POST', '/api/workspaces', { session: mallory.session, json: { name: 'Elsewhere' } });
    expect(workspace.status, workspace.text).toBe(201);
    const project = await m.api('POST', `/api/workspaces/${workspace.json.id}/projects`, { session: mallory.session, json: { name: 'Theirs', description: null } });
    expect(project.status, project.text).toBe(201);
    // No catalog or git host answers here, as in A's workspace.
    const settings = await m.api('GET', `/api/workspaces/${workspace.json.id}/settings`, { session: mallory.session });
    const saved = await m.api('PUT', `/api/workspaces/${workspace.json.id}/settings`, { session: mallory.session, json: worldSettings, headers: { 'if-match': settings.headers.get('etag')! } });
    expect(saved.status, saved.text).toBe(200);
    const token = async (scopes: string[]) => {
      const answer = await m.api('POST', `/api/workspaces/${workspace.json.id}/agent-tokens`, { session: mallory.session, json: { name: scopes.join('+'), scopes, projectId: null, expiresAt: null } });
      expect(answer.status, answer.text).toBe(201);
      return answer.json.token as string;
    };
    const session = { session: mallory.session };
    theirs = { workspaceId: workspace.json.id, projectId: project.json.id };
    intruder = { owner: session, editor: session, viewer: session, invitee: session, readToken: { token: await token(['read']) }, pushToken: { token: await token(['read', 'push']) } };
  }, 180_000);

  afterAll(async () => {
    await m?.stop();
  });

  it('every write route, sent by another tenant with IDs of this one, leaves every read of this tenant as it was', async () => {
    // One of A's scans is a stale running one, as a stopped worker leaves it: `track` would queue or fail it.
    await outsideTheSweep();
    const restore = await makeStale(String(world.values.importId));
    const before = await readA();
    expect(before.size).toBeGreaterThan(80);
    const answered: string[] = [];
    for (const route of writes) {
      const ours: Scope = { workspaceId: world.values.workspaceId, projectId: world.values.projectId };
      for (const scope of [theirs, ours]) {
        if (scope === ours && !/\{(projectId|workspaceId)\}/.test(route.path)) continue;
        const request = intrusion(route, scope);
        const answer: HttpAnswer = await send(m.service.url, request);
        answered.push(`${answer.status} ${routeKeyOf(route)}${scope === theirs ? '' : ' (in A)'}`);
        // 502: a git host or price catalog of B's own settings, a closed port here.
        if (answer.status !== 502) expect(answer.status, `${request.method} ${request.path}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
        // A's workspace or project is not B's: it is not found, whatever else the request names.
        if (scope === ours) expect(answer.status, `${request.method} ${request.path}: ${answer.text.slice(0, 300)}`).toBe(404);
      }
    }
    const after = await readA();
    const changed = [...before].filter(([key, value]) => after.get(key) !== value).map(([key, value]) => `${key}\n  before: ${value.slice(0, 400)}\n  after:  ${after.get(key)?.slice(0, 400)}`);
    await restore();
    expect(changed, answered.join('\n')).toEqual([]);
  }, 300_000);

  it("POST …/track of another tenant's stale running scan answers 404 and leaves it running", async () => {
    await outsideTheSweep();
    const scanId = String(world.values.importId);
    const restore = await makeStale(scanId);
    const foreign = await send(m.service.url, intrusion(trackRoute(), theirs));
    const tracked = await scanState(scanId);
    await restore();
    expectProblem(foreign, 404, 'not_found');
    expect(tracked).toBe('running|3');
  });

  it('an agent token gets 403 on every write whose route admits no token, as the OpenAPI description says; a read token does not track a scan', async () => {
    await outsideTheSweep();
    const scanId = String(world.values.importId);
    const restore = await makeStale(scanId);
    const described = (await m.api('GET', '/openapi.json')).json;
    const refusedEverywhere: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const operation = described.paths[openApiPathOf(route.path)]?.[route.method.toLowerCase()];
      if (!operation?.description?.includes('an agent token gets 403')) continue;
      checked += 1;
      const example = contractOf(route)!.example;
      for (const as of ['readToken', 'pushToken'] as const) {
        const answer = await send(m.service.url, concreteRequest(route, { ...example, as }, world));
        if (answer.status !== 403) refusedEverywhere.push(`${answer.status} ${routeKeyOf(route)} as ${as}: ${answer.text.slice(0, 200)}`);
      }
    }
    const tracked = await scanState(scanId);
    await restore();
    expect(refusedEverywhere).toEqual([]);
    expect(checked).toBeGreaterThan(100);
    expect(described.paths['/api/projects/{projectId}/imports/{importId}/track'].post.description).toContain('an agent token gets 403');
    expect(tracked).toBe('running|3');
  });

  function trackRoute(): RouteDefinition {
    return routes.find((r) => r.operation === 'track-scan')!;
  }

  /**
   * The scan sweep runs at the start of each minute and would queue or fail a
   * stale scan itself: what a test checks with one happens between two sweeps.
   */
  async function outsideTheSweep(): Promise<void> {
    const second = new Date().getUTCSeconds();
    if (second >= 3 && second < 25) return;
    await new Promise((resolve) => setTimeout(resolve, ((63 - second) % 60) * 1000));
  }

  /** A running scan whose worker stopped long ago, on its last attempt: `track` would fail it. Answers how to put it back. */
  async function makeStale(scanId: string): Promise<() => Promise<void>> {
    const was = await m.database.db.selectFrom('scans').select(['state', 'attempts', 'heartbeat_at']).where('id', '=', scanId).executeTakeFirstOrThrow();
    await m.database.db.updateTable('scans').set({ state: 'running', attempts: 3, heartbeat_at: new Date(Date.now() - 10 * 60_000) }).where('id', '=', scanId).execute();
    return async () => {
      await m.database.db.updateTable('scans').set(was).where('id', '=', scanId).execute();
    };
  }

  async function scanState(scanId: string): Promise<string> {
    const scan = await m.api('GET', `/api/projects/${world.values.projectId}/imports/${scanId}`, { session: m.admin.session });
    expect(scan.status, scan.text).toBe(200);
    const row = await m.database.db.selectFrom('scans').select('attempts').where('id', '=', scanId).executeTakeFirstOrThrow();
    return `${scan.json.state}|${row.attempts}`;
  }
});
