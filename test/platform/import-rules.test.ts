import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The import rules of .dependency-cruiser.cjs over the service's code (docs/architecture.md
 * "Import rules"), and proof that the rules bite: a cycle and an endpoint's import of the database
 * layer, each written into a fixture folder outside the service's code, are found.
 */

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
  cycle?: { name: string }[];
}

async function violationsOf(...folders: string[]): Promise<Violation[]> {
  const { stdout } = await run(process.execPath, [path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), '--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...folders], { cwd: root, maxBuffer: 64 * 1024 * 1024 }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('import rules', () => {
  it('the service code keeps every rule', async () => {
    const found = await violationsOf('lib', 'functions', 'jobs', 'local');
    expect(found.map((v) => `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (${v.cycle.map((step) => step.name).join(' → ')})` : ''}`)).toEqual([]);
  }, 60_000);

  it('finds a cycle of two files', async () => {
    const found = await violationsOf('test/fixtures/import-cycle');
    expect(found.map((v) => v.rule.name)).toContain('no-file-cycles');
  }, 60_000);

  it('finds an endpoint module importing the database layer, a type included', async () => {
    const found = await violationsOf('test/fixtures/endpoint-imports-database');
    expect(found.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toContain('endpoints-never-touch-the-database: test/fixtures/endpoint-imports-database/read-rows.ts → lib/db/schema.ts');
  }, 60_000);
});
