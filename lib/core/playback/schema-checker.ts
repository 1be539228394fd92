/**
 * Payload checks against the JSON Schemas of the model (part 1 validation
 * codes schema-mismatch, missing-payload, invalid-schema): each schema is
 * compiled at most once per run, the result (or the reason it cannot be
 * evaluated) cached by schema ID. Compiled results are also kept across runs
 * by schema text (see `compiledByContent`).
 */
import { Ajv, type AnySchema, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { SchemaRecord } from '../model/model-records';
import { budgetedRegExp } from './budgeted-regexp';

/** The answer for one payload: valid, invalid (first reason) or a schema that cannot be evaluated. */
export type SchemaCheckResult = { kind: 'valid' } | { kind: 'invalid'; reason: string } | { kind: 'unusable-schema'; reason: string };

/** Checks payloads against schemas by ID, compiling each schema once. */
export interface SchemaChecker {
  check(schemaId: string, value: unknown): SchemaCheckResult;
  /** How many schemas were compiled (or found unusable) so far. */
  readonly compiledSchemas: number;
}

type Dialect = 'draft-07' | '2019-09' | '2020-12';
type Compiled = { ok: true; validate: ValidateFunction } | { ok: false; reason: string };

// "$schema" names the dialect; without one a schema is read as draft-07 (Ajv's default).
const dialects: ReadonlyArray<[RegExp, Dialect]> = [
  [/^https?:\/\/json-schema\.org\/draft-07\/schema#?$/, 'draft-07'],
  [/^https?:\/\/json-schema\.org\/draft\/2019-09\/schema#?$/, '2019-09'],
  [/^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/, '2020-12'],
];

// Formats are annotations here (no format vocabulary is installed); unknown keywords are ignored, as JSON Schema says.
// Patterns are tested under the schema-check budget (budgeted-regexp.ts).
const ajvOptions = { strict: false, allErrors: false, addUsedSchema: false, logger: false, code: { regExp: budgetedRegExp } } as const;

function firstError(errors: ErrorObject[] | null | undefined): string {
  const error = errors?.[0];
  if (!error) return 'does not match the schema';
  return `${error.instancePath === '' ? '(root)' : error.instancePath} ${error.message ?? 'does not match the schema'}`;
}

/**
 * One Ajv per dialect for the process: creating one compiles its meta-schema
 * (tens of milliseconds), which a run should not pay. Each model schema is
 * removed from it right after compiling, so nothing of one run stays for the
 * next (not a `$id`, not a cached function).
 */
const instances = new Map<Dialect, Ajv>();

function instance(dialect: Dialect): Ajv {
  let ajv = instances.get(dialect);
  if (!ajv) {
    ajv = dialect === '2020-12' ? new Ajv2020(ajvOptions) : dialect === '2019-09' ? new Ajv2019(ajvOptions) : new Ajv(ajvOptions);
    instances.set(dialect, ajv);
  }
  return ajv;
}

function compileOnce(dialect: Dialect, schema: AnySchema): ValidateFunction {
  const ajv = instance(dialect);
  // Compiling registers the schema's `$id` and every nested `$id` in `refs`: take them all out again.
  const refsBefore = new Set(Object.keys(ajv.refs));
  const schemasBefore = new Set(Object.keys(ajv.schemas));
  try {
    return ajv.compile(schema);
  } finally {
    if (typeof schema === 'object') ajv.removeSchema(schema);
    for (const key of Object.keys(ajv.refs)) if (!refsBefore.has(key)) delete ajv.refs[key];
    for (const key of Object.keys(ajv.schemas)) if (!schemasBefore.has(key)) delete ajv.schemas[key];
  }
}

/** Reads and compiles one schema text; never throws. */
function compileContent(content: string): Compiled {
  let schema: unknown;
  try {
    schema = JSON.parse(content);
  } catch {
    return { ok: false, reason: 'content is not JSON' };
  }
  if (typeof schema === 'boolean') return { ok: true, validate: compileOnce('draft-07', schema) };
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return { ok: false, reason: 'content is not a JSON Schema object' };
  const declared = (schema as Record<string, unknown>).$schema;
  let dialect: Dialect = 'draft-07';
  if (declared !== undefined) {
    const found = typeof declared === 'string' ? dialects.find(([pattern]) => pattern.test(declared)) : undefined;
    if (!found) return { ok: false, reason: `$schema ${JSON.stringify(declared)} is not a supported dialect (draft-07, 2019-09, 2020-12)` };
    dialect = found[1];
  }
  try {
    return { ok: true, validate: compileOnce(dialect, schema as AnySchema) };
  } catch (error) {
    return { ok: false, reason: (error as Error).message.split('\n')[0] ?? 'does not compile' };
  }
}

/**
 * Compiled schemas by their exact text, least recently used first. Compiling
 * is most of a run's validation time (Ajv generates and evaluates code), and
 * the same schemas come back run after run. Sound because a compile depends on
 * the text alone: the dialect is read from it and nothing of another schema
 * stays registered (`compileOnce`). Bounded in entries and in text size.
 */
const compiledByContent = new Map<string, Compiled>();
const cachedSchemaLimit = 256;
const cachedSchemaTextLimit = 64 * 1024;

function compileCached(content: string): Compiled {
  const cached = compiledByContent.get(content);
  if (cached) {
    compiledByContent.delete(content);
    compiledByContent.set(content, cached);
    return cached;
  }
  const compiled = compileContent(content);
  if (content.length <= cachedSchemaTextLimit) {
    compiledByContent.set(content, compiled);
    if (compiledByContent.size > cachedSchemaLimit) compiledByContent.delete(compiledByContent.keys().next().value!);
  }
  return compiled;
}

/**
 * A checker over the schemas of one model snapshot, made once per run: it
 * compiles each schema the first time a payload needs it (or takes it from
 * the cache of compiled texts).
 *
 * @example
 * const checker = createSchemaChecker(model.schema);
 * checker.check(schemaId, { orderId: 1 }) // { kind: 'invalid', reason: '/orderId must be string' }
 */
export function createSchemaChecker(schemas: ReadonlyMap<string, SchemaRecord>): SchemaChecker {
  const compiled = new Map<string, Compiled>();

  function compile(schemaId: string): Compiled {
    const record = schemas.get(schemaId);
    if (!record) return { ok: false, reason: 'is not in the model' };
    return compileCached(record.content);
  }

  return {
    get compiledSchemas() {
      return compiled.size;
    },
    check(schemaId, value) {
      let entry = compiled.get(schemaId);
      if (!entry) {
        entry = compile(schemaId);
        compiled.set(schemaId, entry);
      }
      if (!entry.ok) return { kind: 'unusable-schema', reason: entry.reason };
      return entry.validate(value) ? { kind: 'valid' } : { kind: 'invalid', reason: firstError(entry.validate.errors) };
    },
  };
}
