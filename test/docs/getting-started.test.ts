import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fencedBlocks } from '../support/markdown-blocks';
import { startServiceProcess, temporaryDirectory, type ServiceProcess } from '../support/service-process';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * docs/getting-started.md, run as a newcomer would: every ```sh block, in
 * order, in one bash session, against the built server on a free port with a
 * database of its own and no setup token (so the first-run code is in the
 * data directory, as after `npm start`). The guide's first block reads the
 * base URL and the data folder from SVC and SVC_DATA, which this test sets.
 * A ```text block right after a command is what it must print: exactly, or
 * with `partial` those lines in that order among others. ```shell blocks
 * (install and start) are not run: this test starts the server itself.
 */

const guide = resolve(import.meta.dirname, '../../docs/getting-started.md');

interface Step {
  line: number;
  script: string;
  expected: { text: string; partial: boolean } | null;
}

function guideSteps(): Step[] {
  const blocks = fencedBlocks(guide);
  const steps: Step[] = [];
  blocks.forEach((block, index) => {
    if (block.info[0] !== 'sh') return;
    const next = blocks[index + 1];
    const expected = next && next.info[0] === 'text' ? { text: next.text, partial: next.info.includes('partial') } : null;
    steps.push({ line: block.line, script: block.text, expected });
  });
  return steps;
}

/** Runs the steps in one bash process; answers each step's output, split on markers printed between steps. */
function runInOneShell(steps: Step[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; outputs: string[]; stderr: string }> {
  const marker = (i: number) => `@@guide-step-${i}@@`;
  const script = ['set -euo pipefail', ...steps.flatMap((step, i) => [`printf '%s\\n' '${marker(i)}'`, step.script])].join('\n');
  return new Promise((resolvePromise, reject) => {
    const child = spawn('bash', ['-s'], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the guide did not finish within 60 s\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      const outputs = steps.map((_, i) => {
        const start = stdout.indexOf(`${marker(i)}\n`);
        if (start < 0) return '';
        const from = start + marker(i).length + 1;
        const end = stdout.indexOf(marker(i + 1), from);
        return stdout.slice(from, end < 0 ? undefined : end);
      });
      resolvePromise({ code, outputs, stderr });
    });
    child.stdin.end(script);
  });
}

describe('docs/getting-started.md, end to end against the built server', () => {
  let database: TestDatabase;
  let service: ServiceProcess;
  let workDirectory: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    // No Svc__SetupToken: the local profile writes the first-run code to <data>/setup-code, which the guide reads.
    service = await startServiceProcess({ ConnectionStrings__DefaultConnection: database.url });
    workDirectory = await temporaryDirectory('svc-guide-');
  });

  afterAll(async () => {
    await service?.stop();
    await database?.drop();
    if (workDirectory) await rm(workDirectory, { recursive: true, force: true });
  });

  it('every sh block runs in order and prints what the guide says it prints', async () => {
    const steps = guideSteps();
    // The guide's parts: setup, project, import, view, scenario, token and the three MCP calls.
    expect(steps.length).toBeGreaterThanOrEqual(10);
    expect(steps[0]!.script).toMatch(/SVC="\$\{SVC:-/);
    const env = { PATH: process.env.PATH, HOME: workDirectory, LANG: 'C.UTF-8', SVC: service.url, SVC_DATA: service.dataDirectory };
    const run = await runInOneShell(steps, workDirectory, env);
    steps.forEach((step, i) => {
      const output = run.outputs[i]!;
      const where = `the sh block at docs/getting-started.md:${step.line}\n--- it printed:\n${output}\n--- stderr:\n${run.stderr}`;
      if (!step.expected) return;
      const actual = output.trimEnd().split('\n');
      const wanted = step.expected.text.trimEnd().split('\n');
      if (step.expected.partial) {
        let at = 0;
        for (const line of actual) if (line === wanted[at]) at++;
        expect.soft(at, `${where}\n--- should print these lines in order:\n${wanted.join('\n')}`).toBe(wanted.length);
      } else {
        expect.soft(actual, where).toEqual(wanted);
      }
    });
    expect(run.code, `the guide stopped with exit code ${run.code}\nstderr: ${run.stderr}`).toBe(0);
  }, 90_000);
});
