// `npm run test:inspector`: a second real MCP client against the built server.
//
// Starts dist/local/main.mjs on a free port with its own embedded PostgreSQL
// in a temporary data directory, runs first-run setup, makes a project with a
// small model and a read agent token through the HTTP API, then runs the MCP
// Inspector CLI (`npx --offline @modelcontextprotocol/inspector --cli`) twice
// with a bearer header: tools/list (every tool of the registry must be listed)
// and tools/call of find_elements (the envelope must hold the model's
// elements). Exits 0 when both hold, 1 otherwise. The vitest suite calls
// `checkWithInspector` against its own server (test/http/mcp-inspector.test.ts).
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const serverEntry = join(root, 'dist/local/main.mjs');
const setupToken = 'inspector-check-setup-token-0123';

/** The tools of part 1 "Agent tool endpoint", in its table order, then the ones after get_review_findings (docs/agent-tools.md). */
export const specToolNames = [
  'list_projects',
  'get_model_summary',
  'find_elements',
  'get_element',
  'get_dependencies',
  'get_dependents',
  'list_messages',
  'get_contracts',
  'get_schema',
  'list_scenarios',
  'get_scenario',
  'run_scenario',
  'list_promises',
  'get_promise',
  'list_promise_runs',
  'get_review_findings',
  // After the spec's table: docs/costs.md "Agent tool".
  'get_cost_estimate',
  'find_paths',
  'get_impact',
  'list_threads',
  'get_thread',
  'list_proposals',
  'get_proposal',
  // docs/change-review.md "Drift".
  'get_drift',
];

/** Runs a command, resolves with its exit code and output (bounded by `timeoutMs`). */
function run(command, args, options = {}) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd: root, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')} did not finish within ${options.timeoutMs ?? 60_000} ms\n${stdout}\n${stderr}`));
    }, options.timeoutMs ?? 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolveRun({ code, stdout, stderr });
    });
  });
}

/** One Inspector CLI call against `url` with the token; the parsed JSON it prints. */
export async function inspectorCall(url, token, methodArgs, catalogDirectory) {
  const args = ['--offline', '@modelcontextprotocol/inspector', '--cli', url, '--transport', 'http', '--header', `Authorization: Bearer ${token}`, ...methodArgs];
  // The CLI keeps a catalog file; give it a folder of ours instead of the home directory.
  const env = { ...process.env, MCP_CATALOG_PATH: join(catalogDirectory, 'mcp.json'), npm_config_update_notifier: 'false' };
  const result = await run('npx', args, { env, timeoutMs: 90_000 });
  if (result.code !== 0) throw new Error(`inspector ${methodArgs.join(' ')} exited ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`);
  const start = result.stdout.indexOf('{');
  if (start < 0) throw new Error(`inspector printed no JSON:\n${result.stdout}\n${result.stderr}`);
  return JSON.parse(result.stdout.slice(start));
}

/**
 * The check itself: tools/list names every expected tool, and tools/call of
 * find_elements answers the result envelope with the element named.
 * Resolves with what it saw; throws with the reason otherwise.
 */
export async function checkWithInspector({ mcpUrl, token, projectId, expectedTools, expectedElementName }) {
  const catalogDirectory = await mkdtemp(join(tmpdir(), 'svc-inspector-'));
  try {
    const listed = await inspectorCall(mcpUrl, token, ['--method', 'tools/list'], catalogDirectory);
    const names = (listed.tools ?? []).map((t) => t.name);
    const missing = expectedTools.filter((name) => !names.includes(name));
    if (missing.length > 0) throw new Error(`tools/list lacks ${missing.join(', ')}; it listed ${names.join(', ')}`);
    const called = await inspectorCall(mcpUrl, token, ['--method', 'tools/call', '--tool-name', 'find_elements', '--tool-arg', `projectId=${projectId}`, '--tool-arg', 'limit=10'], catalogDirectory);
    if (called.isError) throw new Error(`find_elements answered an error: ${JSON.stringify(called)}`);
    const text = called.content?.[0]?.text;
    const envelope = JSON.parse(text);
    const elementNames = envelope.data.elements.map((e) => e.name);
    if (envelope.projectId !== projectId || !elementNames.includes(expectedElementName)) {
      throw new Error(`find_elements did not return ${expectedElementName} of ${projectId}: ${text.slice(0, 500)}`);
    }
    return { tools: names, elementNames, envelope };
  } finally {
    await rm(catalogDirectory, { recursive: true, force: true });
  }
}

async function startServer(dataDirectory) {
  const child = spawn(process.execPath, [serverEntry], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LANG: process.env.LANG ?? 'C.UTF-8', PORT: '0', Svc__DataDirectory: dataDirectory, Svc__SetupToken: setupToken },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within 90 s:\n${output}`)), 90_000);
    const onData = (d) => {
      output += d;
      const m = /svc listening on (http:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolveUrl(m[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited ${code} before listening:\n${output}`)));
  });
  const stop = () =>
    new Promise((r) => {
      if (child.exitCode !== null) return r();
      child.once('exit', () => r());
      child.kill('SIGTERM');
    });
  return { url, stop };
}

async function api(url, method, path, body, headers = {}) {
  const response = await fetch(`${url}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return { json: text ? JSON.parse(text) : undefined, headers: response.headers };
}

export async function main() {
  const dataDirectory = await mkdtemp(join(tmpdir(), 'svc-inspector-data-'));
  await chmod(dataDirectory, 0o711);
  const server = await startServer(dataDirectory);
  try {
    const setup = await api(server.url, 'POST', '/api/setup', { setupToken, email: 'inspector@example.test', password: 'Correct7Horse-Battery', name: 'Inspector' });
    const cookie = setup.headers.getSetCookie().find((c) => c.startsWith('svc_session=')).split(';')[0];
    const workspaceId = setup.json.workspace.id;
    const project = await api(server.url, 'POST', `/api/workspaces/${workspaceId}/projects`, { name: 'Inspector check', description: null }, { cookie });
    const id = (n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    await api(server.url, 'POST', `/api/projects/${project.json.id}/import`, {
      elements: [
        { id: id(1), kind: 'system', name: 'Shop', status: 'current', parentId: null },
        { id: id(2), kind: 'app', name: 'Checkout', status: 'current', parentId: id(1) },
      ],
    }, { cookie });
    const token = await api(server.url, 'POST', `/api/workspaces/${workspaceId}/agent-tokens`, { name: 'inspector', scopes: ['read'], projectId: null, expiresAt: null }, { cookie });
    const seen = await checkWithInspector({ mcpUrl: `${server.url}/mcp`, token: token.json.token, projectId: project.json.id, expectedTools: specToolNames, expectedElementName: 'Checkout' });
    console.log(`inspector tools/list: ${seen.tools.length} tools (${seen.tools.join(', ')})`);
    console.log(`inspector tools/call find_elements: ${seen.elementNames.join(', ')}`);
    console.log('inspector check: passed');
  } finally {
    await server.stop();
    await rm(dataDirectory, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(`inspector check: FAILED\n${error.stack ?? error}`);
    process.exit(1);
  });
}
