import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDiffCommand } from '../../cli/run-diff-command';
import { fullModelDocument, idFor } from '../support/model-api';

/** `svc diff` on two model documents written here: offline, Markdown or JSON, and its refusals. */
const folder = mkdtempSync(join(tmpdir(), 'svc-diff-'));
const seed = '0d6f1a8e-3b4c-4d5e-8f60-718293a4b5c6';

function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  let stdout = '';
  let stderr = '';
  return runDiffCommand(args, { env, cwd: folder, stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), version: 'test' }).then((code) => ({ code, stdout, stderr }));
}

const before = fullModelDocument(seed);
const after = fullModelDocument(seed);
after.elements.find((e) => e.id === idFor(seed, 'orders'))!.name = 'Order service';
after.schemas.find((s) => s.id === idFor(seed, 's-empty'))!.content = 'line one\n  line 2\n';
after.channels.pop();
writeFileSync(join(folder, 'before.json'), JSON.stringify(before, null, 2));
writeFileSync(join(folder, 'after.json'), JSON.stringify(after, null, 2));
writeFileSync(join(folder, 'broken.json'), '{"elements": [{"id": "x"}]}');

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('svc diff', () => {
  it('compares two files offline: Markdown with the changes, a schema content as a diff block', async () => {
    const result = await run(['before.json', 'after.json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('# Model diff: before.json → after.json');
    expect(result.stdout).toContain('| name | `"Orders"` | `"Order service"` |');
    expect(result.stdout).toContain('```diff\n line one\n-  line two\n+  line 2\n');
    expect(result.stdout).toContain('## Channels\n\n### Removed\n\n- orders-dlq (');
  });

  it('JSON: the entries and a fingerprint that does not depend on the files\' names', async () => {
    const first = JSON.parse((await run(['before.json', 'after.json', '--format', 'json'])).stdout);
    expect(first.total).toBe(3);
    expect(first.items.map((e: any) => e.change)).toEqual(['changed', 'changed', 'removed']);
    writeFileSync(join(folder, 'copy.json'), JSON.stringify(after));
    const second = JSON.parse((await run(['before.json', 'copy.json', '--format', 'json'])).stdout);
    expect(second.fingerprint).toBe(first.fingerprint);
  });

  it('refuses a missing file (1), a wrong command line (2), a document that does not read (4), main without a token (2)', async () => {
    expect((await run(['before.json', 'nowhere.json'])).code).toBe(1);
    expect((await run(['before.json'])).code).toBe(2);
    expect((await run(['before.json', 'after.json', '--format', 'html'])).code).toBe(2);
    const broken = await run(['before.json', 'broken.json']);
    expect(broken.code).toBe(4);
    expect(broken.stderr).toContain('elements[0].');
    const main = await run(['before.json', 'main'], { SVC_URL: 'https://svc.example.com', SVC_PROJECT: seed });
    expect(main.code).toBe(2);
    expect(main.stderr).toContain('SVC_TOKEN');
  });
});
