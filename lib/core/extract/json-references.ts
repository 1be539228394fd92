/**
 * Local references inside one API document (`$ref: '#/components/schemas/Order'`)
 * and self-contained schema texts: a schema fact's content must be a JSON
 * Schema that stands alone (playback checks payloads against it), so the
 * components it refers to are copied under `$defs` and its references point
 * there.
 */
import { asRecord, member } from './structured-text';

type Step = string | number;

/** `#/components/schemas/Order` → `['components', 'schemas', 'Order']`; null for a reference to another file. */
export function localPointerSteps(reference: unknown): string[] | null {
  if (typeof reference !== 'string' || !reference.startsWith('#/')) return null;
  return reference
    .slice(2)
    .split('/')
    .map((step) => step.replaceAll('~1', '/').replaceAll('~0', '~'));
}

function valueAtSteps(root: unknown, steps: readonly Step[]): unknown {
  let current = root;
  for (const step of steps) current = Array.isArray(current) && typeof step === 'number' ? current[step] : member(current, String(step));
  return current;
}

/** A value with its place in the document (for keys and evidence). */
export interface Placed {
  value: unknown;
  steps: Step[];
}

/** The value at `steps`, following `$ref` members (at most 16 hops, so a loop of references ends). */
export function resolveAt(root: unknown, steps: Step[]): Placed | null {
  let placed: Placed = { value: valueAtSteps(root, steps), steps };
  for (let hops = 0; hops < 16; hops++) {
    const target = localPointerSteps(member(placed.value, '$ref'));
    if (target === null) return placed.value === undefined ? null : placed;
    placed = { value: valueAtSteps(root, target), steps: target };
  }
  return null;
}

const maxDepth = 64;

/**
 * A copy of a schema whose references into `components` (`#/components/schemas/X`)
 * point at `#/$defs/X`, with every component it needs (also through other
 * components) under `$defs`. Null when the schema is not an object or nests too deep.
 */
export function selfContainedSchema(schema: unknown, root: unknown, componentsAt: readonly string[] = ['components', 'schemas']): Record<string, unknown> | null {
  const prefix = `#/${componentsAt.join('/')}/`;
  const needed = new Map<string, unknown>();
  const pending: string[] = [];
  function rewrite(value: unknown, depth: number): unknown {
    if (depth > maxDepth) throw new RangeError('schema nests too deep');
    if (Array.isArray(value)) return value.map((item) => rewrite(item, depth + 1));
    const record = asRecord(value);
    if (record === null) return value;
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(record)) {
      if (key === '$ref' && typeof item === 'string' && item.startsWith(prefix)) {
        const name = item.slice(prefix.length).replaceAll('~1', '/').replaceAll('~0', '~');
        if (!needed.has(name)) {
          needed.set(name, undefined);
          pending.push(name);
        }
        copy[key] = `#/$defs/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      } else {
        Object.defineProperty(copy, key, { value: rewrite(item, depth + 1), enumerable: true, writable: true, configurable: true });
      }
    }
    return copy;
  }
  try {
    const top = rewrite(schema, 0);
    const result = asRecord(top);
    if (result === null) return null;
    while (pending.length > 0) {
      const name = pending.shift()!;
      needed.set(name, rewrite(valueAtSteps(root, [...componentsAt, name]) ?? {}, 0));
    }
    if (needed.size > 0) {
      const defs: Record<string, unknown> = { ...(asRecord(result.$defs) ?? {}) };
      for (const [name, definition] of [...needed].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        Object.defineProperty(defs, name, { value: definition, enumerable: true, writable: true, configurable: true });
      }
      result.$defs = defs;
    }
    return result;
  } catch {
    return null;
  }
}

/** JSON text of a value, or null when it cannot be written (a cycle from YAML aliases). */
export function jsonText(value: unknown): string | null {
  try {
    return JSON.stringify(value) ?? null;
  } catch {
    return null;
  }
}
