/**
 * Shared helpers of the model API tests: a built server on a database of its
 * own with a signed-in administrator, people with a role in a workspace,
 * projects and agent tokens made through the API, and a model document that
 * uses every kind and every optional field.
 */
import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { WorkspaceRole } from '../../lib/platform/db/schema';
import { call, insertPerson, sessionCookieOf, strongPassword, type CallOptions, type HttpAnswer } from './http-client';
import { startServiceProcess, type ServiceProcess } from './service-process';
import { createTestDatabase, type TestDatabase } from './test-database';

const setupToken = 'model-tests-setup-token-0123456';

export interface Person {
  id: string;
  email: string;
  /** Value of the svc_session cookie. */
  session: string;
}

export interface Project {
  id: string;
  workspaceId: string;
  name: string;
}

export interface ModelService {
  service: ServiceProcess;
  database: TestDatabase;
  /** The instance administrator, owner of every workspace made with `createWorkspace`. */
  admin: Person;
  api(method: string, path: string, options?: CallOptions): Promise<HttpAnswer>;
  /** A person (inserted, then signed in through the API) with the roles named. */
  newPerson(email: string, memberships?: { workspaceId: string; role: WorkspaceRole }[]): Promise<Person>;
  createWorkspace(name: string, as?: Person): Promise<string>;
  createProject(workspaceId: string, name: string, as?: Person): Promise<Project>;
  /** An agent token of the workspace; `projectId` restricts it. */
  createToken(workspaceId: string, scopes: ('read' | 'push')[], projectId?: string | null): Promise<string>;
  /** GET /export as text, with the Model-Version header. */
  exportModel(projectId: string, format?: 'json' | 'yaml', as?: Person): Promise<{ text: string; version: number }>;
  /** POST /import of a JSON value (or raw text with `contentType`); `query` e.g. `?dryRun=true`. */
  importModel(projectId: string, document: unknown, query?: string, options?: { contentType?: string; as?: Person }): Promise<HttpAnswer>;
  modelVersion(projectId: string): Promise<number>;
  stop(): Promise<void>;
}

/** Starts the built server on a fresh database (with `environment` added) and runs first-run setup; the administrator is signed in. */
export async function startModelService(environment: Record<string, string> = {}): Promise<ModelService> {
  const database = await createTestDatabase();
  const service = await startServiceProcess({ ConnectionStrings__DefaultConnection: database.url, Svc__SetupToken: setupToken, ...environment });
  const api = (method: string, path: string, options?: CallOptions) => call(service.url, method, path, options);
  const email = 'admin@model.test';
  const setup = await api('POST', '/api/setup', { json: { setupToken, email, password: strongPassword, name: 'Model Admin' } });
  expect(setup.status, setup.text).toBe(201);
  const admin: Person = { id: setup.json.user.id, email, session: sessionCookieOf(setup).value };

  const model: ModelService = {
    service,
    database,
    admin,
    api,
    async newPerson(personEmail, memberships = []) {
      const id = await insertPerson(database.db, { email: personEmail, name: personEmail.split('@')[0]!, password: strongPassword }, memberships);
      const login = await api('POST', '/api/auth/login', { json: { email: personEmail, password: strongPassword } });
      expect(login.status, login.text).toBe(200);
      return { id, email: personEmail, session: sessionCookieOf(login).value };
    },
    async createWorkspace(name, as = admin) {
      const answer = await api('POST', '/api/workspaces', { session: as.session, json: { name } });
      expect(answer.status, answer.text).toBe(201);
      return answer.json.id as string;
    },
    async createProject(workspaceId, name, as = admin) {
      const answer = await api('POST', `/api/workspaces/${workspaceId}/projects`, { session: as.session, json: { name, description: null } });
      expect(answer.status, answer.text).toBe(201);
      return { id: answer.json.id, workspaceId, name };
    },
    async createToken(workspaceId, scopes, projectId = null) {
      const answer = await api('POST', `/api/workspaces/${workspaceId}/agent-tokens`, { session: admin.session, json: { name: `token ${scopes.join('+')}`, scopes, projectId, expiresAt: null } });
      expect(answer.status, answer.text).toBe(201);
      return answer.json.token as string;
    },
    async exportModel(projectId, format = 'json', as = admin) {
      const answer = await api('GET', `/api/projects/${projectId}/export?format=${format}`, { session: as.session });
      expect(answer.status, answer.text.slice(0, 500)).toBe(200);
      return { text: answer.text, version: Number(answer.headers.get('model-version')) };
    },
    async importModel(projectId, document, query = '', options = {}) {
      const body = typeof document === 'string' ? document : JSON.stringify(document);
      return api('POST', `/api/projects/${projectId}/import${query}`, {
        session: (options.as ?? admin).session,
        body,
        headers: { 'content-type': options.contentType ?? 'application/json' },
      });
    },
    async modelVersion(projectId) {
      const answer = await api('GET', `/api/projects/${projectId}`, { session: admin.session });
      expect(answer.status, answer.text).toBe(200);
      return answer.json.modelVersion as number;
    },
    async stop() {
      await service.stop();
      await database.drop();
    },
  };
  return model;
}

