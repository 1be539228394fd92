import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractFiles } from '../../lib/core/extract/extract-files';
import { extractionRulesVersion } from '../../lib/core/extract/rules-version';
import { walkDirectory } from '../../lib/core/extract/walk-directory';
import { call, expectProblem, rawRequest, sessionCookieOf, strongPassword, type CallOptions } from '../support/http-client';
import { startServiceProcess, type ServiceProcess } from '../support/service-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * The push endpoints over HTTP (part 2 "Sources": GET/POST P/sources/push;
 * docs/cli.md): the settings a client agrees with, a pushed snapshot stored
 * as a scan of a push Source with its proposals, and the refusals: a person
 * or a token without `push` (403), other extraction rules (409), a name of
 * another kind of Source (409), a bad body (400), over 24 MB (413).
 */
const setupToken = 'push-test-setup-token-0123456';
const fixture = resolve(import.meta.dirname, '../fixtures/shop');

describe('push endpoints over HTTP', () => {
  let database: TestDatabase;
  let service: ServiceProcess;
  let owner: string;
  let pushToken: string;
  let readToken: string;
  let projectId: string;
  let body: Record<string, unknown>;
  const api = (method: string, path: string, options: CallOptions = {}) => call(service.url, method, path, options);
  const P = () => `/api/projects/${projectId}`;

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startServiceProcess({ ConnectionStrings__DefaultConnection: database.url, Svc__SetupToken: setupToken });
    const setup = await api('POST', '/api/setup', { json: { setupToken, email: 'owner@example.test', password: strongPassword, name: 'Olive Owner' } });
    owner = sessionCookieOf(setup).value;
    const workspaceId = setup.json.workspace.id;
    projectId = (await api('POST', `/api/workspaces/${workspaceId}/projects`, { session: owner, json: { name: 'Pushed', description: '' } })).json.id;
    pushToken = (await api('POST', `/api/workspaces/${workspaceId}/agent-tokens`, { session: owner, json: { name: 'ci', scopes: ['push'], projectId: null, expiresAt: null } })).json.token;
    readToken = (await api('POST', `/api/workspaces/${workspaceId}/agent-tokens`, { session: owner, json: { name: 'reader', scopes: ['read'], projectId: null, expiresAt: null } })).json.token;
    const result = await extractFiles(walkDirectory(fixture), {});
    body = {
      name: 'shop checkout',
      commitSha: 'e'.repeat(40),
      rules: [{ name: 'extraction', version: extractionRulesVersion }],
      scope: { includePaths: [], excludePaths: [], excludeGlobs: [], limits: { maxFiles: 2000, maxFileBytes: 262144, maxTotalBytes: 20971520 } },
      files: Object.entries(result.blobShas).map(([path, blobSha]) => ({ path, blobSha, size: 1 })),
      skipped: result.skipped,
      facts: result.facts,
      isComplete: result.isComplete,
      extractionGap: result.extractionGap,
      filesListed: result.filesListed,
    };
  });

  afterAll(async () => {
    await service?.stop();
    await database?.drop();
  });

  it('GET …/sources/push answers the rules version and the workspace limits to a push token only', async () => {
    const settings = await api('GET', `${P()}/sources/push`, { token: pushToken });
    expect(settings.status, settings.text).toBe(200);
    expect(settings.json).toEqual({ rulesVersion: extractionRulesVersion, factFormatVersion: 1, limits: { maxFiles: 2000, maxFileBytes: 262144, maxTotalBytes: 20971520, excludeGlobs: expect.any(Array) }, maxBodyBytes: 25_165_824 });
    expectProblem(await api('GET', `${P()}/sources/push`, { token: readToken }), 403);
    expectProblem(await api('GET', `${P()}/sources/push`, { session: owner }), 403);
    expectProblem(await api('GET', `${P()}/sources/push`, { token: 'svc_nope' }), 401);
  });

  it('a push is a scan of a push Source with the commit it names and its proposals', async () => {
    const pushed = await api('POST', `${P()}/sources/push`, { token: pushToken, json: body });
    expect(pushed.status, pushed.text).toBe(201);
    expect(pushed.json.proposals.add).toBeGreaterThan(10);
    const scan = (await api('GET', `${P()}/imports/${pushed.json.scanId}`, { session: owner })).json;
    expect(scan).toMatchObject({ state: 'completed', commitSha: 'e'.repeat(40), sourceId: pushed.json.sourceId, isComplete: true });
    const source = (await api('GET', `${P()}/sources/${pushed.json.sourceId}`, { session: owner })).json;
    expect(source).toMatchObject({ kind: 'push', name: 'shop checkout', slug: 'shop-checkout' });
    const snapshots = (await api('GET', `${P()}/sources/${pushed.json.sourceId}/snapshots`, { session: owner })).json.items;
    expect(snapshots[0]).toMatchObject({ id: pushed.json.snapshotId, commitSha: 'e'.repeat(40) });
    const again = await api('POST', `${P()}/sources/push`, { token: pushToken, json: body });
    expect(again.status).toBe(201);
    expect(again.json.sourceId).toBe(pushed.json.sourceId);
  });

  it('refusals: other rules 409, a name of another kind 409, a bad fact 400 on its field, over 24 MB 413, a person or a read token 403', async () => {
    const rules = await api('POST', `${P()}/sources/push`, { token: pushToken, json: { ...body, rules: [{ name: 'extraction', version: '0000000000000000' }] } });
    expect(expectProblem(rules, 409).detail).toMatch(/Update the svc command-line tool/);
    await api('POST', `${P()}/sources`, { session: owner, json: { kind: 'archive', name: 'Taken', repository: null } });
    expectProblem(await api('POST', `${P()}/sources/push`, { token: pushToken, json: { ...body, name: 'taken' } }), 409);
    const badFact = await api('POST', `${P()}/sources/push`, { token: pushToken, json: { ...body, facts: [{ ...(body.facts as object[])[0], key: 'nope' }] } });
    expect(expectProblem(badFact, 400).errors[0]!.field).toBe('facts[0].key');
    // Only the head and a few bytes are sent: the 413 comes before the body is read (sending it all races the early answer).
    const head = [`POST ${P()}/sources/push HTTP/1.1`, 'Host: 127.0.0.1', `Authorization: Bearer ${pushToken}`, 'Content-Type: application/json', `Content-Length: ${25_165_824 + 1}`, '', ''].join('\r\n');
    expectProblem(await rawRequest(service.url, [head, '{"name":'], 5_000), 413);
    expectProblem(await api('POST', `${P()}/sources/push`, { session: owner, json: body, headers: { origin: service.url } }), 403);
    expectProblem(await api('POST', `${P()}/sources/push`, { token: readToken, json: body }), 403);
  });

  it('text PostgreSQL cannot store (U+0000, a lone surrogate) anywhere the server keeps it is 400 naming the field; no scan is left behind', async () => {
    const scans = async () => (await api('GET', `${P()}/imports`, { session: owner })).json.items.map((scan: { id: string; state: string }) => `${scan.id}|${scan.state}`);
    const before = await scans();
    const facts = body.facts as { evidence: { path: string }[] }[];
    const files = body.files as { path: string }[];
    const fact = facts[0]!;
    const cases: [Record<string, unknown>, string][] = [
      [{ files: [{ ...files[0], path: 'src/a\u0000.json' }] }, 'files[0].path'],
      [{ facts: [{ ...fact, evidence: [{ ...fact.evidence[0], path: 'src/\ud800.json' }] }] }, 'facts[0].evidence[0].path'],
      [{ skipped: [{ path: 'bin/\u0000', reason: 'invalid-path' }] }, 'skipped[0].path'],
      [{ extractionGap: 'gap \u0000' }, 'extractionGap'],
      [{ scope: { ...(body.scope as object), excludeGlobs: ['**/\udfff'] } }, 'scope.excludeGlobs[0]'],
      [{ diagnostics: { extractors: [{ extractor: 'npm', filesRead: 1, factsMade: 1, notes: ['1 file: \u0000'] }], leftOut: [], notes: [] } }, 'diagnostics.extractors[0].notes[0]'],
    ];
    for (const [change, field] of cases) {
      const answer = await api('POST', `${P()}/sources/push`, { token: pushToken, json: { ...body, name: 'bad text', ...change } });
      expect(expectProblem(answer, 400, 'validation_error').errors.map((e) => e.field)).toEqual([field]);
    }
    expect(await scans()).toEqual(before);
  });
});
