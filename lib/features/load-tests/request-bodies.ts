/**
 * Request bodies made from a JSON Schema (pure): the same schema and seed
 * always give the same bodies, so a script is byte-identical for the same
 * inputs. Covers the keywords request schemas use (type, properties,
 * required, items, enum, const, examples, default, formats, bounds,
 * allOf/anyOf/oneOf, local `$ref`); every body is then checked against the
 * schema by the playback's schema checker, so a keyword this does not follow
 * (such as `pattern`) refuses the script rather than sending a body the
 * service would turn away (docs/load-tests.md "Request bodies").
 */
import type { JsonValue } from '../../core/playback/scenario-document';

/** Bodies a script cycles through. */
export const bodiesPerScript = 4;
/** Deeper than this a schema is taken to be recursive. */
const maxDepth = 24;

type Schema = Record<string, unknown>;
type Random = () => number;

/** mulberry32: a small seeded generator, uniform on [0, 1). */
function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class CannotGenerate extends Error {}

function isSchema(value: unknown): value is Schema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function pointerTarget(root: unknown, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) throw new CannotGenerate(`$ref ${ref} is not a local reference`);
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isSchema(node) || !Object.hasOwn(node, key)) throw new CannotGenerate(`$ref ${ref} names nothing in the schema`);
    node = node[key];
  }
  return node;
}

function numberBound(schema: Schema, key: string): number | undefined {
  const value = schema[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function pick<T>(items: readonly T[], random: Random): T {
  return items[Math.floor(random() * items.length)]!;
}

function hex(random: Random, digits: number): string {
  let text = '';
  for (let i = 0; i < digits; i++) text += Math.floor(random() * 16).toString(16);
  return text;
}

const words = ['alpha', 'bravo', 'delta', 'echo', 'kilo', 'lima', 'oscar', 'sierra'];

function formattedString(format: string, random: Random): string | undefined {
  switch (format) {
    case 'uuid':
      return `${hex(random, 8)}-${hex(random, 4)}-4${hex(random, 3)}-${pick(['8', '9', 'a', 'b'], random)}${hex(random, 3)}-${hex(random, 12)}`;
    case 'date-time':
      return new Date(Date.UTC(2024, 0, 1) + Math.floor(random() * 365 * 86_400) * 1000).toISOString().replace('.000Z', 'Z');
    case 'date':
      return new Date(Date.UTC(2024, 0, 1) + Math.floor(random() * 365) * 86_400_000).toISOString().slice(0, 10);
    case 'email':
      return `${pick(words, random)}${Math.floor(random() * 1000)}@example.com`;
    case 'uri':
    case 'url':
      return `https://example.com/${pick(words, random)}/${Math.floor(random() * 1000)}`;
    case 'hostname':
      return `${pick(words, random)}.example.com`;
    case 'ipv4':
      return `192.0.2.${1 + Math.floor(random() * 254)}`;
    default:
      return undefined;
  }
}

function plainString(schema: Schema, random: Random): string {
  const min = numberBound(schema, 'minLength') ?? 0;
  const max = numberBound(schema, 'maxLength') ?? Math.max(min, 24);
  let text = `${pick(words, random)}-${Math.floor(random() * 10_000)}`;
  while (text.length < min) text += `-${pick(words, random)}`;
  if (text.length > max) text = text.slice(0, Math.max(min, max));
  return text;
}

function numberIn(schema: Schema, random: Random, integer: boolean): number {
  const exclusiveMin = numberBound(schema, 'exclusiveMinimum');
  const exclusiveMax = numberBound(schema, 'exclusiveMaximum');
  const step = integer ? 1 : 0.01;
  let low = numberBound(schema, 'minimum') ?? (exclusiveMin !== undefined ? exclusiveMin + step : undefined);
  let high = numberBound(schema, 'maximum') ?? (exclusiveMax !== undefined ? exclusiveMax - step : undefined);
  low ??= high !== undefined ? Math.min(0, high) : 0;
  high ??= low + 1000;
  if (integer) {
    low = Math.ceil(low);
    high = Math.floor(high);
  }
  if (high < low) throw new CannotGenerate(`no ${integer ? 'integer' : 'number'} lies between ${low} and ${high}`);
  const multipleOf = numberBound(schema, 'multipleOf');
  if (multipleOf !== undefined && multipleOf > 0) {
    const first = Math.ceil(low / multipleOf);
    const last = Math.floor(high / multipleOf);
    if (last < first) throw new CannotGenerate(`no multiple of ${multipleOf} lies between ${low} and ${high}`);
    return (first + Math.floor(random() * (last - first + 1))) * multipleOf;
  }
  const value = low + random() * (high - low);
  return integer ? Math.min(high, Math.floor(value)) : Math.round(value * 100) / 100;
}

/** allOf merged into one schema: members joined, `required` and `properties` unioned. */
function mergeAllOf(schema: Schema, resolve: (s: unknown) => Schema): Schema {
  const parts = (schema.allOf as unknown[]).map(resolve);
  const merged: Schema = { ...schema };
  delete merged.allOf;
  const properties: Schema = { ...((isSchema(schema.properties) && schema.properties) || {}) };
  const required = new Set<string>(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : []);
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) if (key !== 'properties' && key !== 'required' && !(key in merged)) merged[key] = value;
    if (isSchema(part.properties)) Object.assign(properties, part.properties);
    if (Array.isArray(part.required)) for (const r of part.required) if (typeof r === 'string') required.add(r);
  }
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  return merged;
}

