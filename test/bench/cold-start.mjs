// `npm run bench -- cold-start [--runs N] [--before DIR]`: what a function group's bundle costs a cold start.
//
// For every group bundle (dist/functions/<group>/handler.mjs) a fresh Node process imports the
// bundle and reports how long the import took (reading, parsing and evaluating the module and the
// chunks it loads at once); the baseline in the same run is a fresh process importing an empty
// module. With --before, the same groups of another build (a dist/ folder built from an earlier
// commit) are measured in the same run, alternating with this build's, so the ratio after/before
// is read on one machine at one time. Runs alternate candidate and baseline; medians are compared.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fmt, median, readOptions, repositoryRoot, tableRow } from './bench-support.mjs';

const probe = join(tmpdir(), 'svc-cold-start-probe.mjs');
const empty = join(tmpdir(), 'svc-cold-start-empty.mjs');

/** Milliseconds a fresh process spends importing `file`. */
function importMs(file) {
  const out = execFileSync(process.execPath, [probe, pathToFileURL(file).href], { encoding: 'utf8', env: { PATH: process.env.PATH, HOME: process.env.HOME } });
  return Number(out.trim());
}

/** Bytes of the handler file: chunks loaded only on demand (telemetry) are not read by a cold start. */
function bundleBytes(folder) {
  return statSync(join(folder, 'handler.mjs')).size;
}

export async function main(args) {
  // --before takes a folder, which readOptions (numbers only) does not read.
  const at = args.findIndex((a) => a === '--before' || a.startsWith('--before='));
  const beforeArg = at < 0 ? null : args[at].includes('=') ? args[at].slice('--before='.length) : args[at + 1];
  const rest = at < 0 ? args : args.filter((_, i) => i !== at && !(i === at + 1 && !args[at].includes('=')));
  const options = readOptions(rest, { runs: 7 }, '--runs N (default 7); --before DIR: a dist/ folder of another build to compare with');
  writeFileSync(probe, "const start = performance.now(); await import(process.argv[2]); process.stdout.write(String(performance.now() - start));\n");
  writeFileSync(empty, 'export {};\n');
  const after = join(repositoryRoot, 'dist/functions');
  const before = beforeArg ? resolve(beforeArg, 'functions') : null;
  const groups = readdirSync(after).filter((g) => existsSync(join(after, g, 'handler.mjs'))).sort();
  const baseline = [];
  const rows = [];
  for (const group of groups) {
    const beforeGroup = before && existsSync(join(before, group, 'handler.mjs')) ? join(before, group, 'handler.mjs') : null;
    const a = [];
    const b = [];
    for (let run = 0; run < options.runs; run++) {
      baseline.push(importMs(empty));
      a.push(importMs(join(after, group, 'handler.mjs')));
      if (beforeGroup) b.push(importMs(beforeGroup));
    }
    rows.push({ group, afterMs: median(a), beforeMs: beforeGroup ? median(b) : null, afterBytes: bundleBytes(join(after, group)), beforeBytes: beforeGroup ? bundleBytes(join(before, group)) : null });
  }
  const base = median(baseline);
  const widths = [14, 12, 12, 9, 12, 12, 9];
  console.log(`empty module import (baseline): ${fmt(base, 2)} ms median over ${baseline.length} processes`);
  console.log(tableRow(['group', 'after KB', 'before KB', 'size', 'after ms', 'before ms', 'ratio'], widths));
  for (const r of rows) {
    console.log(
      tableRow(
        [r.group, fmt(r.afterBytes / 1024), r.beforeBytes === null ? '-' : fmt(r.beforeBytes / 1024), r.beforeBytes ? fmt(r.afterBytes / r.beforeBytes, 2) : '-', fmt(r.afterMs, 1), r.beforeMs === null ? '-' : fmt(r.beforeMs, 1), r.beforeMs ? fmt(r.afterMs / r.beforeMs, 2) : '-'],
        widths,
      ),
    );
  }
  const compared = rows.filter((r) => r.beforeMs !== null);
  if (compared.length > 0) {
    const ratio = median(compared.map((r) => r.afterMs / r.beforeMs));
    console.log(`median over ${compared.length} groups: import time after/before ${fmt(ratio, 2)}; after/baseline ${fmt(median(rows.map((r) => r.afterMs)) / base, 1)}`);
  }
}
