import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractFiles } from '../../lib/core/extract/extract-files';
import { extractionRulesVersion } from '../../lib/core/extract/rules-version';
import { scanDiagnosticsSchema, type ScanDiagnostics } from '../../lib/core/extract/scan-diagnostics';
import { walkDirectory } from '../../lib/core/extract/walk-directory';
import { call, sessionCookieOf, strongPassword, type CallOptions } from '../support/http-client';
import { startServiceProcess, temporaryDirectory, type ServiceProcess } from '../support/service-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * The diagnostics of a scan in its detail (GET P/imports/{importId};
 * docs/extraction.md "Diagnostics"): a folder scan answers what each
 * extractor read and found and why a folder gave nothing; a push stores the
 * diagnostics it sends, and a push without them still works and answers null,
 * as a trace upload does (no extractor read it).
 */
const setupToken = 'scan-diagnostics-setup-token-0';
const fixture = resolve(import.meta.dirname, '../fixtures/shop');
const attr = (key: string, value: string) => ({ key, value: { stringValue: value } });

describe('scan diagnostics over HTTP', () => {
  let database: TestDatabase;
  let service: ServiceProcess;
  let root: string;
  let owner: string;
  let workspaceId: string;
  let projectId: string;
  const api = (method: string, path: string, options: CallOptions = {}) => call(service.url, method, path, { session: owner, ...options });
  const P = () => `/api/projects/${projectId}`;

  async function folderScan(path: string, name: string): Promise<any> {
    const source = await api('POST', `${P()}/sources`, { json: { kind: 'directory', name, repository: null, path } });
    expect(source.status, source.text).toBe(201);
    const started = await api('POST', `${P()}/sources/${source.json.id}/scans`, { json: { ref: null, includePaths: null, excludePaths: null } });
    expect(started.status, started.text).toBe(202);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const scan = await api('GET', `${P()}/imports/${started.json.scanId}`);
      expect(scan.status).toBe(200);
      if (['completed', 'failed', 'cancelled'].includes(scan.json.state)) return scan.json;
      if (Date.now() > deadline) throw new Error(`scan still ${scan.json.state}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  beforeAll(async () => {
    root = await temporaryDirectory('svc-scan-diagnostics-');
    await cp(fixture, join(root, 'shop'), { recursive: true });
    await mkdir(join(root, 'network'), { recursive: true });
    await writeFile(join(root, 'network', 'vpc.tf'), 'resource "aws_vpc" "main" {\n  cidr_block = "10.0.0.0/16"\n}\n');
    await writeFile(join(root, 'network', 'subnet.tf'), 'resource "aws_subnet" "a" {\n  vpc_id = aws_vpc.main.id\n}\n');
    database = await createTestDatabase();
    service = await startServiceProcess({ ConnectionStrings__DefaultConnection: database.url, Svc__SetupToken: setupToken, Svc__SourcesRoot: root });
    const setup = await call(service.url, 'POST', '/api/setup', { json: { setupToken, email: 'owner@example.test', password: strongPassword, name: 'Olive Owner' } });
    owner = sessionCookieOf(setup).value;
    workspaceId = setup.json.workspace.id;
    projectId = (await api('POST', `/api/workspaces/${workspaceId}/projects`, { json: { name: 'Diagnosed', description: '' } })).json.id;
  }, 120_000);

  afterAll(async () => {
    await service?.stop();
    await database?.drop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('a folder scan answers per extractor the files it read and what it found', async () => {
    const scan = await folderScan('shop', 'Shop folder');
    expect(scan.state).toBe('completed');
    const diagnostics = scanDiagnosticsSchema.parse(scan.diagnostics);
    const byName = new Map(diagnostics.extractors.map((entry) => [entry.extractor, entry]));
    expect(byName.get('dockerfile')).toMatchObject({ filesRead: 2 });
    expect(byName.get('dockerfile')!.factsMade).toBeGreaterThan(0);
    expect(byName.get('docker-compose')).toMatchObject({ filesRead: 1 });
    expect(byName.get('terraform')).toMatchObject({ filesRead: 0, factsMade: 0 });
    expect(diagnostics.extractors.reduce((sum, entry) => sum + entry.filesRead, 0)).toBeGreaterThan(0);
    // The fixture gives facts: no whole-scan note says why it gave none.
    expect(diagnostics.notes.some((note) => note.includes('read ('))).toBe(false);
  });

  it('a folder scan that made no fact says why, per extractor', async () => {
    const scan = await folderScan('network', 'Network folder');
    expect(scan).toMatchObject({ state: 'completed', filesRead: 2 });
    expect(scan.diagnostics.extractors.find((entry: { extractor: string }) => entry.extractor === 'terraform')).toEqual({
      extractor: 'terraform',
      filesRead: 2,
      factsMade: 0,
      notes: ['1 file: resource kind aws_subnet is not mapped (subnet.tf)', '1 file: resource kind aws_vpc is not mapped (vpc.tf)'],
    });
    expect(scan.diagnostics.notes).toEqual(['2 .tf files read (terraform): no resource kind this scanner maps (aws_subnet, aws_vpc)']);
  });

  describe('pushes', () => {
    let pushToken: string;
    let body: Record<string, unknown>;
    let diagnostics: ScanDiagnostics;

    beforeAll(async () => {
      pushToken = (await api('POST', `/api/workspaces/${workspaceId}/agent-tokens`, { json: { name: 'ci', scopes: ['push'], projectId: null, expiresAt: null } })).json.token;
      const result = await extractFiles(walkDirectory(fixture), {});
      diagnostics = {
        ...result.diagnostics,
        leftOut: [{ path: 'tests/Shop.Tests/Shop.Tests.csproj', name: 'Shop.Tests', reason: 'test project (Microsoft.NET.Test.Sdk)' }],
        notes: ['1 file that may hold facts was skipped as secrets (by name or content; never read into facts): appsettings.json'],
      };
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

    it('a push with diagnostics stores them and the scan detail answers them as sent', async () => {
      const pushed = await api('POST', `${P()}/sources/push`, { session: undefined, token: pushToken, json: { ...body, diagnostics } });
      expect(pushed.status, pushed.text).toBe(201);
      const scan = (await api('GET', `${P()}/imports/${pushed.json.scanId}`)).json;
      expect(scan.diagnostics).toEqual(diagnostics);
    });

    it('a push without diagnostics still works and answers null; a malformed one is refused', async () => {
      const pushed = await api('POST', `${P()}/sources/push`, { session: undefined, token: pushToken, json: { ...body, name: 'plain push' } });
      expect(pushed.status, pushed.text).toBe(201);
      expect((await api('GET', `${P()}/imports/${pushed.json.scanId}`)).json).toMatchObject({ state: 'completed', diagnostics: null });
      const malformed = await api('POST', `${P()}/sources/push`, { session: undefined, token: pushToken, json: { ...body, name: 'bad push', diagnostics: { extractors: [{ extractor: 'x', filesRead: -1, factsMade: 0, notes: [] }], leftOut: [], notes: [] } } });
      expect(malformed.status, malformed.text).toBe(400);
      expect(malformed.json.errors.map((error: { field: string }) => error.field).join(' ')).toContain('diagnostics');
    });
  });

  it('a trace upload, read by no extractor, answers null diagnostics', async () => {
    const sourceId = (await api('POST', `${P()}/sources`, { json: { kind: 'upload', name: 'Traces', repository: null } })).json.id;
    const otlp = {
      resourceSpans: [
        { resource: { attributes: [attr('service.name', 'web')] }, scopeSpans: [{ spans: [{ traceId: 't1', spanId: 'a' }] }] },
        { resource: { attributes: [attr('service.name', 'orders')] }, scopeSpans: [{ spans: [{ traceId: 't1', spanId: 'b', parentSpanId: 'a', kind: 2, attributes: [attr('http.method', 'GET')] }] }] },
      ],
    };
    const upload = await api('POST', `${P()}/sources/${sourceId}/traces?fileName=trace.json`, { body: JSON.stringify(otlp), headers: { 'content-type': 'application/json' } });
    expect(upload.status, upload.text).toBe(202);
    expect((await api('GET', `${P()}/imports/${upload.json.scanId}`)).json).toMatchObject({ state: 'completed', diagnostics: null });
  });
});
