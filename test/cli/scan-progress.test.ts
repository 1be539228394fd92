import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScanCommand } from '../../cli/run-scan-command';
import { temporaryDirectory } from '../support/service-process';

/**
 * Progress of a long scan (files, bytes, then facts) goes to stderr and the
 * result line to stdout, so that `svc scan … > result.txt` keeps only results.
 * The interval is shortened here; the tool reports after 2 s, then every 2 s.
 */
describe('svc scan progress', () => {
  let folder: string;

  beforeAll(async () => {
    folder = await temporaryDirectory('svc-cli-progress-');
    for (let i = 0; i < 300; i++) {
      const service = `services/s${i % 10}`;
      await mkdir(join(folder, 'repo', service), { recursive: true });
      await writeFile(join(folder, 'repo', service, `module-${i}.js`), `// module ${i}\n`.repeat(200));
    }
    for (let i = 0; i < 10; i++) await writeFile(join(folder, 'repo', `services/s${i}`, 'package.json'), JSON.stringify({ name: `s${i}` }));
  });

  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('reports files listed, files read and bytes while scanning, then the facts, on stderr only', async () => {
    const stdout: string[] = [];
    const stderr: string[] = [];
    const code = await runScanCommand(['repo', '--dry-run'], { env: {}, cwd: folder, stdout: (t) => stdout.push(t), stderr: (t) => stderr.push(t), version: 'test', progressIntervalMs: 1 });
    expect(code).toBe(0);
    const progress = stderr.filter((line) => line.includes('files listed'));
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0]).toMatch(/^svc: repo: [\d,]+ files listed, [\d,]+ read \(\d+\.\d MB\)\n$/);
    expect(stderr.some((line) => /^svc: repo: 310 files read \(\d+\.\d MB\), 10 facts\n$/.test(line))).toBe(true);
    expect(stdout).toHaveLength(1);
    expect(stdout[0]).toContain('repo: dry run, nothing pushed');
    expect(stdout[0]).toContain('310 files read, 0 skipped, 10 facts');
  });
});
