import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The import rules of .dependency-cruiser.cjs over the service's code (docs/architecture.md
 * "Import rules" and "Layers"), with no cycle between folders of lib/, and proof that the rules
 * bite: a cycle, an endpoint's import of the database layer, imports against the layers and a
 * cycle of two folders, each written into a fixture folder outside the service's code, are found.
 */

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
  cycle?: { name: string }[];
}

interface Cruise {
  modules: { source: string; dependencies: { resolved: string }[] }[];
  summary: { violations: Violation[] };
}

async function cruise(...folders: string[]): Promise<Cruise> {
  const { stdout } = await run(process.execPath, [path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), '--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...folders], { cwd: root, maxBuffer: 64 * 1024 * 1024 }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return JSON.parse(stdout) as Cruise;
}

async function violationsOf(...folders: string[]): Promise<Violation[]> {
  return (await cruise(...folders)).summary.violations;
}

const describeViolation = (v: Violation) => `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (${v.cycle.map((step) => step.name).join(' → ')})` : ''}`;

/**
 * Cycles between the folders of `lib/`'s layers (`platform/http`, `core/model`, `features/costs`…:
 * each folder one node, an import between two files of
 * different folders one edge): dependency-cruiser judges files, so the folders' graph is made from
 * its answer here, and each cycle is named with one import per edge so a reader sees what to cut.
 */
function folderCycles(result: Cruise, libRoot: string): string[] {
  const folderOf = (file: string) => (file.startsWith(libRoot) ? file.slice(libRoot.length).split('/').slice(0, 2).join('/') : null);
  const edges = new Map<string, Map<string, string>>();
  for (const module of result.modules) {
    const from = folderOf(module.source);
    if (from === null) continue;
    for (const dependency of module.dependencies) {
      const to = folderOf(dependency.resolved);
      if (to === null || to === from) continue;
      const out = edges.get(from) ?? new Map<string, string>();
      if (!out.has(to)) out.set(to, `${module.source} → ${dependency.resolved}`);
      edges.set(from, out);
    }
  }
  // Tarjan's strongly connected components: every component of more than one folder is a cycle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[] = [];
  const visit = (folder: string) => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder)!);
    stack.push(folder);
    for (const next of edges.get(folder)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(folder, Math.min(low.get(folder)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(folder, Math.min(low.get(folder)!, index.get(next)!));
    }
    if (low.get(folder) !== index.get(folder)) return;
    const component: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      component.push(member);
      if (member === folder) break;
    }
    if (component.length < 2) return;
    const members = new Set(component);
    const via = [...members].sort().flatMap((a) => [...(edges.get(a) ?? [])].filter(([b]) => members.has(b)).map(([, example]) => example));
    cycles.push(`${[...members].sort().join(' ↔ ')}: ${via.join('; ')}`);
  };
  for (const folder of [...edges.keys()].sort()) if (!index.has(folder)) visit(folder);
  return cycles;
}

describe('import rules', () => {
  it('the service code keeps every rule, and no two folders of lib/ import each other, however indirectly', async () => {
    const result = await cruise('lib', 'functions', 'jobs', 'local', 'contracts');
    expect(result.summary.violations.map(describeViolation)).toEqual([]);
    expect(folderCycles(result, 'lib/')).toEqual([]);
  }, 60_000);

  it('the web client imports no server code but the answer types the rule lists', async () => {
    expect((await violationsOf('web/src')).map(describeViolation)).toEqual([]);
  }, 60_000);

  it('finds imports against the layers, the core naming HTTP, a feature raising an HTTP problem, contracts reaching the server, the web client importing the server or a contract\'s code, and a cycle of two folders', async () => {
    const result = await cruise('test/fixtures/layers');
    expect(result.summary.violations.map(describeViolation).sort()).toEqual([
      'contracts-depend-on-nothing: test/fixtures/layers/contracts/answers.ts → test/fixtures/layers/lib/features/costs/sheet.ts',
      'core-below-features: test/fixtures/layers/lib/core/model/uses-a-feature.ts → test/fixtures/layers/lib/features/costs/sheet.ts',
      'core-without-http: test/fixtures/layers/lib/core/model/uses-http.ts → test/fixtures/layers/lib/platform/http/problem.ts',
      'domain-raises-typed-errors: test/fixtures/layers/lib/core/model/uses-http.ts → test/fixtures/layers/lib/platform/http/problem.ts',
      'domain-raises-typed-errors: test/fixtures/layers/lib/features/billing/raises-http.ts → test/fixtures/layers/lib/platform/http/problem.ts',
      'platform-below-everything: test/fixtures/layers/lib/platform/http/uses-the-model.ts → test/fixtures/layers/lib/core/model/uses-a-feature.ts',
      'web-client-only-through-contracts: test/fixtures/layers/web/src/screen.ts → test/fixtures/layers/lib/features/costs/sheet.ts',
      'web-reads-contracts-as-types: test/fixtures/layers/web/src/reads-contract-values.ts → test/fixtures/layers/contracts/answers.ts',
    ]);
    // The layer fixtures make a cycle of their own (platform/http → core/model → platform/http) beside the one made on purpose.
    expect(folderCycles(result, 'test/fixtures/layers/lib/').sort()).toEqual([
      'core/model ↔ platform/http: test/fixtures/layers/lib/core/model/uses-http.ts → test/fixtures/layers/lib/platform/http/problem.ts; test/fixtures/layers/lib/platform/http/uses-the-model.ts → test/fixtures/layers/lib/core/model/uses-a-feature.ts',
      'features/costs ↔ features/prices: test/fixtures/layers/lib/features/costs/sheet-prices.ts → test/fixtures/layers/lib/features/prices/price.ts; test/fixtures/layers/lib/features/prices/price.ts → test/fixtures/layers/lib/features/costs/sheet.ts',
    ]);
  }, 60_000);

  it('finds a cycle of two files', async () => {
    const found = await violationsOf('test/fixtures/import-cycle');
    expect(found.map((v) => v.rule.name)).toContain('no-file-cycles');
  }, 60_000);

  it('finds an endpoint module importing the database layer, a type included', async () => {
    const found = await violationsOf('test/fixtures/endpoint-imports-database');
    expect(found.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toContain('endpoints-never-touch-the-database: test/fixtures/endpoint-imports-database/read-rows.ts → lib/platform/db/schema.ts');
  }, 60_000);
});
