/**
 * A protobuf message as the JSON Schema (2020-12) of its proto3 JSON form
 * (protobuf.dev "ProtoJSON Format"): the message at the root, every message
 * and enum it reaches through its fields under `$defs` by full name. Fields
 * are named by their JSON names; 64-bit integers are decimal strings, `bytes`
 * base64 strings, enums their value names, maps objects, well-known types
 * their JSON forms. A type declared in another file stays open (`{}` with
 * its name as the title): one file is all an extractor reads.
 */
import { resolveProtoType, type ProtoField, type ProtoOutline } from './proto-outline';

type JsonSchema = Record<string, unknown>;

const int64 = { type: 'string', pattern: '^-?[0-9]+$' };
const uint64 = { type: 'string', pattern: '^[0-9]+$' };

/** Scalar value types. */
export const protoScalarSchemas: Readonly<Record<string, JsonSchema>> = Object.freeze({
  double: { type: 'number' },
  float: { type: 'number' },
  int32: { type: 'integer' },
  sint32: { type: 'integer' },
  sfixed32: { type: 'integer' },
  uint32: { type: 'integer', minimum: 0 },
  fixed32: { type: 'integer', minimum: 0 },
  int64,
  sint64: int64,
  sfixed64: int64,
  uint64,
  fixed64: uint64,
  bool: { type: 'boolean' },
  string: { type: 'string' },
  bytes: { type: 'string', contentEncoding: 'base64' },
});

/** Well-known types (google/protobuf/*.proto) by full name, as their JSON forms. */
export const wellKnownSchemas: Readonly<Record<string, JsonSchema>> = Object.freeze({
  'google.protobuf.Timestamp': { type: 'string', format: 'date-time' },
  'google.protobuf.Duration': { type: 'string', pattern: '^-?[0-9]+(?:\\.[0-9]+)?s$' },
  'google.protobuf.Empty': { type: 'object', maxProperties: 0 },
  'google.protobuf.Struct': { type: 'object' },
  'google.protobuf.Value': {},
  'google.protobuf.ListValue': { type: 'array' },
  'google.protobuf.NullValue': { type: 'null' },
  'google.protobuf.FieldMask': { type: 'string' },
  'google.protobuf.Any': { type: 'object', required: ['@type'], properties: { '@type': { type: 'string' } } },
  'google.protobuf.DoubleValue': { type: ['number', 'null'] },
  'google.protobuf.FloatValue': { type: ['number', 'null'] },
  'google.protobuf.Int64Value': { type: ['string', 'null'], pattern: '^-?[0-9]+$' },
  'google.protobuf.UInt64Value': { type: ['string', 'null'], pattern: '^[0-9]+$' },
  'google.protobuf.Int32Value': { type: ['integer', 'null'] },
  'google.protobuf.UInt32Value': { type: ['integer', 'null'], minimum: 0 },
  'google.protobuf.BoolValue': { type: ['boolean', 'null'] },
  'google.protobuf.StringValue': { type: ['string', 'null'] },
  'google.protobuf.BytesValue': { type: ['string', 'null'], contentEncoding: 'base64' },
});

const dialect = 'https://json-schema.org/draft/2020-12/schema';

/** A well-known type's full name for a reference (`google.protobuf.Timestamp`, `.google.protobuf.Timestamp`), or null. */
export function wellKnownName(reference: string): string | null {
  const full = reference.replace(/^\./, '');
  return Object.hasOwn(wellKnownSchemas, full) ? full : null;
}

function definitionRef(fullName: string): JsonSchema {
  return { $ref: `#/$defs/${fullName.replaceAll('~', '~0').replaceAll('/', '~1')}` };
}

class SchemaWriter {
  readonly defs = new Map<string, JsonSchema | null>();
  private readonly pending: string[] = [];

  constructor(private readonly outline: ProtoOutline) {}

  /** The schema of a value of the type a field names from inside `scope`. */
  valueType(scope: string, type: string): JsonSchema {
    const scalar = Object.hasOwn(protoScalarSchemas, type) ? protoScalarSchemas[type] : undefined;
    if (scalar !== undefined) return { ...scalar };
    const resolved = resolveProtoType(this.outline, scope, type);
    if (resolved === null) {
      const known = wellKnownName(type);
      return known === null ? { title: type.replace(/^\./, ''), $comment: 'declared in an imported file' } : structuredClone(wellKnownSchemas[known]!);
    }
    if (!this.defs.has(resolved)) {
      this.defs.set(resolved, null);
      this.pending.push(resolved);
    }
    return definitionRef(resolved);
  }

  field(scope: string, field: ProtoField): JsonSchema {
    const value = this.valueType(scope, field.type);
    if (field.mapKey !== null) return { type: 'object', additionalProperties: value };
    return field.label === 'repeated' ? { type: 'array', items: value } : value;
  }

  /** The schema of a message or enum this file declares. */
  declared(fullName: string): JsonSchema {
    const enumeration = this.outline.enums.get(fullName);
    if (enumeration !== undefined) return { title: fullName, type: 'string', enum: enumeration.values };
    const message = this.outline.messages.get(fullName)!;
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    const oneofs = new Map<string, string[]>();
    for (const field of message.fields) {
      if (Object.hasOwn(properties, field.jsonName)) continue;
      Object.defineProperty(properties, field.jsonName, { value: this.field(fullName, field), enumerable: true, writable: true, configurable: true });
      if (field.label === 'required') required.push(field.jsonName);
      if (field.oneof !== null) oneofs.set(field.oneof, [...(oneofs.get(field.oneof) ?? []), field.jsonName]);
    }
    const schema: JsonSchema = { title: fullName, type: 'object', properties };
    if (required.length > 0) schema.required = required;
    // A oneof sets at most one of its fields: no two of them together.
    const exclusive = [...oneofs.values()].flatMap((names) => names.flatMap((first, index) => names.slice(index + 1).map((second) => ({ required: [first, second] }))));
    if (exclusive.length > 0) schema.not = { anyOf: exclusive };
    return schema;
  }

  /** Writes every definition reached so far (and those they reach). */
  drain(): void {
    while (this.pending.length > 0) {
      const fullName = this.pending.shift()!;
      this.defs.set(fullName, this.declared(fullName));
    }
  }
}

/**
 * The JSON Schema of a message this file declares, standing alone: referenced
 * messages and enums (also nested and recursive ones) under `$defs`.
 */
export function messageJsonSchema(outline: ProtoOutline, fullName: string): JsonSchema | null {
  if (!outline.messages.has(fullName)) return null;
  const writer = new SchemaWriter(outline);
  const root = writer.declared(fullName);
  writer.drain();
  const defs: Record<string, JsonSchema> = {};
  for (const [name, definition] of [...writer.defs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    // A message that refers to itself has its own copy here, so `#/$defs/<name>` resolves.
    Object.defineProperty(defs, name, { value: definition ?? {}, enumerable: true, writable: true, configurable: true });
  }
  return { $schema: dialect, ...root, ...(writer.defs.size > 0 ? { $defs: defs } : {}) };
}

/** The JSON Schema of a well-known type used directly as a request or response. */
export function wellKnownJsonSchema(fullName: string): JsonSchema {
  return { $schema: dialect, title: fullName, ...structuredClone(wellKnownSchemas[fullName]!) };
}
