import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnosticsSummary } from '../../cli/diagnostics-summary';
import { runScanCommand } from '../../cli/run-scan-command';
import { scanDiagnosticsSchema, type ScanDiagnostics } from '../../lib/core/extract/scan-diagnostics';
import { temporaryDirectory } from '../support/service-process';

/**
 * What `svc scan --dry-run` tells a person about a checkout it found nothing
 * in: which extractors read which files, why nothing came of them, and the
 * files skipped as secrets that might have held facts (named, never quoted);
 * the `--payload` file carries the whole record.
 */
describe('svc scan diagnostics', () => {
  let folder: string;

  beforeAll(async () => {
    folder = await temporaryDirectory('svc-cli-diagnostics-');
    await mkdir(join(folder, 'infra', 'network'), { recursive: true });
    await writeFile(join(folder, 'infra', 'network', 'vpc.tf'), 'resource "aws_vpc" "main" {\n  cidr_block = "10.0.0.0/16"\n}\n');
    await writeFile(join(folder, 'infra', 'network', 'dns.tf'), 'resource "aws_route53_zone" "main" {\n  name = "example.com"\n}\n');
    await writeFile(join(folder, 'infra', 'docker-compose.yml'), 'services:\n  api:\n    image: shop/api\n    environment:\n      KEY: "-----BEGIN RSA PRIVATE KEY-----"\n');
    await writeFile(join(folder, 'infra', 'README.md'), '# Network\n');
  });

  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('--dry-run prints below the counts what each extractor read, why no fact came of it and which secrets hid files', async () => {
    const stdout: string[] = [];
    const stderr: string[] = [];
    const code = await runScanCommand(['infra', '--dry-run', '--payload', 'payload.json'], { env: {}, cwd: folder, stdout: (t) => stdout.push(t), stderr: (t) => stderr.push(t), version: 'test' });
    expect(code, stderr.join('')).toBe(0);
    const lines = stdout.join('').split('\n');
    expect(lines[0]).toContain('infra: dry run, nothing pushed');
    expect(lines[0]).toContain('4 files read, 1 skipped, 0 facts');
    expect(lines.slice(1)).toEqual([
      '  read: terraform 2 files, 0 found',
      '  note: 2 .tf files read (terraform): no resource kind this scanner maps (aws_route53_zone, aws_vpc)',
      '  note: 1 file that may hold facts was skipped as secrets (by name or content; never read into facts): docker-compose.yml',
      '  terraform: 1 file: resource kind aws_route53_zone is not mapped (network/dns.tf)',
      '  terraform: 1 file: resource kind aws_vpc is not mapped (network/vpc.tf)',
      '',
    ]);
    expect(stdout.join('')).not.toContain('PRIVATE KEY');

    const [body] = JSON.parse(await readFile(join(folder, 'payload.json'), 'utf8'));
    const diagnostics = scanDiagnosticsSchema.parse(body.diagnostics);
    expect(diagnostics.extractors.find((entry) => entry.extractor === 'terraform')).toEqual({
      extractor: 'terraform',
      filesRead: 2,
      factsMade: 0,
      notes: ['1 file: resource kind aws_route53_zone is not mapped (network/dns.tf)', '1 file: resource kind aws_vpc is not mapped (network/vpc.tf)'],
    });
    expect(diagnostics.notes).toHaveLength(2);
  });

  it('keeps the summary short: at most a few lines of each part, then how many more', () => {
    const diagnostics: ScanDiagnostics = {
      extractors: [
        { extractor: 'terraform', filesRead: 40, factsMade: 0, notes: Array.from({ length: 9 }, (_, i) => `1 file: resource kind kind_${i} is not mapped (m${i}.tf)`) },
        { extractor: 'csproj', filesRead: 30, factsMade: 30, notes: [] },
        { extractor: 'openapi', filesRead: 0, factsMade: 0, notes: [] },
      ],
      leftOut: Array.from({ length: 25 }, (_, i) => ({ path: `tests/T${i}/T${i}.csproj`, name: `T${i}`, reason: 'test project (Microsoft.NET.Test.Sdk)' })),
      notes: Array.from({ length: 6 }, (_, i) => `note ${i}`),
    };
    const lines = diagnosticsSummary(diagnostics);
    expect(lines.length).toBeLessThanOrEqual(22);
    expect(lines[0]).toBe('  read: terraform 40 files, 0 found; csproj 30 files, 30 found\n');
    expect(lines).toContain('  left out: T0 (tests/T0/T0.csproj): test project (Microsoft.NET.Test.Sdk)\n');
    expect(lines).toContain('  and 15 more left out\n');
    expect(lines).toContain('  and 2 more notes\n');
    expect(lines).toContain('  terraform: 1 file: resource kind kind_0 is not mapped (m0.tf)\n');
    expect(lines.at(-1)).toBe('  and 5 more extractor notes (all of them are in the --payload file)\n');
  });
});
