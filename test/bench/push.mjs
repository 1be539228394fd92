// `npm run bench -- push [--files N] [--bytes N] [--rounds N]`: `svc scan` pushing a checkout, next to the server scanning it.
//
// The generated repository of scan.mjs (default 2000 files, 20 MB) in a
// temporary sources root; the real built server (dist/local/main.mjs, its own
// embedded PostgreSQL) with Svc__SourcesRoot set, a project, an agent token
// with the push scope and a `directory` Source of the same folder. Per round,
// in the same run:
//   - the command-line tool: `node dist/cli/svc.mjs scan <repo>` as a child
//     process, wall time from spawn to exit (GET settings, walk, extraction,
//     POST, the server storing the snapshot and its proposals) and the tool's
//     peak RSS (maxRSS of process.resourceUsage, written at exit by a preloaded
//     module);
//   - the server: POST …/sources/{id}/scans of the directory Source, polled
//     every 20 ms until completed, wall time; the server's peak RSS (VmHWM).
// The two run the same extraction over the same files under the same
// workspace limits; they must find the same number of facts.
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { baseEnvironment, callApi, createAgentToken, fmt, freePort, loadAverage, median, peakRssBytes, readOptions, repositoryRoot, scanSourceOverHttp, serverEnvironment, setUpAdmin, startServer, stopAndReport, stopOnSignal, temporaryDataDirectory, timed } from './bench-support.mjs';
import { generateRepository } from './scan.mjs';

const setupToken = 'push-bench-setup-token-0123456789';
const cliBundle = join(repositoryRoot, 'dist/cli/svc.mjs');
// Preloaded into the tool: its peak RSS (kB) on stderr as it exits.
const reportPeakRss = `data:text/javascript,process.on('exit', () => process.stderr.write('bench-max-rss-kb=' + process.resourceUsage().maxRSS + '\\n'));`;

function parseArgs(args) {
  const options = readOptions(args, { files: 2000, bytes: 20_000_000, rounds: 3 }, '--files N, default 2000; --bytes N total, default 20000000; --rounds N, default 3');
  if (!(Number.isInteger(options.files) && options.files >= 200 && options.files <= 100_000)) throw new Error('--files must be a whole number from 200 to 100000');
  if (!(Number.isInteger(options.bytes) && options.bytes >= options.files)) throw new Error('--bytes must be a whole number of at least --files');
  if (!(Number.isInteger(options.rounds) && options.rounds >= 1 && options.rounds <= 8)) throw new Error('--rounds must be a whole number from 1 to 8 (each round is two scans of the daily scan limit)');
  return options;
}

// Runs the built tool; resolves with its exit code, output, seconds and peak RSS in bytes.
function runCli(args, env) {
  return new Promise((resolveRun, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, ['--import', reportPeakRss, cliBundle, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const rss = Number(/bench-max-rss-kb=(\d+)/.exec(stderr)?.[1] ?? Number.NaN) * 1024;
      resolveRun({ code, stdout, stderr, seconds, rss });
    });
  });
}

export async function main(args) {
  const options = parseArgs(args);
  const sourcesRoot = await temporaryDataDirectory('svc-bench-push-sources-');
  const dataDirectory = await temporaryDataDirectory('svc-bench-push-');
  const repository = join(sourcesRoot, 'repo');
  const generated = await generateRepository(repository, options.files, options.bytes);
  console.log(`repository: ${fmt(generated.files)} files, ${fmt(generated.bytes)} bytes in ${repository}`);
  const server = startServer({ ...serverEnvironment({ port: await freePort(), dataDirectory, setupToken }), Svc__SourcesRoot: sourcesRoot });
  const releaseSignals = stopOnSignal(() => server.stop());
  try {
    const base = await server.ready;
    const { cookie, workspaceId } = await setUpAdmin(base, { setupToken });
    const project = (await callApi(base, 'POST', `/api/workspaces/${workspaceId}/projects`, { body: { name: 'Bench', description: null }, cookie, expected: 201 })).json;
    const token = await createAgentToken(base, cookie, workspaceId, { name: 'bench-push', scopes: ['push'] });
    const source = (await callApi(base, 'POST', `/api/projects/${project.id}/sources`, { body: { kind: 'directory', name: 'Repo folder', repository: null, path: 'repo' }, cookie, expected: 201 })).json;
    const cliEnv = { ...baseEnvironment(), SVC_URL: base, SVC_PROJECT: project.id, SVC_TOKEN: token };
    const serverRssBefore = await peakRssBytes(server.child.pid);
    const rows = [];
    for (let round = 1; round <= options.rounds; round++) {
      const cli = await runCli(['scan', repository, '--name', 'Repo pushed'], cliEnv);
      if (cli.code !== 0) throw new Error(`svc scan exited ${cli.code}:\n${cli.stderr}`);
      const pushed = /proposals: (\d+) add, (\d+) change, (\d+) remove/.exec(cli.stdout);
      const cliFacts = Number(/(\d+) facts/.exec(cli.stdout)?.[1]);
      const serverScan = await timed(() => scanSourceOverHttp(base, cookie, project.id, source.id));
      if (serverScan.result.state !== 'completed') throw new Error(`server scan failed: ${serverScan.result.error}`);
      const serverFacts = serverScan.result.factCount;
      rows.push({ cli, serverScan });
      console.log(
        `  round ${round}: svc scan ${fmt(cli.seconds, 2)} s, peak RSS ${fmt(cli.rss / 1048576, 1)} MiB (${fmt(cliFacts)} facts${pushed ? `, proposals ${pushed[1]} add ${pushed[2]} change ${pushed[3]} remove` : ''}); ` +
          `server directory scan ${fmt(serverScan.seconds, 2)} s (${fmt(serverScan.result.filesRead)} files read, ${fmt(serverFacts)} facts)`,
      );
    }
    const serverRssAfter = await peakRssBytes(server.child.pid);
    const cliSeconds = median(rows.map((r) => r.cli.seconds));
    const serverSeconds = median(rows.map((r) => r.serverScan.seconds));
    console.log('');
    console.log(`median of ${options.rounds}: svc scan (walk, extract, push, stored) ${fmt(cliSeconds, 2)} s; server directory scan (request to completed) ${fmt(serverSeconds, 2)} s; ratio ${fmt(cliSeconds / serverSeconds, 2)}`);
    console.log(`svc scan peak RSS: ${fmt(Math.max(...rows.map((r) => r.cli.rss)) / 1048576, 1)} MiB (largest of the rounds)`);
    console.log(`server peak RSS: ${fmt(serverRssBefore / 1048576, 1)} MiB before the first round, ${fmt(serverRssAfter / 1048576, 1)} MiB after the last (the repository is ${fmt(generated.bytes / 1048576, 1)} MiB)`);
    const load = await loadAverage();
    if (load) console.log(`load average at the end: ${load}`);
  } finally {
    releaseSignals();
    await stopAndReport(server, 'the server');
    await rm(dataDirectory, { recursive: true, force: true });
    await rm(sourcesRoot, { recursive: true, force: true });
  }
}
