/**
 * Type-checks k6 scripts with the TypeScript compiler against k6's published
 * types (@types/k6): no k6 binary can be installed here (shared recipes,
 * "k6 scripts"). The recipe's compiler options, plus `allowJs` and `checkJs`
 * because the scripts are the JavaScript k6 runs, typed by JSDoc; `tsc -p`
 * on a tsconfig of its own (naming files next to the repository's
 * tsconfig.json is TS5112). An unknown module, function or option fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repository = resolve(import.meta.dirname, '../..');
const tsc = join(repository, 'node_modules/typescript/bin/tsc');

export const k6CompilerOptions = Object.freeze({
  target: 'es2020',
  module: 'esnext',
  moduleResolution: 'bundler',
  lib: ['es2020'],
  types: ['k6'],
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  allowJs: true,
  checkJs: true,
});

/** Exit code and diagnostics of `tsc -p` over the scripts (file name → text); code 0 when every script checks. */
export async function typeCheckK6Scripts(scripts: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const folder = await mkdtemp(join(tmpdir(), 'svc-k6-check-'));
  try {
    // Module names (`k6/http`) resolve through a node_modules next to the scripts.
    await symlink(join(repository, 'node_modules'), join(folder, 'node_modules'), 'dir');
    for (const [name, text] of Object.entries(scripts)) await writeFile(join(folder, name), text);
    await writeFile(join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions: k6CompilerOptions, include: Object.keys(scripts) }));
    const run = spawnSync(process.execPath, [tsc, '-p', join(folder, 'tsconfig.json')], { encoding: 'utf8', timeout: 120_000 });
    return { code: run.status, output: `${run.stdout}${run.stderr}`.replaceAll(`${folder}/`, '') };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
