// `npm run bench -- scan [--files N] [--bytes N] [--rounds N]`: scanning a repository as a folder Source.
//
// A generated repository (default 2000 files, 20 MB: 40 services, each with a
// package.json, a Dockerfile and an OpenAPI document, a docker-compose file,
// and source files of about 10 KB) in a temporary sources root. The real built
// server (dist/local/main.mjs, its own embedded PostgreSQL) with
// Svc__SourcesRoot set; a folder Source; then, per round:
//   - over HTTP, end to end: POST …/scans, poll GET …/imports/{id} every
//     20 ms until completed; files per second from request to completion;
//   - baseline, same run: a plain recursive read of the same tree in this
//     process (readdir + readFile of every file), files per second;
//   - in process: the extraction alone (lib/core/extract walkDirectory +
//     extractFiles, bundled from TypeScript) over the same tree.
// Peak RSS of the server (VmHWM) before the first scan and after the last.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { bundleTypeScript, callApi, fmt, freePort, loadAverage, peakRssBytes, readOptions, scanSourceOverHttp, serverEnvironment, setUpAdmin, startServer, stopAndReport, stopOnSignal, temporaryDataDirectory, timed } from './bench-support.mjs';

const setupToken = 'scan-bench-setup-token-0123456789';

function parseArgs(args) {
  const options = readOptions(args, { files: 2000, bytes: 20_000_000, rounds: 3 }, '--files N, default 2000; --bytes N total, default 20000000; --rounds N, default 3');
  if (!(Number.isInteger(options.files) && options.files >= 100 && options.files <= 100_000)) throw new Error('--files must be a whole number from 100 to 100000');
  if (!(Number.isInteger(options.bytes) && options.bytes >= options.files)) throw new Error('--bytes must be a whole number of at least --files');
  if (!(Number.isInteger(options.rounds) && options.rounds >= 1)) throw new Error('--rounds must be a whole number of at least 1');
  return options;
}

/** Writes the repository; resolves with the number of files and bytes written (also used by push.mjs). */
export async function generateRepository(root, files, bytes) {
  const services = 40;
  const perService = 3;
  const sourceFiles = files - services * perService - 1;
  const sourceBytes = Math.max(1, Math.floor((bytes - services * 1500) / sourceFiles));
  let written = 0;
  let count = 0;
  const put = async (path, text) => {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), text);
    written += Buffer.byteLength(text);
    count++;
  };
  const compose = ['services:'];
  for (let s = 0; s < services; s++) {
    const name = `service-${String(s).padStart(2, '0')}`;
    await put(`services/${name}/package.json`, JSON.stringify({ name, version: '1.0.0', description: `Service ${s}`, dependencies: { express: '^4.19.0', pg: '^8.11.0' } }, null, 2));
    await put(`services/${name}/Dockerfile`, 'FROM node:20-alpine\nWORKDIR /app\nCOPY . .\nEXPOSE 8080\nCMD ["node", "src/index.js"]\n');
    await put(`services/${name}/openapi.yaml`, `openapi: 3.0.3\ninfo:\n  title: ${name}\n  version: 1.0.0\npaths:\n  /items:\n    get:\n      operationId: list${s}\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema:\n                type: array\n                items:\n                  type: string\n`);
    compose.push(`  ${name}:`, `    build: ./services/${name}`, '    environment:', `      DATABASE_URL: postgres://app@db-${s}:5432/app`, `  db-${s}:`, '    image: postgres:16');
  }
  await put('docker-compose.yml', `${compose.join('\n')}\n`);
  const line = '// generated source line for the scan benchmark, nothing to extract here\n';
  const body = line.repeat(Math.ceil(sourceBytes / line.length)).slice(0, sourceBytes);
  for (let i = 0; i < sourceFiles; i++) await put(`services/service-${String(i % services).padStart(2, '0')}/src/module-${i}.js`, body);
  return { files: count, bytes: written };
}

async function plainRead(root) {
  let files = 0;
  let bytes = 0;
  const walk = async (dir) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) {
        bytes += (await readFile(path)).length;
        files++;
      }
    }
  };
  await walk(root);
  return { files, bytes };
}

