// `npm run bench -- extract-real [--only slug,slug] [--verbose] [--gate] [--mirrors DIR] [--shared DIR] [--baseline-files N | --no-baseline]`:
// how well `svc scan` recovers the real architecture of public multi-service repositories, with the scan's speed beside it.
//
// The scoring is not ours: the shared scorer (score.mjs in the shared realrepos folder, default /work/shared/realrepos,
// SVC_REALREPOS_SHARED or --shared) is copied unchanged into a temporary folder together with every truth file beside it
// and every truth file of test/bench/realrepos/ (ours), and run there from this checkout. It writes each truth file's
// pinned commit out of its repository's mirror (SVC_MIRROR_ROOT or --mirrors, default /work/.mirror: the folder holding
// owner+name/ as the `fetch` tool leaves them), scans it with `node cli/svc.mjs scan <dir> --dry-run`, and prints per
// repository element precision/recall, relationship precision/recall, merged and duplicate boxes, stores as stores and
// the scan time. Then, in the same run: scan speed per repository (files the scan read per second) and the baseline: the
// same command on the scan bench's generated repository (`npm run bench -- scan` measures that tree over HTTP) and on an
// empty folder (the fixed cost of starting the command), so a reader sees speed beside the score.
//
// Not part of CI. Exit 2 on a broken setup (no scorer, no CLI), 1 when a repository could not be scored (a missing
// mirror prints how to fetch it; a failed scan), 0 otherwise. The scorer's thresholds end its output with PASS or FAIL;
// with --gate that verdict is the exit code too.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, repositoryRoot } from './bench-support.mjs';
import { generateRepository } from './scan.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const ownTruthDirectory = join(here, 'realrepos');
const defaultSharedDirectory = '/work/shared/realrepos';
const defaultMirrorRoot = '/work/.mirror';
const cli = join(repositoryRoot, 'cli', 'svc.mjs');
const usage =
  'npm run bench -- extract-real [--only slug,slug] [--verbose] [--gate] [--mirrors DIR] [--shared DIR] [--baseline-files N | --no-baseline]';

function parseArgs(args) {
  const options = {
    only: process.env.REALREPOS_ONLY ?? null,
    verbose: Boolean(process.env.REALREPOS_VERBOSE),
    gate: false,
    mirrors: process.env.SVC_MIRROR_ROOT || defaultMirrorRoot,
    shared: process.env.SVC_REALREPOS_SHARED || defaultSharedDirectory,
    baselineFiles: 2000,
  };
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].split(/=(.*)/s, 2);
    const value = () => {
      const v = inline ?? args[++i];
      if (v === undefined) throw new Error(`${flag} needs a value (${usage})`);
      return v;
    };
    if (flag === '--only') options.only = value();
    else if (flag === '--verbose') options.verbose = true;
    else if (flag === '--gate') options.gate = true;
    else if (flag === '--mirrors') options.mirrors = value();
    else if (flag === '--shared') options.shared = value();
    else if (flag === '--no-baseline') options.baselineFiles = 0;
    else if (flag === '--baseline-files') options.baselineFiles = Number(value());
    else throw new Error(`unknown option ${args[i]} (${usage})`);
  }
  if (!(Number.isInteger(options.baselineFiles) && (options.baselineFiles === 0 || options.baselineFiles >= 200))) {
    throw new Error('--baseline-files must be a whole number of at least 200');
  }
  return options;
}

const truthFiles = (directory) => readdirSync(directory).filter((f) => f.endsWith('.truth.json')).sort();

/** The same places the scorer looks for a repository's bare git directory. */
function mirrorGitDirectory(mirrorRoot, repo) {
  const base = join(mirrorRoot, repo.replace('/', '+'));
  return [join(base, 'repo', '.git'), join(base, 'repo'), base].find((d) => existsSync(join(d, 'HEAD')) && existsSync(join(d, 'objects'))) ?? null;
}

/** Truth files whose mirror or pinned commit is absent, each with what to do about it. */
function missingMirrors(mirrorRoot, truths) {
  const missing = [];
  for (const { slug, repo, commit } of truths) {
    const gitDir = mirrorGitDirectory(mirrorRoot, repo);
    const commitThere = gitDir && spawnSync('git', ['--git-dir', gitDir, 'cat-file', '-e', `${commit}^{commit}`]).status === 0;
    if (!gitDir) missing.push({ slug, repo, commit, problem: `no mirror under ${join(mirrorRoot, repo.replace('/', '+'))}` });
    else if (!commitThere) missing.push({ slug, repo, commit, problem: `commit ${commit.slice(0, 10)} is not in ${gitDir}` });
  }
  return missing;
}

