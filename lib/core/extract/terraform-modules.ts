/**
 * Terraform modules read as a whole (docs/extraction.md "Terraform"): the
 * `terraform-block` hints of every .tf file are grouped by folder (one folder
 * is one module), each local `module` block instantiates its source folder
 * with the caller's inputs, and every mapped resource of every instance
 * becomes drafts (extractors/terraform.ts `terraformResourceDrafts`). A folder
 * no local module block calls is a root: its variables take their defaults. A
 * folder that is called is only read through its callers, so a module called
 * twice with different names gives two stores. Pure; the same files in any
 * order give the same drafts.
 */
import type { Evidence } from './extracted-fact';
import { terraformModuleMetaArguments, terraformResourceDrafts, type TerraformInstance } from './extractors/terraform';
import { cleanName } from './fact-keys';
import type { FactDraft, FileFacts, TerraformBlockHint } from './file-facts';
import { baseNameOf, joinRepositoryPath } from './repository-paths';
import { evaluateTerraform, unknown, type TerraformScope, type TerraformValue } from './terraform-values';

export interface TerraformModuleOptions {
  /** Names the scanned root folder when it is a module (the Source's name). */
  rootName?: string;
}

/** Bounds for a repository whose modules call each other deeply or widely. */
const maxCallDepth = 12;
const maxInstances = 2000;

interface TerraformModule {
  folder: string;
  resources: TerraformBlockHint[];
  variables: Map<string, string>;
  locals: Map<string, string>;
  calls: { hint: TerraformBlockHint; target: string | null }[];
}

const noValues: TerraformScope = { variable: () => unknown, local: () => unknown };

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareHints(a: TerraformBlockHint, b: TerraformBlockHint): number {
  const x = a.evidence[0];
  const y = b.evidence[0];
  return compareText(x?.path ?? '', y?.path ?? '') || (x?.startLine ?? 0) - (y?.startLine ?? 0);
}

function isTerraformBlock(hint: FileFacts['hints'][number]): hint is TerraformBlockHint {
  return hint.hint === 'terraform-block';
}

function attribute(hint: TerraformBlockHint, name: string): string | undefined {
  return Object.hasOwn(hint.attributes, name) ? hint.attributes[name] : undefined;
}

function modulesOf(hints: readonly TerraformBlockHint[]): Map<string, TerraformModule> {
  const modules = new Map<string, TerraformModule>();
  for (const hint of [...hints].sort(compareHints)) {
    let module = modules.get(hint.folder);
    if (module === undefined) {
      module = { folder: hint.folder, resources: [], variables: new Map(), locals: new Map(), calls: [] };
      modules.set(hint.folder, module);
    }
    if (hint.block === 'resource') module.resources.push(hint);
    else if (hint.block === 'variable' && hint.labels[0] !== undefined && attribute(hint, 'default') !== undefined && !module.variables.has(hint.labels[0])) module.variables.set(hint.labels[0], hint.attributes.default!);
    else if (hint.block === 'locals') {
      for (const [name, expression] of Object.entries(hint.attributes)) if (!module.locals.has(name)) module.locals.set(name, expression);
    } else if (hint.block === 'module') module.calls.push({ hint, target: null });
  }
  for (const module of modules.values()) {
    for (const call of module.calls) {
      const source = /^"([^"$]*)"$/.exec(attribute(call.hint, 'source') ?? '')?.[1];
      const target = source === undefined ? null : joinRepositoryPath(module.folder, source);
      call.target = target !== null && modules.has(target) ? target : null;
    }
  }
  return modules;
}

/** Reads module instances one call at a time, from the roots down. */
class ModuleExpander {
  readonly drafts: FactDraft[] = [];
  readonly notes: string[] = [];
  readonly instantiated = new Set<string>();
  private instances = 0;

  constructor(
    private readonly modules: Map<string, TerraformModule>,
    private readonly rootName: string | null,
  ) {}

