// `npm run bench -- exports [--runs N]`: the cost of the three diagram exports
// (part 1 "Diagram and model exports") on a 300-element view with 1000
// relationships: the SVG, the flowchart and the architecture DSL. The
// renderers are TypeScript in lib/core/render: bundled here with esbuild (as the
// infra:template script does) into node_modules/.cache/svc-bench/, then
// imported. Each renderer gets a warm-up, then N timed runs; the median and
// the slowest are printed. Target: median <= 50 ms each.
import { performance } from 'node:perf_hooks';
import { guid, largeViewModel } from './bench-models.mjs';
import { bundleTypeScript, readOptions, verdict } from './bench-support.mjs';

const targetMs = 50;

function parseArgs(args) {
  const options = readOptions(args, { runs: 30, warmup: 5 }, '--runs N, default 30; --warmup N, default 5');
  if (!(options.runs >= 1)) throw new Error('--runs must be at least 1');
  return options;
}

/** The three renderers, bundled from lib/core/render (TypeScript). */
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
  const { model, view } = largeViewModel();
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
