import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strongPassword } from '../support/http-client';
import { startModelService, type ModelService } from '../support/model-api';
import { startServiceProcess } from '../support/service-process';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

interface LogEntry {
  time: string;
  level: string;
  message: string;
  [field: string]: unknown;
}

/** Every line of the output as JSON; a line that does not parse fails the test with the line. */
function parseLog(output: string): LogEntry[] {
  return output
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      let entry: unknown;
      expect(() => (entry = JSON.parse(line)), `not JSON: ${line}`).not.toThrow();
      return entry as LogEntry;
    });
}

describe('the service log (docs/operations.md)', () => {
  let m: ModelService;
  const personPassword = strongPassword;
  let token: string;
  let session: string;
  let workspaceId: string;

  beforeAll(async () => {
    m = await startModelService();
    workspaceId = await m.createWorkspace('Logged');
    token = await m.createToken(workspaceId, ['read']);
    session = (await m.newPerson('logged@model.test', [{ workspaceId, role: 'viewer' }])).session;
  }, 60_000);

  afterAll(async () => {
    await m?.stop();
  });

  it('is one JSON object per line, with an access line per request that names the caller kind and never a credential', async () => {
    const signIn = await m.api('POST', '/api/auth/login', { json: { email: 'logged@model.test', password: personPassword } });
    expect(signIn.status).toBe(200);
    expect((await m.api('GET', '/api/instance', { session })).status).toBe(200);
    expect((await m.api('GET', `/api/workspaces/${workspaceId}/projects`, { token })).status).toBe(200);
    expect((await m.api('GET', '/api/instance')).status).toBe(401);
    expect((await m.api('GET', '/api/no-such-endpoint', { session })).status).toBe(404);
    // Give the process a moment to flush its output.
    await new Promise((r) => setTimeout(r, 200));

    const output = m.service.output();
    const entries = parseLog(output);
    for (const entry of entries) {
      expect(entry.time).toMatch(isoTime);
      expect(['debug', 'info', 'warn', 'error']).toContain(entry.level);
      expect(typeof entry.message).toBe('string');
    }
    const access = entries.filter((e) => e.type === 'access');
    for (const line of access) {
      expect(line.requestId).toMatch(uuid);
      expect(typeof line.routeKey).toBe('string');
      expect(Number.isInteger(line.status)).toBe(true);
      expect(typeof line.durationMs).toBe('number');
      expect(['person', 'agent-token', 'anonymous']).toContain(line.callerKind);
    }
    const find = (routeKey: string, status: number) => access.filter((l) => l.routeKey === routeKey && l.status === status);
    expect(find('POST /api/auth/login', 200).length).toBeGreaterThanOrEqual(1);
    expect(find('GET /api/instance', 200).map((l) => l.callerKind)).toContain('person');
    expect(find('GET /api/workspaces/{workspaceId}/projects', 200).map((l) => l.callerKind)).toContain('agent-token');
    expect(find('GET /api/instance', 401).map((l) => l.callerKind)).toEqual(['anonymous']);
    expect(find('$default', 404)).toHaveLength(1);
    // One access line per request: every request ID appears once.
    const ids = access.map((l) => l.requestId);
    expect(new Set(ids).size).toBe(ids.length);

    expect(output).not.toContain(personPassword);
    expect(output).not.toContain(token);
    expect(output).not.toContain(session);
    expect(output).not.toContain(m.admin.session);
    expect(output).not.toContain(workspaceId);
  });
});

describe('LOG_FORMAT=text', () => {
  it('writes one plain line per entry: time, level, message, then the fields', async () => {
    const service = await startServiceProcess({ LOG_FORMAT: 'text' });
    try {
      expect((await fetch(`${service.url}/health/live`)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 200));
      const lines = service.output().split('\n').filter((l) => l !== '');
      for (const line of lines) expect(line, line).toMatch(/^\d{4}-\d{2}-\d{2}T\S+Z (debug|info |warn |error) /);
      expect(lines.some((l) => / info {2}svc listening on http:\/\//.test(l))).toBe(true);
      expect(lines.some((l) => l.includes('GET /health/live 200') && l.includes('type=access') && l.includes('callerKind=anonymous'))).toBe(true);
    } finally {
      await service.stop();
    }
  }, 60_000);
});