  private scopeOf(module: TerraformModule, inputs: ReadonlyMap<string, TerraformValue>): TerraformScope {
    const evaluating = new Set<string>();
    const scope: TerraformScope = {
      variable: (name) => {
        if (inputs.has(name)) return inputs.get(name)!;
        const fallback = module.variables.get(name);
        // A default is a constant in Terraform: it refers to nothing.
        return fallback === undefined ? unknown : evaluateTerraform(fallback, noValues);
      },
      local: (name) => {
        const expression = module.locals.get(name);
        if (expression === undefined || evaluating.has(name)) return unknown;
        evaluating.add(name);
        const value = evaluateTerraform(expression, scope);
        evaluating.delete(name);
        return value;
      },
    };
    return scope;
  }

  /**
   * Makes the drafts of one instance of a module and of the modules it calls.
   * `callName` is the name of the module block that called it (null for a root).
   */
  instantiate(module: TerraformModule, inputs: ReadonlyMap<string, TerraformValue>, callName: string | null, address: string, callEvidence: Evidence[], stack: readonly string[]): void {
    if (++this.instances > maxInstances) return;
    this.instantiated.add(module.folder);
    const scope = this.scopeOf(module, inputs);
    const instance: TerraformInstance = {
      value: (expression) => evaluateTerraform(expression, scope),
      moduleName: callName ?? (module.folder === '' ? this.rootName : cleanName(baseNameOf(module.folder))),
      address,
      callEvidence,
    };
    for (const resource of module.resources) this.drafts.push(...terraformResourceDrafts(resource, instance));
    for (const call of module.calls) {
      const name = call.hint.labels[0] ?? '';
      if (call.target === null) {
        const source = attribute(call.hint, 'source') ?? '(none)';
        this.notes.push(`module source ${source} in ${call.hint.evidence[0]?.path ?? module.folder} is not followed: no .tf file there`);
        continue;
      }
      // A module that calls itself, directly or not, is read once on the way down.
      if (stack.includes(call.target) || stack.length >= maxCallDepth) continue;
      const count = attribute(call.hint, 'count');
      if (count !== undefined && evaluateTerraform(count, scope) === 0) continue;
      const callInputs = new Map<string, TerraformValue>();
      for (const [input, expression] of Object.entries(call.hint.attributes)) {
        if (!terraformModuleMetaArguments.includes(input)) callInputs.set(input, evaluateTerraform(expression, scope));
      }
      this.instantiate(this.modules.get(call.target)!, callInputs, cleanName(name), `${address}::module.${name}`, [...callEvidence, ...call.hint.evidence], [...stack, call.target]);
    }
  }
}

/**
 * The files' facts with the drafts of every Terraform module instance added
 * (in one more FileFacts), or the files unchanged when none holds Terraform.
 *
 * @example
 * files = expandTerraformModules(files, { rootName: 'shop' });
 */
export function expandTerraformModules(files: readonly FileFacts[], options: TerraformModuleOptions = {}): FileFacts[] {
  const hints = files.flatMap((file) => file.hints.filter(isTerraformBlock));
  if (hints.length === 0) return [...files];
  const modules = modulesOf(hints);
  const called = new Set([...modules.values()].flatMap((module) => module.calls.map((call) => call.target).filter((target) => target !== null)));
  const expander = new ModuleExpander(modules, cleanName(options.rootName));
  const folders = [...modules.keys()].sort(compareText);
  for (const folder of folders) if (!called.has(folder)) expander.instantiate(modules.get(folder)!, new Map(), null, folder, [], [folder]);
  // Modules that only call each other in a ring have no root: each is read on its own.
  for (const folder of folders) if (!expander.instantiated.has(folder)) expander.instantiate(modules.get(folder)!, new Map(), null, folder, [], [folder]);
  const notes = [...new Set(expander.notes)].sort(compareText);
  return [...files, notes.length === 0 ? { facts: expander.drafts, hints: [] } : { facts: expander.drafts, hints: [], notes }];
}