/**
 * Version 5 UUID (RFC 9562 5.5) of `name` in `namespace`, written here from
 * the RFC rather than imported, so the re-keying of import rule 9 is checked
 * against an independent computation.
 */
export function uuidV5(namespace: string, name: string): string {
  const bytes = createHash('sha1').update(Buffer.from(namespace.replaceAll('-', ''), 'hex')).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A GUID derived from a seed and a label: distinct per label, stable per seed. */
export function idFor(seed: string, label: string): string {
  return uuidV5(seed, label);
}

export const sections = ['elements', 'relationships', 'messages', 'schemas', 'operations', 'channels', 'subscriptions', 'bindings'] as const;
export type Section = (typeof sections)[number];

/**
 * A model document that holds every kind and, between its entries, every
 * optional field both set and empty: all five element kinds, every truth
 * label with the provenance it needs, stale marks, retries, timeouts, a
 * dead-letter channel, bindings with and without routing keys. IDs derive
 * from `seed`, so two calls with different seeds do not share IDs.
 */
export function fullModelDocument(seed: string) {
  const id = (label: string) => idFor(seed, label);
  const provenance = (source: string | null, extra: Record<string, unknown> = {}) => ({ source, revision: null, confidence: null, acceptedBy: null, acceptedAt: null, ...extra });
  return {
    version: '1.0',
    project: { name: 'Seed' },
    elements: [
      { id: id('customer'), kind: 'actor', name: 'Customer', description: 'Buys things.\nOften.', technology: null, status: 'current', parentId: null, tags: ['people'], icon: 'user', factStatus: 'declared', provenance: null, stale: null },
      { id: id('shop'), kind: 'system', name: 'Shop', description: null, technology: 'Kubernetes', status: 'current', parentId: null, tags: [], icon: null, factStatus: 'observed-in-source', provenance: provenance('git:shop/README.md', { revision: 'abc123' }), stale: null },
      { id: id('web'), kind: 'app', name: 'Web — Ünïcødé 店', description: null, technology: 'TypeScript', status: 'planned', parentId: id('shop'), tags: ['edge', 'public'], icon: 'globe', factStatus: 'inferred', provenance: provenance('ai:proposal-7', { confidence: 0.75 }), stale: { sinceRevision: 'def456', reason: 'evidence-not-found' } },
      { id: id('orders'), kind: 'app', name: 'Orders', description: 'Takes orders', technology: 'Go', status: 'deprecated', parentId: id('shop'), tags: [], icon: null, factStatus: 'measured', provenance: provenance('otel:trace/42', { revision: 'r7', confidence: 1, acceptedBy: '11111111-2222-4333-8444-555555555555', acceptedAt: '2024-05-01T12:00:00Z' }), stale: null },
      { id: id('db'), kind: 'store', name: 'Orders DB', description: null, technology: 'PostgreSQL', status: 'removed', parentId: id('shop'), tags: ['data'], icon: 'database', factStatus: 'unknown', provenance: null, stale: null },
      { id: id('checkout'), kind: 'component', name: 'Checkout', description: null, technology: null, status: 'current', parentId: id('web'), tags: [], icon: null, factStatus: 'declared', provenance: null, stale: null },
    ],
    relationships: [
      { id: id('r-buys'), fromId: id('customer'), toId: id('web'), label: 'buys via', technology: 'HTTPS', kind: 'behavioural', lineShape: 'orthogonal', factStatus: 'declared', provenance: null, stale: null },
      { id: id('r-stores'), fromId: id('orders'), toId: id('db'), label: null, technology: null, kind: 'structural', lineShape: null, factStatus: 'observed-in-source', provenance: provenance('git:orders/db.go'), stale: { sinceRevision: 'f00', reason: 'file-removed' } },
    ],
    messages: [
      { id: id('m-placed'), name: 'OrderPlaced', description: 'An order was placed', producerId: id('orders'), consumerIds: [id('web'), id('checkout')], schemaId: id('s-order'), tags: ['event'], factStatus: 'declared', provenance: null, stale: null },
      { id: id('m-ping'), name: 'Ping', description: null, producerId: id('web'), consumerIds: [], schemaId: null, tags: [], factStatus: 'inferred', provenance: provenance('ai:x', { confidence: 0 }), stale: null },
    ],
    schemas: [
      { id: id('s-order'), name: 'Order', description: 'The order payload', content: '{"type":"object","properties":{"id":{"type":"string"}}}', version: 1 },
      { id: id('s-empty'), name: 'Empty', description: null, content: 'line one\n  line two\n', version: 1 },
    ],
    operations: [
      { id: id('o-place'), ownerId: id('orders'), name: 'PlaceOrder', transport: 'http', requestSchemaId: id('s-order'), responseSchemaId: id('s-empty'), timeoutMs: 3_600_000, retry: { maxAttempts: 10, backoffMs: 3_600_000 }, factStatus: 'declared', provenance: null, stale: null },
      { id: id('o-get'), ownerId: id('orders'), name: 'GetOrder', transport: 'grpc', requestSchemaId: null, responseSchemaId: null, timeoutMs: 0, retry: { maxAttempts: 1, backoffMs: 0 }, factStatus: 'declared', provenance: null, stale: null },
      { id: id('o-cmd'), ownerId: id('web'), name: 'Rebuild', transport: 'command', requestSchemaId: null, responseSchemaId: null, timeoutMs: null, retry: null, factStatus: 'measured', provenance: provenance('load-test:9'), stale: null },
    ],
    channels: [
      { id: id('c-exchange'), name: 'orders-exchange', kind: 'exchange', factStatus: 'declared', provenance: null, stale: null },
      { id: id('c-queue'), name: 'orders-queue', kind: 'queue', factStatus: 'declared', provenance: null, stale: null },
      { id: id('c-topic'), name: 'orders-topic', kind: 'topic', factStatus: 'observed-in-source', provenance: provenance('git:infra/topics.tf'), stale: null },
      { id: id('c-dlq'), name: 'orders-dlq', kind: 'queue', factStatus: 'declared', provenance: null, stale: null },
    ],
    subscriptions: [
      { id: id('sub-web'), channelId: id('c-queue'), consumerId: id('web'), retry: { maxAttempts: 3, backoffMs: 250 }, deadLetterChannelId: id('c-dlq'), factStatus: 'declared', provenance: null, stale: null },
      { id: id('sub-checkout'), channelId: id('c-topic'), consumerId: id('checkout'), retry: null, deadLetterChannelId: null, factStatus: 'unknown', provenance: null, stale: { sinceRevision: 'aaa', reason: 'evidence-not-found' } },
    ],
    bindings: [
      { id: id('b-keyed'), sourceChannelId: id('c-exchange'), targetChannelId: id('c-queue'), routingKey: 'orders.placed', factStatus: 'declared', provenance: null, stale: null },
      { id: id('b-any'), sourceChannelId: id('c-topic'), targetChannelId: id('c-queue'), routingKey: null, factStatus: 'declared', provenance: null, stale: null },
      { id: id('b-chain'), sourceChannelId: id('c-exchange'), targetChannelId: id('c-dlq'), routingKey: 'orders.#', factStatus: 'observed-in-source', provenance: provenance('git:infra/bindings.tf'), stale: null },
    ],
  };
}

/** The lists of a model document sorted by ID, as the export writes them. */
export function sortedById<T extends { id: string }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
