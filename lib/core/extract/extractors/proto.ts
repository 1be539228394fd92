/**
 * gRPC operations from `.proto` files (proto2, proto3, editions): one
 * operation per `rpc` of every `service`, keyed and named by its gRPC method
 * path (`shop.orders.OrderService/PlaceOrder`), transport `grpc`. A proto
 * file often sits in a shared folder (`protos/`) away from the service that
 * serves it, so the owner is the element whose name reads like the service's
 * (`OrderService` → `orders`), else the deployed element enclosing the file.
 * The request and response messages become JSON Schemas of their proto3 JSON
 * form (proto-json-schema.ts), one per message and file.
 */
import { canonicalName } from '../name-forms';
import { cleanName, jsonPointer, schemaKey } from '../fact-keys';
import { noFileFacts, observedIn, type ElementRef, type Extractor, type FileFacts, type SchemaDraft } from '../file-facts';
import { jsonText } from '../json-references';
import { messageJsonSchema, protoScalarSchemas, wellKnownJsonSchema, wellKnownName, wellKnownSchemas } from '../proto-json-schema';
import { readProtoOutline, resolveProtoType, type ProtoOutline, type ProtoRpc, type ProtoService } from '../proto-outline';
import { folderOf } from '../repository-paths';

/**
 * The names a service's owner may go by: the service's own, and its
 * canonical form in the other grammatical number (`OrderService` also reads
 * `orders`, `PaymentsService` also `payment`), as deployments name a service
 * for what it holds.
 */
export function ownerNamesOf(service: string): string[] {
  const canonical = canonicalName(service);
  if (canonical.length < 3) return [service];
  const other = canonical.endsWith('s') ? (canonical.endsWith('ss') ? null : canonical.slice(0, -1)) : `${canonical}s`;
  return other === null ? [service] : [service, other];
}

/** The gRPC method path: `package.Service/Method`, without `package.` when the file has none. */
export function grpcMethodPath(packageName: string | null, service: string, method: string): string {
  return `${packageName === null ? '' : `${packageName}.`}${service}/${method}`;
}

class ProtoFile {
  readonly facts: FileFacts = { facts: [], hints: [] };
  private readonly schemas = new Map<string, string | null>();

  constructor(
    private readonly path: string,
    private readonly outline: ProtoOutline,
  ) {}

  /** The key of the schema of an RPC's message type, made once per message; null for a type declared in another file. */
  private schemaOf(type: string, rpc: ProtoRpc): string | null {
    const scope = this.outline.package ?? '';
    const declared = resolveProtoType(this.outline, scope, type);
    const fullName = declared ?? wellKnownName(type);
    if (fullName === null || this.outline.enums.has(fullName)) return null;
    const key = schemaKey(this.path, jsonPointer([fullName]));
    if (this.schemas.has(key)) return this.schemas.get(key)!;
    const message = declared === null ? null : this.outline.messages.get(declared)!;
    const content = jsonText(message === null ? wellKnownJsonSchema(fullName) : messageJsonSchema(this.outline, fullName));
    const name = cleanName(fullName);
    // A well-known type is declared elsewhere: the rpc that uses it is where this file states it.
    const lines = message === null ? rpc : message;
    const made = name === null || content === null ? null : key;
    this.schemas.set(key, made);
    if (made !== null) {
      const draft: SchemaDraft = { draft: 'schema', ...observedIn([{ path: this.path, startLine: lines.startLine, endLine: lines.endLine }]), key, name: name!, description: null, content: content! };
      this.facts.facts.push(draft);
    }
    return made;
  }

  service(service: ProtoService): void {
    const owner: ElementRef = { by: 'named-or-enclosing', names: ownerNamesOf(service.name), folder: folderOf(this.path) };
    for (const rpc of service.rpcs) {
      const signature = grpcMethodPath(this.outline.package, service.name, rpc.name);
      // The method path is also the name: it cannot repeat within one owner (two packages may both have an `OrderService`).
      const name = cleanName(signature) ?? cleanName(`${service.name}/${rpc.name}`);
      if (name === null) continue;
      const requestSchemaKey = this.schemaOf(rpc.requestType, rpc);
      const responseSchemaKey = this.schemaOf(rpc.responseType, rpc);
      this.facts.facts.push({
        draft: 'operation',
        ...observedIn([{ path: this.path, startLine: rpc.startLine, endLine: rpc.endLine }]),
        owner,
        signature,
        name,
        transport: 'grpc',
        requestSchemaKey,
        responseSchemaKey,
      });
    }
  }
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function extract(path: string, text: string): FileFacts {
  if (!/\b(?:service|message)\b/.test(text)) return noFileFacts;
  let outline: ProtoOutline;
  try {
    outline = readProtoOutline(text);
  } catch {
    return noFileFacts;
  }
  const file = new ProtoFile(path, outline);
  for (const service of outline.services) file.service(service);
  const notes: string[] = [];
  if (outline.services.length === 0 && outline.messages.size > 0) notes.push(`declares ${plural(outline.messages.size, 'message', 'messages')} and no service`);
  const emptyServices = outline.services.filter((service) => service.rpcs.length === 0).length;
  if (emptyServices > 0) notes.push(`declares ${plural(emptyServices, 'service', 'services')} without an rpc`);
  if (file.facts.facts.length === 0 && notes.length === 0) return noFileFacts;
  return notes.length === 0 ? file.facts : { ...file.facts, notes };
}

export const protoExtractor: Extractor = {
  name: 'proto',
  version: 1,
  mayRead: (path) => /\.proto$/i.test(path),
  extract,
  tables: {
    transport: 'grpc',
    signature: 'package.Service/Method',
    scalars: protoScalarSchemas,
    wellKnown: wellKnownSchemas,
    ownerNames: 'service name, and its canonical form in the other number',
  },
};