function typeOf(schema: Schema): string {
  const declared = schema.type;
  if (typeof declared === 'string') return declared;
  if (Array.isArray(declared)) return (declared.find((t) => t !== 'null') ?? declared[0] ?? 'string') as string;
  if (isSchema(schema.properties) || Array.isArray(schema.required)) return 'object';
  if (schema.items !== undefined || schema.prefixItems !== undefined) return 'array';
  return 'string';
}

function generator(root: unknown, random: Random) {
  function resolve(value: unknown, depth: number): Schema {
    let schema = value;
    for (let hops = 0; isSchema(schema) && typeof schema.$ref === 'string'; hops++) {
      if (hops > maxDepth) throw new CannotGenerate('$ref chain does not end');
      const target = pointerTarget(root, schema.$ref);
      const { $ref: _ref, ...rest } = schema;
      schema = isSchema(target) ? { ...target, ...rest } : target;
    }
    if (schema === true || schema === undefined) return {};
    if (schema === false) throw new CannotGenerate('a false schema allows no value');
    if (!isSchema(schema)) throw new CannotGenerate('a schema must be an object or a boolean');
    return Array.isArray(schema.allOf) ? mergeAllOf(schema, (s) => resolve(s, depth)) : schema;
  }

  function value(raw: unknown, depth: number): JsonValue {
    if (depth > maxDepth) throw new CannotGenerate('the schema nests deeper than 24 levels (recursive?)');
    const schema = resolve(raw, depth);
    if ('const' in schema) return schema.const as JsonValue;
    if (Array.isArray(schema.enum) && schema.enum.length > 0) return pick(schema.enum as JsonValue[], random);
    if (Array.isArray(schema.examples) && schema.examples.length > 0) return pick(schema.examples as JsonValue[], random);
    if ('default' in schema) return schema.default as JsonValue;
    const choices = (Array.isArray(schema.oneOf) && schema.oneOf) || (Array.isArray(schema.anyOf) && schema.anyOf);
    if (choices && choices.length > 0) {
      const { oneOf: _one, anyOf: _any, ...rest } = schema;
      return value({ ...rest, ...resolve(choices[0], depth) }, depth + 1);
    }
    switch (typeOf(schema)) {
      case 'null':
        return null;
      case 'boolean':
        return random() < 0.5;
      case 'integer':
        return numberIn(schema, random, true);
      case 'number':
        return numberIn(schema, random, false);
      case 'array': {
        const min = numberBound(schema, 'minItems') ?? 1;
        const max = numberBound(schema, 'maxItems') ?? Math.max(min, 2);
        const length = Math.min(max, Math.max(min, 1 + Math.floor(random() * 2)));
        const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
        return Array.from({ length }, (_, i) => value(i < prefix.length ? prefix[i] : schema.items, depth + 1));
      }
      case 'object': {
        const properties = isSchema(schema.properties) ? schema.properties : {};
        const body: { [key: string]: JsonValue } = {};
        for (const [key, member] of Object.entries(properties)) body[key] = value(member, depth + 1);
        const required = Array.isArray(schema.required) ? schema.required : [];
        for (const key of required) if (typeof key === 'string' && !Object.hasOwn(body, key)) body[key] = plainString({}, random);
        return body;
      }
      default: {
        const format = typeof schema.format === 'string' ? formattedString(schema.format, random) : undefined;
        return format ?? plainString(schema, random);
      }
    }
  }
  return value;
}

/**
 * `count` bodies for the schema text, or why none can be made. The schema
 * checker decides afterwards whether each body matches.
 */
export function generateBodies(schemaText: string, seed: number, count = bodiesPerScript): { ok: true; bodies: JsonValue[] } | { ok: false; reason: string } {
  let root: unknown;
  try {
    root = JSON.parse(schemaText);
  } catch {
    return { ok: false, reason: 'the schema content is not JSON' };
  }
  const random = seededRandom(seed);
  const value = generator(root, random);
  try {
    return { ok: true, bodies: Array.from({ length: count }, () => value(root, 0)) };
  } catch (error) {
    if (error instanceof CannotGenerate) return { ok: false, reason: error.message };
    throw error;
  }
}