function printFetchHelp(mirrorRoot, missing) {
  console.log(`\n${missing.length} repositor${missing.length === 1 ? 'y' : 'ies'} cannot be scored:`);
  for (const m of missing) console.log(`  ${m.repo}: ${m.problem}`);
  console.log('Fetch each one, then run again:');
  for (const m of missing) {
    const into = join(mirrorRoot, m.repo.replace('/', '+'), 'repo');
    console.log(`  fetch github:${m.repo}   (leaves its bare mirror in ${into})`);
    console.log(`    or: git clone --mirror https://github.com/${m.repo}.git ${into}`);
  }
  console.log(`(SVC_MIRROR_ROOT or --mirrors names another mirror root; the commit each truth file pins must be in the mirror.)`);
}

/** Runs the scorer with its output shown as it comes; resolves with the exit code and the whole output. */
function runScorer(scorer, env) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, [scorer], { cwd: repositoryRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolveRun({ code: code ?? (signal ? 128 : 1), output }));
  });
}

/** Per scored repository: files written out and scan seconds, from the scorer's `== repo` and `tree:` lines. */
function scanTimes(output) {
  const rows = [];
  let repo = null;
  for (const line of output.split('\n')) {
    const header = /^== (\S+)/.exec(line);
    if (header) repo = header[1];
    const tree = /^\s+tree: ([\d,]+) files.*; scan ([\d.]+) s/.exec(line);
    if (tree && repo) rows.push({ repo, files: Number(tree[1].replace(/,/g, '')), seconds: Number(tree[2]) });
  }
  return rows;
}

