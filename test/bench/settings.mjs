// `npm run bench -- settings [--requests N] [--warmup N] [--iterations N]`: the cost of reading a workspace's effective settings.
//
// The real built server (dist/local/main.mjs, its own embedded PostgreSQL in a
// temporary data directory) in its own process, first-run setup through the
// API, and a workspace whose settings hold 20 AI providers (every field set,
// tasks routed to them) and 100 import.excludeGlobs, plus 20
// sharing.embedHosts, saved with PUT W/settings. Measured in the same run, one
// after the other on one keep-alive connection after a warm-up:
//   - GET /health/live (the bare HTTP path through the shim, no database),
//   - GET /api/workspaces/{id}/settings (session cookie: the sign-in check,
//     the membership check, two reads of stored settings, the merge of
//     built-ins, instance defaults and overrides, the policy check of every
//     stored value, the JSON answer),
// p50/p99 from process.hrtime, and their ratio. Then, in this process, the
// merge and policy check alone (lib/features/settings, bundled from TypeScript) on the
// same documents: what GET W/settings computes after its reads, once under
// the local built-in policy (everything allowed) and once under a policy that
// refuses private network URLs and one provider kind (violations listed).
import { Agent } from 'node:http';
import { bundleTypeScript, callApi, fmt, loadAverage, percentile, readOptions, setUpAdmin, tableRow, timedRequest, uuidV5, withServer } from './bench-support.mjs';

const setupToken = 'settings-bench-setup-token-0123456789';

function parseArgs(args) {
  const options = readOptions(
    args,
    { requests: 2000, warmup: 200, iterations: 20_000 },
    '--requests N sequential calls per target, default 2000; --warmup N calls, default 200; --iterations N in-process merges, default 20000',
  );
  if (!(Number.isInteger(options.requests) && options.requests >= 10)) throw new Error('--requests must be a whole number of at least 10');
  if (!(Number.isInteger(options.warmup) && options.warmup >= 0)) throw new Error('--warmup must be a whole number of 0 or more');
  if (!(Number.isInteger(options.iterations) && options.iterations >= 100)) throw new Error('--iterations must be a whole number of at least 100');
  return options;
}

/** Workspace overrides with 20 providers, 100 globs and 20 embed hosts (deterministic). */
function workspaceOverrides() {
  const seed = '73657474-696e-4773-8000-000000000020';
  const kinds = ['openai', 'anthropic', 'gemini', 'openai-compatible'];
  const providers = Array.from({ length: 20 }, (_, i) => {
    const kind = kinds[i % kinds.length];
    return {
      id: uuidV5(seed, `provider-${i}`),
      kind,
      name: `Provider ${i}`,
      model: `model-${i}`,
      // openai-compatible ones on a private address, which the stricter policy refuses.
      baseUrl: kind === 'openai-compatible' ? `http://10.0.0.${i + 1}:11434/v1` : `https://models-${i}.example.com/v1`,
      enabled: i % 7 !== 6,
      supportsStructuredOutput: i % 2 === 0,
      supportsStreaming: true,
      temperature: (i % 5) / 4,
      timeoutSeconds: 30 + i,
      monthlyBudgetUsd: 100 * (i + 1),
      requestsPerMinute: 60 + i,
    };
  });
  return {
    ai: { providers, taskRouting: { inferArchitecture: providers[0].id, proposeFlow: providers[1].id, critique: providers[2].id, explain: providers[3].id } },
    github: { apiBaseUrl: 'https://github.example.com/api/v3', defaultRef: 'main' },
    import: { maxFiles: 50_000, excludeGlobs: Array.from({ length: 100 }, (_, i) => `**/generated-${i}/**/*.${['js', 'ts', 'cs', 'py'][i % 4]}`) },
    sharing: { linkPolicy: 'password-only', embedHosts: Array.from({ length: 20 }, (_, i) => `https://*.team-${i}.example.com`) },
    usage: { monthlyAiBudgetUsd: 2500, maxScansPerDay: 100 },
  };
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** N sequential timed requests after a warm-up; throws on any answer but 200; resolves with the sorted times and the mean body size. */
async function measure(url, headers, { requests, warmup }) {
  for (let i = 0; i < warmup; i++) {
    const answer = await timedRequest(url, { headers, agent });
    if (answer.status !== 200) throw new Error(`${url}: status ${answer.status}: ${answer.body.slice(0, 300)}`);
  }
  const times = [];
  let bytes = 0;
  for (let i = 0; i < requests; i++) {
    const answer = await timedRequest(url, { headers, agent });
    if (answer.status !== 200) throw new Error(`${url}: status ${answer.status}: ${answer.body.slice(0, 300)}`);
    times.push(answer.ms);
    bytes += Buffer.byteLength(answer.body);
  }
  return { times: times.sort((a, b) => a - b), bytes: bytes / requests };
}

/** Microseconds per call of fn, median of 5 rounds of iterations/5 calls each. */
function microsPerCall(fn, iterations) {
  for (let i = 0; i < Math.min(2000, iterations); i++) fn();
  const perRound = Math.floor(iterations / 5);
  const rounds = [];
  for (let r = 0; r < 5; r++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < perRound; i++) fn();
    rounds.push(Number(process.hrtime.bigint() - started) / 1e3 / perRound);
  }
  return rounds.sort((a, b) => a - b)[2];
}

