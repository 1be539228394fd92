import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../functions/routes';
import { isEndpoint, type Endpoint } from '../../lib/platform/http/define-route';
import { routeKeyOf } from '../../lib/platform/http/route-definition';

/**
 * docs/architecture.md "Adding an endpoint": an endpoint is one module, `functions/<group>/<operation>.ts`
 * exporting `defineRoute({...})`, and one line of the route list (functions/routes.ts). A module the
 * list forgets would never answer; one whose group or operation names another place would send a reader
 * (and the function bundle, which takes its modules from the folder) to the wrong file.
 */

const root = path.resolve(import.meta.dirname, '../..');

async function functionModules(): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(path.join(root, 'functions'), { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    found.push(path.relative(root, path.join(entry.parentPath, entry.name)));
  }
  return found.sort();
}

describe('the route list', () => {
  it('lists every endpoint module of functions/, each under the folder and file name its group and operation give', async () => {
    const listed = new Set<unknown>(endpoints);
    const unlisted: string[] = [];
    const misplaced: string[] = [];
    for (const file of await functionModules()) {
      // The list itself, and the scripts that write files from it when they run (functions/write-*.ts).
      if (file === 'functions/routes.ts' || /^functions\/write-[\w-]+\.ts$/.test(file)) continue;
      const module = (await import(path.join(root, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) {
        // A module exports one endpoint, or a list of endpoints of one kind (a model collection's five, say).
        const exported = (Array.isArray(value) ? value : [value]).filter((item): item is Endpoint => typeof item === 'object' && item !== null && isEndpoint(item));
        for (const endpoint of exported) {
          if (!listed.has(endpoint)) unlisted.push(`${file} exports ${name} (${routeKeyOf(endpoint)})`);
          const expected = Array.isArray(value) ? `functions/${endpoint.group}/` : `functions/${endpoint.group}/${endpoint.operation}.ts`;
          if (Array.isArray(value) ? !file.startsWith(expected) : file !== expected) misplaced.push(`${routeKeyOf(endpoint)} is in ${file}, its group and operation say ${expected}`);
        }
      }
    }
    expect(unlisted, 'endpoint modules missing from functions/routes.ts').toEqual([]);
    expect(misplaced).toEqual([]);
  });

  it('names each method and path once, and imports each module by the name it exports', async () => {
    const keys = endpoints.map(routeKeyOf);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    const list = await readFile(path.join(root, 'functions/routes.ts'), 'utf8');
    // The function bundles read these lines (esbuild.config.mjs): each names a module of its group's folder, and
    // every endpoint of the list comes from one of them.
    const fromLines = new Set<Endpoint>();
    for (const [, name, group, file] of list.matchAll(/^import \{ (\w+) \} from '\.\/([\w-]+)\/([\w-]+)';$/gm)) {
      const exported = ((await import(path.join(root, 'functions', group!, `${file}.ts`))) as Record<string, Endpoint | Endpoint[]>)[name!];
      for (const endpoint of [exported ?? []].flat()) {
        expect(endpoint.group, `${name} from ./${group}/${file}`).toBe(group);
        fromLines.add(endpoint);
      }
    }
    expect(endpoints.filter((endpoint) => !fromLines.has(endpoint)).map(routeKeyOf)).toEqual([]);
  });
});
