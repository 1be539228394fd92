/**
 * Writes the k6 script of a plan (pure): JavaScript for the real k6 tool
 * (`k6/http`, `check` and `sleep` from `k6`, `options` with one
 * `ramping-arrival-rate` scenario and thresholds), typed with JSDoc so the
 * TypeScript compiler checks it against k6's published types. The text
 * depends on the plan alone (no clock, no random value, no ID), so the same
 * inputs give byte-identical scripts (docs/load-tests.md "Scripts").
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../core/model/canonical-json';
import type { InjectedFault, ScriptPlan } from './plan-script';
import { arrivalUnitOf, stagesOf } from './stress-profile';

/** Trend statistics the summary carries: what results need, p(99) included. */
export const summaryTrendStats = ['avg', 'min', 'med', 'max', 'p(90)', 'p(95)', 'p(99)'] as const;

/** How long past the operation timeout a Timeout fault delays the response, so the request times out for sure. */
export const timeoutFaultExtraMs = 1000;

/** A single-quoted JavaScript string literal of any text. */
export function jsString(text: string): string {
  let out = "'";
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === "'" || ch === '\\') out += `\\${ch}`;
    else if (code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}'`;
}

/** Text safe inside a `//` comment: no line terminator can end it early. */
function commentText(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function faultHeaderOf(fault: InjectedFault, timeoutMs: number | null): string {
  switch (fault.kind) {
    case 'Error':
      return `{ 'x-envoy-fault-abort-request': '500' }`;
    case 'Outage':
      return `{ 'x-envoy-fault-abort-request': '503' }`;
    case 'Timeout':
      return `{ 'x-envoy-fault-delay-request': '${(timeoutMs ?? 0) + timeoutFaultExtraMs}' }`;
  }
}

function faultLines(plan: ScriptPlan): string[] {
  const lines = ['/**', ' * @param {number} attempt', ' * @returns {Record<string, string>}', ' */', 'function faultHeaders(attempt) {'];
  for (const fault of plan.faults) {
    const headers = faultHeaderOf(fault, plan.operation.timeoutMs);
    const what = `// ${fault.kind} on the ${fault.on === 'operation' ? 'operation' : "operation's owner"}`;
    if (fault.failFirst === null) {
      lines.push(`  return ${headers}; ${what}, every attempt`);
      lines.push('}');
      return lines;
    }
    lines.push(`  if (attempt <= ${fault.failFirst}) return ${headers}; ${what}, first ${plural(fault.failFirst, 'attempt')}`);
  }
  lines.push('  return {};', '}');
  return lines;
}

function headerComment(plan: ScriptPlan): string[] {
  const { profile, operation, signature } = plan;
  const unit = arrivalUnitOf(stagesOf(profile).map((s) => s.targetRate));
  const stages = stagesOf(profile)
    .map((s) => `${s.durationSeconds} s to ${s.targetRate}/s`)
    .join(', ');
  const lines = [
    `// k6 load-test script for ${commentText(plan.target.name)}, written by svc from the design model.`,
    '// Generate it again rather than edit it: the same inputs give this same text.',
    '//',
    `// Sends: ${commentText(`${signature.method} ${signature.path}`)} (operation ${operation.id}) to the authorised base URL${plan.target.environment === null ? '' : ` of environment ${commentText(JSON.stringify(plan.target.environment))}`}.`,
    `// Profile ${commentText(JSON.stringify(profile.name))}: ${profile.shape}; ${stages} (arrivals per ${unit.timeUnit}); at most ${plural(profile.virtualUsers, 'virtual user')}; seed ${profile.seed}.`,
  ];
  const declared: string[] = [];
  if (operation.timeoutMs !== null && operation.timeoutMs > 0) declared.push(`timeout ${operation.timeoutMs} ms (threshold: p(95) below it)`);
  else declared.push('no timeout (no threshold)');
  if (operation.retry !== null && operation.retry.maxAttempts > 1) declared.push(`up to ${operation.retry.maxAttempts} attempts, ${operation.retry.backoffMs} ms apart`);
  else declared.push('one attempt');
  lines.push(`// Declared by the model: ${declared.join('; ')}.`);
  if (plan.idempotencyKeyMember !== null) {
    lines.push(`// Idempotency key: in the Idempotency-Key header and the body member ${commentText(JSON.stringify(plan.idempotencyKeyMember))}, new each iteration, the same on its retries.`);
  }
  for (const publish of plan.publishesBehind) {
    lines.push(`// Behind it, by the scenario (declared; this script measures only the call): the callee publishes ${commentText(JSON.stringify(publish.message))} on ${commentText(JSON.stringify(publish.channel))}, taken by ${plural(publish.handlers, 'subscription handler')}.`);
  }
  if (plan.overrideReason !== null) lines.push(`// Allowed by an owner's override: ${commentText(JSON.stringify(plan.overrideReason))}.`);
  if (plan.faults.length > 0) lines.push("// Faults of the scenario, injected through Envoy's header-controlled fault filter (it must be enabled on the route).");
  lines.push('// Run: k6 run --summary-export=summary.json <this file>; then POST summary.json to');
  lines.push('// /api/projects/{projectId}/load-tests/results?scriptId={the ID of this script}.');
  return lines;
}

function optionsLines(plan: ScriptPlan): string[] {
  const { profile, operation } = plan;
  const stages = stagesOf(profile);
  const unit = arrivalUnitOf(stages.map((s) => s.targetRate));
  const lines = [
    "/** @type {import('k6/options').Options} */",
    'export const options = {',
    '  scenarios: {',
    `    ${profile.shape}: {`,
    "      executor: 'ramping-arrival-rate',",
    '      startRate: 0,',
    `      timeUnit: '${unit.timeUnit}',`,
    `      preAllocatedVUs: ${profile.virtualUsers},`,
    `      maxVUs: ${profile.virtualUsers},`,
    '      stages: [',
    ...stages.map((s) => `        { duration: '${s.durationSeconds}s', target: ${unit.perUnit(s.targetRate)} },`),
    '      ],',
    '    },',
    '  },',
  ];
  if (operation.timeoutMs !== null && operation.timeoutMs > 0) {
    lines.push('  thresholds: {', `    http_req_duration: ['p(95)<${operation.timeoutMs}'],`, '  },');
  }
  lines.push(`  summaryTrendStats: [${summaryTrendStats.map((s) => `'${s}'`).join(', ')}],`, '};');
  return lines;
}

function sendLines(plan: ScriptPlan): string[] {
  const { signature, operation } = plan;
  const withKey = plan.idempotencyKeyMember !== null;
  const withFaults = plan.faults.length > 0;
  const sendsBody = plan.requests.some((r) => r.body !== null);
  const params = ['request', ...(withKey ? ['idempotencyKey'] : []), ...(withFaults ? ['attempt'] : [])];
  const doc = ['/**', ' * @param {{ path: string, body: string | null }} request'];
  if (withKey) doc.push(' * @param {string} idempotencyKey');
  if (withFaults) doc.push(' * @param {number} attempt');
  doc.push(' */');
  // A computed key for a member `__proto__`, which a literal key would take for the prototype.
  const member = plan.idempotencyKeyMember;
  const key = member !== null && /^[A-Za-z_$][\w$]*$/.test(member) && member !== '__proto__' ? member : `[${jsString(member ?? '')}]`;
  const bodyLine = withKey ? [`  const body = request.body === null ? null : JSON.stringify(Object.assign(JSON.parse(request.body), { ${key}: idempotencyKey }));`] : [];
  const fixedHeaders = [...(sendsBody ? ["'Content-Type': 'application/json'"] : []), "Accept: 'application/json'", ...(withKey ? ["'Idempotency-Key': idempotencyKey"] : [])];
  const headers = withFaults ? `Object.assign({ ${fixedHeaders.join(', ')} }, faultHeaders(attempt))` : `{ ${fixedHeaders.join(', ')} }`;
  const paramParts = ['headers: headers', ...(operation.timeoutMs !== null && operation.timeoutMs > 0 ? [`timeout: '${operation.timeoutMs}ms'`] : []), `tags: { name: ${jsString(`${signature.method} ${signature.path}`)} }`];
  return [
    ...doc,
    `function send(${params.join(', ')}) {`,
    `  const headers = ${headers};`,
    ...bodyLine,
    `  return http.request('${signature.method}', baseUrl + request.path, ${withKey ? 'body' : 'request.body'}, { ${paramParts.join(', ')} });`,
    '}',
  ];
}

function iterationLines(plan: ScriptPlan): string[] {
  const withKey = plan.idempotencyKeyMember !== null;
  const withFaults = plan.faults.length > 0;
  const retries = plan.operation.retry !== null && plan.operation.retry.maxAttempts > 1;
  const args = (attempt: string) => ['request', ...(withKey ? ['idempotencyKey'] : []), ...(withFaults ? [attempt] : [])].join(', ');
  const lines = ['export default function () {', '  const request = requests[__ITER % requests.length];'];
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the line is k6 JavaScript holding a template literal.
  if (withKey) lines.push('  const idempotencyKey = `${runKey}-${__VU}-${__ITER}`;');
  if (retries) {
    lines.push(
      `  let response = send(${args('1')});`,
      '  for (let attempt = 2; attempt <= maxAttempts && !succeeded(response); attempt++) {',
      '    sleep(backoffSeconds);',
      `    response = send(${args('attempt')});`,
      '  }',
    );
  } else {
    lines.push(`  const response = send(${args('1')});`);
  }
  lines.push("  check(response, { 'status is 2xx': succeeded });", '}');
  return lines;
}

/** The text of the k6 script of a plan. */
export function writeK6Script(plan: ScriptPlan): string {
  const retry = plan.operation.retry;
  const constants = [
    `const baseUrl = ${jsString(plan.baseUrl)};`,
    '// Bodies as JSON text, sent as they are.',
    'const requests = [',
    ...plan.requests.map((r) => `  { path: ${jsString(r.path)}, body: ${r.body === null ? 'null' : jsString(canonicalJson(r.body))} },`),
    '];',
  ];
  if (retry !== null && retry.maxAttempts > 1) constants.push(`const maxAttempts = ${retry.maxAttempts};`, `const backoffSeconds = ${retry.backoffMs / 1000};`);
  if (plan.idempotencyKeyMember !== null) constants.push('// Differs between runs, so no run replays the keys of an earlier one.', 'const runKey = String(Date.now());');
  const sections = [
    headerComment(plan),
    ["import http from 'k6/http';", `import { ${retry !== null && retry.maxAttempts > 1 ? 'check, sleep' : 'check'} } from 'k6';`],
    optionsLines(plan),
    constants,
    ...(plan.faults.length > 0 ? [faultLines(plan)] : []),
    sendLines(plan),
    [
      "/** @param {import('k6/http').RefinedResponse<import('k6/http').ResponseType | undefined>} response */",
      'function succeeded(response) {',
      '  return response.status >= 200 && response.status < 300;',
      '}',
    ],
    iterationLines(plan),
  ];
  return `${sections.map((lines) => lines.join('\n')).join('\n\n')}\n`;
}

/** SHA-256 of a script's text, lower-case hex: the content hash on its record. */
export function scriptContentHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** A file name for the script: the target's name in lower-case words, the profile shape, `.js`. */
export function scriptFileName(plan: Pick<ScriptPlan, 'target' | 'profile'>): string {
  const words = plan.target.name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${words || 'target'}-${plan.profile.shape}.js`;
}