export async function main(args) {
  const options = parseArgs(args);
  const overrides = workspaceOverrides();
  await withServer({ prefix: 'svc-bench-settings-', setupToken, beforeStop: () => agent.destroy() }, async ({ server, base }) => {
    const { cookie, workspaceId } = await setUpAdmin(base, { setupToken });
    const path = `/api/workspaces/${workspaceId}/settings`;
    const put = await fetch(`${base}${path}`, { method: 'PUT', headers: { 'content-type': 'application/json', cookie, 'if-match': '"0"' }, body: JSON.stringify(overrides) });
    if (put.status !== 200) throw new Error(`PUT ${path}: ${put.status}: ${await put.text()}`);
    const read = (await callApi(base, 'GET', path, { cookie })).json;
    if (read.effective.ai.providers.length !== 20 || read.effective.import.excludeGlobs.length !== 100 || read.policyViolations.length !== 0) {
      throw new Error(`the saved settings do not read back: ${read.effective.ai.providers.length} providers, ${read.effective.import.excludeGlobs.length} globs, ${read.policyViolations.length} violations`);
    }
    console.log(`workspace settings: 20 AI providers, 100 import.excludeGlobs, 20 sharing.embedHosts; PUT body ${fmt(Buffer.byteLength(JSON.stringify(overrides)))} bytes`);
    console.log(`server ${base} (pid ${server.child.pid}); ${options.requests} sequential calls per target on one keep-alive connection after ${options.warmup} warm-up calls`);

    const health = await measure(`${base}/health/live`, {}, options);
    const settings = await measure(`${base}${path}`, { cookie }, options);
    const rows = [
      { name: 'GET /health/live', ...health },
      { name: 'GET W/settings', ...settings },
    ].map((r) => ({ ...r, p50: percentile(r.times, 50), p99: percentile(r.times, 99) }));

    const { builtInSettings, effectiveSettings, effectiveUnderPolicy } = await bundleTypeScript(
      'settings-merge',
      [
        "export { builtInSettings } from './lib/settings/settings-schema';",
        "export { effectiveSettings } from './lib/settings/merge-settings';",
        "export { effectiveUnderPolicy } from './lib/settings/policy-violations';",
      ].join('\n'),
    );
    // What the stored document holds: the saved overrides as GET W/settings answers them.
    const stored = read.overrides;
    const builtIns = builtInSettings('local');
    const defaults = {};
    const localPolicy = { allowSelfRegistration: false, allowPrivateNetworkUrls: true, allowedAiProviderKinds: ['openai', 'anthropic', 'gemini', 'openai-compatible'], allowSendingPrivateCodeToAi: true, maxConcurrentStressRuns: 4 };
    const strictPolicy = { ...localPolicy, allowPrivateNetworkUrls: false, allowedAiProviderKinds: ['openai', 'anthropic', 'openai-compatible'] };
    const mergeAndCheck = (policy) => () => {
      effectiveUnderPolicy({ builtIns, defaults, overrides: stored, policy });
      effectiveSettings(builtIns, defaults);
    };
    const strictViolations = effectiveUnderPolicy({ builtIns, defaults, overrides: stored, policy: strictPolicy }).policyViolations.length;
    const inProcessLocal = microsPerCall(mergeAndCheck(localPolicy), options.iterations);
    const inProcessStrict = microsPerCall(mergeAndCheck(strictPolicy), options.iterations);

    console.log('');
    console.log('target                          p50 ms   p99 ms   bytes/answer');
    for (const row of rows) console.log(tableRow([row.name, fmt(row.p50, 3), fmt(row.p99, 3), fmt(row.bytes)], [-30, 8, 8, 14]));
    const [h, s] = rows;
    console.log(`GET W/settings p50 is ${fmt(s.p50 / h.p50, 1)}× the p50 of GET /health/live (${fmt(s.p50 - h.p50, 3)} ms more)`);
    console.log(`in process, merge + policy check alone (built-ins, defaults, overrides; ${options.iterations} calls, median of 5 rounds):`);
    console.log(`  local policy (all allowed):                         ${fmt(inProcessLocal, 1)} µs per read`);
    console.log(`  private URLs and gemini refused (${strictViolations} violations):    ${fmt(inProcessStrict, 1)} µs per read`);
    console.log(`  that is ${fmt((100 * inProcessLocal) / 1000 / s.p50, 1)}% of the GET W/settings p50`);
    const load = await loadAverage();
    if (load) console.log(`load average at the end: ${load}; other work on the machine slows every figure`);
  });
}