/** `svc scan <dir> --dry-run` as the scorer runs it; resolves with seconds and the files the scan read. */
function timeCliScan(directory, payload) {
  const env = { ...process.env };
  for (const k of ['SVC_URL', 'SVC_PROJECT', 'SVC_TOKEN']) delete env[k]; // a dry run then asks no server
  const started = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [cli, 'scan', directory, '--dry-run', '--payload', payload], { cwd: repositoryRoot, env, maxBuffer: 1 << 26 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (r.status !== 0 && r.status !== 1) throw new Error(`svc scan ${directory}: exit ${r.status ?? r.signal}: ${String(r.stderr).trim().split('\n').slice(-2).join(' | ')}`);
  const read = /([\d,]+) files read/.exec(String(r.stdout));
  return { seconds, filesRead: read ? Number(read[1].replace(/,/g, '')) : null };
}

async function printSpeed(scorerOutput, baselineFiles, workDirectory) {
  const rows = scanTimes(scorerOutput);
  console.log('\nscan speed (svc scan --dry-run, wall clock including the start of the command)');
  if (!rows.length) console.log('  no repository was scanned');
  for (const r of rows) console.log(`  ${r.repo.padEnd(48)} ${fmt(r.files).padStart(6)} files  ${r.seconds.toFixed(2).padStart(6)} s  ${fmt(r.files / r.seconds).padStart(6)} files/s`);
  const files = rows.reduce((a, r) => a + r.files, 0);
  const seconds = rows.reduce((a, r) => a + r.seconds, 0);
  if (rows.length) console.log(`  ${'all scored repositories'.padEnd(48)} ${fmt(files).padStart(6)} files  ${seconds.toFixed(2).padStart(6)} s  ${fmt(files / seconds).padStart(6)} files/s`);
  if (!baselineFiles) return;
  const empty = join(workDirectory, 'empty');
  const generated = join(workDirectory, 'generated');
  mkdirSync(empty, { recursive: true });
  const tree = await generateRepository(generated, baselineFiles, baselineFiles * 10_000);
  // the fixed cost is the lower of two runs: on a busy machine one run alone can exceed a small repository's whole scan
  const start = [timeCliScan(empty, join(workDirectory, 'empty.json')), timeCliScan(empty, join(workDirectory, 'empty.json'))].sort((a, b) => a.seconds - b.seconds)[0];
  const bench = timeCliScan(generated, join(workDirectory, 'generated.json'));
  const perFile = (bench.seconds - start.seconds) / Math.max(1, bench.filesRead ?? tree.files);
  console.log('baseline, same run');
  console.log(`  ${"empty folder (the command's fixed cost, best of 2)".padEnd(48)} ${''.padStart(12)}  ${start.seconds.toFixed(2).padStart(6)} s`);
  console.log(
    `  ${"the scan bench's generated repository".padEnd(48)} ${fmt(tree.files).padStart(6)} files  ${bench.seconds.toFixed(2).padStart(6)} s  ${fmt(tree.files / bench.seconds).padStart(6)} files/s` +
      ` (${fmt(tree.bytes / 1e6, 1)} MB; ${(perFile * 1000).toFixed(2)} ms a file past the fixed cost)`,
  );
  if (rows.length) {
    const realPerFile = (seconds - rows.length * start.seconds) / Math.max(1, files);
    console.log(`  real repositories past the fixed cost: ${(realPerFile * 1000).toFixed(2)} ms a file (generated: ${(perFile * 1000).toFixed(2)} ms)`);
  }
}

export async function main(args) {
  const options = parseArgs(args);
  const scorer = join(options.shared, 'score.mjs');
  if (!existsSync(scorer)) {
    console.error(`extract-real: the shared scorer ${scorer} is missing (SVC_REALREPOS_SHARED or --shared names the folder holding score.mjs and its truth files)`);
    process.exit(2);
  }
  if (!existsSync(cli)) {
    console.error(`extract-real: ${cli} not found`);
    process.exit(2);
  }
  const shared = truthFiles(options.shared);
  const ours = truthFiles(ownTruthDirectory);
  const twice = ours.filter((f) => shared.includes(f));
  if (twice.length) {
    console.error(`extract-real: ${twice.join(', ')} exist both in ${options.shared} and in ${ownTruthDirectory}; keep one`);
    process.exit(2);
  }
  const sources = [...shared.map((f) => join(options.shared, f)), ...ours.map((f) => join(ownTruthDirectory, f))];
  const only = options.only ? new Set(options.only.split(',')) : null;
  const truths = sources
    .map((file) => ({ file, slug: file.split('/').pop().replace(/\.truth\.json$/, ''), ...JSON.parse(readFileSync(file, 'utf8')) }))
    .filter((t) => !only || only.has(t.slug));
  if (!truths.length) {
    console.error(`extract-real: no truth file${only ? ` named ${[...only].join(', ')}` : ''}`);
    process.exit(2);
  }
  console.log(`extract-real: ${truths.length} repositor${truths.length === 1 ? 'y' : 'ies'} (${shared.length} shared in ${options.shared}, ${ours.length} in test/bench/realrepos); mirrors in ${options.mirrors}`);
  const missing = missingMirrors(options.mirrors, truths);
  if (missing.length) printFetchHelp(options.mirrors, missing);

  const workDirectory = mkdtempSync(join(tmpdir(), 'svc-extract-real-'));
  const cleanUp = () => rmSync(workDirectory, { recursive: true, force: true });
  const onSignal = (signal) => {
    cleanUp();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let exitCode = 0;
  try {
    copyFileSync(scorer, join(workDirectory, 'score.mjs'));
    for (const file of sources) copyFileSync(file, join(workDirectory, file.split('/').pop()));
    const env = { ...process.env, SVC_MIRROR_ROOT: options.mirrors };
    if (only) env.REALREPOS_ONLY = [...only].join(',');
    if (options.verbose) env.REALREPOS_VERBOSE = '1';
    const scored = await runScorer(join(workDirectory, 'score.mjs'), env);
    if (scored.code === 2) {
      console.error('extract-real: the scorer stopped on a broken setup (above)');
      exitCode = 2;
    } else {
      const notScored = /\((\d+) missing, (\d+) failed\)/.test(scored.output);
      await printSpeed(scored.output, options.baselineFiles, workDirectory);
      if (missing.length) printFetchHelp(options.mirrors, missing);
      if (notScored || missing.length) exitCode = 1;
      else if (options.gate) exitCode = scored.code;
    }
  } finally {
    cleanUp();
  }
  process.exit(exitCode);
}