export async function main(args) {
  const options = parseArgs(args);
  const sourcesRoot = await temporaryDataDirectory('svc-bench-sources-');
  const dataDirectory = await temporaryDataDirectory('svc-bench-scan-');
  const repository = join(sourcesRoot, 'repo');
  const generated = await generateRepository(repository, options.files, options.bytes);
  console.log(`repository: ${fmt(generated.files)} files, ${fmt(generated.bytes)} bytes in ${repository}`);
  const extraction = await bundleTypeScript(
    'scan-extraction',
    "export { walkDirectory } from './lib/extract/walk-directory';\nexport { extractFiles } from './lib/extract/extract-files';\n",
  );
  const server = startServer({ ...serverEnvironment({ port: await freePort(), dataDirectory, setupToken }), Svc__SourcesRoot: sourcesRoot });
  const releaseSignals = stopOnSignal(() => server.stop());
  try {
    const base = await server.ready;
    const { cookie, workspaceId } = await setUpAdmin(base, { setupToken });
    const project = (await callApi(base, 'POST', `/api/workspaces/${workspaceId}/projects`, { body: { name: 'Bench', description: null }, cookie, expected: 201 })).json;
    const source = (await callApi(base, 'POST', `/api/projects/${project.id}/sources`, { body: { kind: 'directory', name: 'Repo', repository: null, path: 'repo' }, cookie, expected: 201 })).json;
    const rssBefore = await peakRssBytes(server.child.pid);
    const rows = [];
    for (let round = 1; round <= options.rounds; round++) {
      const http = await timed(() => scanSourceOverHttp(base, cookie, project.id, source.id));
      if (http.result.state !== 'completed') throw new Error(`scan failed: ${http.result.error}`);
      const plain = await timed(() => plainRead(repository));
      const inProcess = await timed(() => extraction.extractFiles(extraction.walkDirectory(repository), { limits: { maxFiles: 100_000, maxFileBytes: 16_777_216, maxTotalBytes: 1_073_741_824 } }));
      rows.push({ http, plain, inProcess });
      console.log(
        `  round ${round}: over HTTP ${fmt(http.result.filesRead / http.seconds)} files/s (${fmt(http.result.filesRead)} read, ${http.result.isComplete ? 'complete' : 'partial'}, ${fmt(http.seconds, 2)} s); ` +
          `plain read ${fmt(plain.result.files / plain.seconds)} files/s; extraction in process ${fmt(inProcess.result.filesRead / inProcess.seconds)} files/s (${inProcess.result.facts.length} facts)`,
      );
    }
    const best = (pick) => Math.max(...rows.map(pick));
    const httpRate = best((r) => r.http.result.filesRead / r.http.seconds);
    const plainRate = best((r) => r.plain.result.files / r.plain.seconds);
    const processRate = best((r) => r.inProcess.result.filesRead / r.inProcess.seconds);
    const rssAfter = await peakRssBytes(server.child.pid);
    console.log('');
    console.log(`best of ${options.rounds}: scan over HTTP ${fmt(httpRate)} files/s, extraction in process ${fmt(processRate)} files/s, plain recursive read ${fmt(plainRate)} files/s`);
    console.log(`ratios: scan over HTTP / plain read ${fmt((100 * httpRate) / plainRate, 1)}%, extraction in process / plain read ${fmt((100 * processRate) / plainRate, 1)}%`);
    console.log(`server peak RSS: ${fmt(rssBefore / 1048576, 1)} MiB before the first scan, ${fmt(rssAfter / 1048576, 1)} MiB after the last (the repository is ${fmt(generated.bytes / 1048576, 1)} MiB)`);
    const load = await loadAverage();
    if (load) console.log(`load average at the end: ${load}`);
  } finally {
    releaseSignals();
    await stopAndReport(server, 'the server');
    await rm(dataDirectory, { recursive: true, force: true });
    await rm(sourcesRoot, { recursive: true, force: true });
  }
}
