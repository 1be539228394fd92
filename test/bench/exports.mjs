// `npm run bench -- exports [--runs N]`: the cost of the three diagram exports
// (part 1 "Diagram and model exports") on a 300-element view with 1000
// relationships: the SVG, the flowchart and the architecture DSL. The
// renderers are TypeScript in lib/render: bundled here with esbuild (as the
// infra:template script does) into node_modules/.cache/svc-bench/, then
// imported. Each renderer gets a warm-up, then N timed runs; the median and
// the slowest are printed. Target: median <= 50 ms each.
import { performance } from 'node:perf_hooks';
import { bundleTypeScript, readOptions, verdict } from './bench-support.mjs';

const targetMs = 50;

function parseArgs(args) {
  const options = readOptions(args, { runs: 30, warmup: 5 }, '--runs N, default 30; --warmup N, default 5');
  if (!(options.runs >= 1)) throw new Error('--runs must be at least 1');
  return options;
}

/** The three renderers, bundled from lib/render (TypeScript). */
function loadRenderers() {
  return bundleTypeScript(
    'exports-renderers',
    [
      "export { renderViewSvg } from './lib/render/render-view-svg';",
      "export { renderViewFlowchart } from './lib/render/render-view-flowchart';",
      "export { renderArchitectureDsl } from './lib/render/render-architecture-dsl';",
    ].join('\n'),
  );
}

const guid = (n) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const kinds = ['actor', 'system', 'app', 'store', 'component'];
const facts = ['declared', 'declared', 'observed-in-source', 'inferred', 'measured', 'unknown'];
const shapes = [null, 'curve', 'straight', 'step'];

/** 300 top-level elements, 1000 relationships between them, 100 saved positions; the same every run (a fixed LCG). */
function bigModel() {
  let seed = 42;
  const random = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const fact = (i) => ({ factStatus: facts[i % facts.length], provenance: null, stale: i % 17 === 0 ? { sinceRevision: guid(9999), reason: 'code moved' } : null });
  const elements = new Map();
  for (let i = 1; i <= 300; i++) {
    const id = guid(i);
    elements.set(id, {
      id,
      kind: kinds[i % kinds.length],
      name: `Service ${String(i).padStart(3, '0')} <${i % 7 === 0 ? 'edge & "core"' : 'main'}>`,
      description: `Handles part ${i} of the order flow: validates input, calls its dependencies and records what happened for the audit trail.`,
      technology: i % 3 === 0 ? null : `Node.js ${18 + (i % 5)}`,
      status: 'current',
      parentId: null,
      tags: ['bench'],
      icon: null,
      ...fact(i),
    });
  }
  // A few children, so count badges show and the DSL has containers.
  for (let i = 301; i <= 340; i++) {
    const id = guid(i);
    elements.set(id, { id, kind: 'app', name: `Part ${i}`, description: null, technology: 'Go', status: 'current', parentId: guid(2 + 5 * (i % 50)), tags: [], icon: null, ...fact(i) });
  }
  const relationships = new Map();
  for (let i = 1; i <= 1000; i++) {
    const id = guid(10_000 + i);
    const from = 1 + random(300);
    const to = 1 + random(300);
    relationships.set(id, {
      id,
      fromId: guid(from),
      toId: guid(to),
      label: `Calls operation ${i}`,
      technology: i % 4 === 0 ? null : 'HTTPS',
      kind: i % 3 === 0 ? 'behavioural' : 'structural',
      lineShape: shapes[i % shapes.length],
      ...fact(i),
    });
  }
  const empty = () => new Map();
  const model = { element: elements, relationship: relationships, message: empty(), schema: empty(), operation: empty(), channel: empty(), subscription: empty(), binding: empty() };
  const positions = [];
  for (let i = 1; i <= 100; i++) positions.push({ elementId: guid(i * 3), x: (i % 10) * 340, y: Math.floor(i / 10) * 200 });
  const view = { id: guid(50_000), projectId: guid(60_000), name: 'Everything', rootElementId: null, positions, createdAt: '', updatedAt: '' };
  return { model, view };
}

function time(fn, { runs, warmup }) {
  let output;
  for (let i = 0; i < warmup; i++) output = fn();
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    output = fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  // The upper middle sample for an even count (not the shared median(), which averages the two).
  return { median: samples[Math.floor(samples.length / 2)], max: samples[samples.length - 1], bytes: Buffer.byteLength(output) };
}

export async function main(args) {
  const options = parseArgs(args);
  const { renderViewSvg, renderViewFlowchart, renderArchitectureDsl } = await loadRenderers();
  const { model, view } = bigModel();
  const source = { kind: 'revision', id: guid(70_000), name: 'Bench', modelVersion: 1 };
  const cases = [
    ['svg', () => renderViewSvg({ model, view, source })],
    ['flowchart', () => renderViewFlowchart({ model, view, source })],
    ['dsl', () => renderArchitectureDsl({ projectName: 'Bench', model, views: [view], source })],
  ];
  console.log(`view of ${model.element.size - 40} top-level elements (+40 children), ${model.relationship.size} relationships; ${options.warmup} warm-up runs, then ${options.runs} timed runs each`);
  let met = true;
  for (const [name, fn] of cases) {
    const result = time(fn, options);
    const ok = result.median <= targetMs;
    met &&= ok;
    console.log(`${name.padEnd(10)} median ${result.median.toFixed(2).padStart(7)} ms   slowest ${result.max.toFixed(2).padStart(7)} ms   ${String(result.bytes).padStart(8)} bytes   (target <= ${targetMs} ms: ${verdict(ok)})`);
  }
  if (!met) process.exitCode = 1;
}
