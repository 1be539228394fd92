/**
 * Service-to-service calls read from trace files (part 2 "Sources": trace
 * upload): OTLP JSON (`resourceSpans`, as an OTLP/HTTP JSON export or the
 * collector's file exporter writes it, one object or one per line) and
 * Jaeger JSON (`data[].spans` with `processes`, as Jaeger's UI and API
 * export it). A call is a span whose parent span belongs to another service.
 * Pure: text in, counts out.
 */
import { shortTextProblem } from '../../platform/text/text-rules';

export interface ServiceCall {
  from: string;
  to: string;
  count: number;
  /** `HTTP`, `gRPC`, `messaging` or null, from the callee span's attributes and kind. */
  technology: string | null;
}

export interface TraceCalls {
  format: 'otlp' | 'jaeger';
  spans: number;
  services: string[];
  calls: ServiceCall[];
}

export class TraceFormatError extends Error {
  override readonly name = 'TraceFormatError';
  /** Where in the file, as a path inside its JSON document (`resourceSpans[0]…`); undefined: the file as a whole. */
  readonly field: string | undefined;

  constructor(message: string, field?: string) {
    super(message);
    this.field = field;
  }
}

/** One JSON document of the file, and its line when the file holds one per line (null for a single document). */
interface TraceDocument {
  document: Record<string, unknown>;
  line: number | null;
}

interface SpanView {
  trace: string;
  id: string;
  parent: string | null;
  service: string;
  technology: string | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 && value.length <= 500 ? value : null);

/**
 * A service name is the only text of the file that is kept (an app's name and
 * key): it follows the name rule of model records (no control characters,
 * valid Unicode; U+0000 and lone surrogates cannot be stored at all), or the
 * whole file is refused, naming where the name is.
 */
function serviceName(value: unknown, at: TraceDocument, path: string): string | null {
  const name = text(value);
  if (name === null) return null;
  const problem = shortTextProblem(name);
  if (problem !== null) throw new TraceFormatError(`${at.line === null ? '' : `line ${at.line}: `}the service name ${problem}`, path);
  return name;
}

/** OTLP attribute lists `[{key, value: {stringValue}}]` as a plain map of their string values. */
function otlpAttributes(list: unknown): Map<string, string> {
  const out = new Map<string, string>();
  if (!Array.isArray(list)) return out;
  for (const item of list) {
    if (!isObject(item) || typeof item.key !== 'string' || !isObject(item.value)) continue;
    const value = item.value.stringValue ?? item.value.intValue ?? item.value.boolValue;
    if (value !== undefined) out.set(item.key, String(value));
  }
  return out;
}

function technologyOf(attributes: Map<string, string>, kind: unknown): string | null {
  if (attributes.get('rpc.system') === 'grpc') return 'gRPC';
  if (attributes.has('messaging.system') || kind === 4 || kind === 5 || kind === 'SPAN_KIND_PRODUCER' || kind === 'SPAN_KIND_CONSUMER' || kind === 'producer' || kind === 'consumer') return 'messaging';
  if ([...attributes.keys()].some((k) => k.startsWith('http.'))) return 'HTTP';
  return null;
}

/** `service.name` among a resource's OTLP attributes, with the path of its value. */
function otlpServiceName(resource: unknown, at: TraceDocument, path: string): string | null {
  const attributes = isObject(resource) && Array.isArray(resource.attributes) ? resource.attributes : [];
  let found: string | null = null;
  for (const [index, item] of attributes.entries()) {
    if (!isObject(item) || item.key !== 'service.name' || !isObject(item.value)) continue;
    // The last one wins, as otlpAttributes reads them.
    const value = item.value.stringValue ?? item.value.intValue ?? item.value.boolValue;
    if (value !== undefined) found = serviceName(String(value), at, `${path}.resource.attributes[${index}].value.stringValue`);
  }
  return found;
}

function otlpSpans(at: TraceDocument): SpanView[] {
  const { document } = at;
  const spans: SpanView[] = [];
  for (const [index, resourceSpans] of (Array.isArray(document.resourceSpans) ? document.resourceSpans : []).entries()) {
    if (!isObject(resourceSpans)) continue;
    const service = otlpServiceName(resourceSpans.resource, at, `resourceSpans[${index}]`) ?? 'unknown_service';
    const scopes = [...(Array.isArray(resourceSpans.scopeSpans) ? resourceSpans.scopeSpans : []), ...(Array.isArray(resourceSpans.instrumentationLibrarySpans) ? resourceSpans.instrumentationLibrarySpans : [])];
    for (const scope of scopes) {
      if (!isObject(scope) || !Array.isArray(scope.spans)) continue;
      for (const span of scope.spans) {
        if (!isObject(span)) continue;
        const trace = text(span.traceId);
        const id = text(span.spanId);
        if (trace === null || id === null) continue;
        spans.push({ trace, id, parent: text(span.parentSpanId), service, technology: technologyOf(otlpAttributes(span.attributes), span.kind) });
      }
    }
  }
  return spans;
}

function jaegerSpans(at: TraceDocument): SpanView[] {
  const { document } = at;
  const spans: SpanView[] = [];
  for (const [traceIndex, trace] of (Array.isArray(document.data) ? document.data : []).entries()) {
    if (!isObject(trace) || !Array.isArray(trace.spans)) continue;
    const processes = isObject(trace.processes) ? trace.processes : {};
    for (const [spanIndex, span] of trace.spans.entries()) {
      if (!isObject(span)) continue;
      const traceId = text(span.traceID) ?? text(trace.traceID);
      const id = text(span.spanID);
      if (traceId === null || id === null) continue;
      const own = isObject(span.process);
      const processId = String(span.processID);
      const process = own ? (span.process as Record<string, unknown>) : Object.hasOwn(processes, processId) && isObject(processes[processId]) ? (processes[processId] as Record<string, unknown>) : {};
      const processPath = own ? `data[${traceIndex}].spans[${spanIndex}].process` : `data[${traceIndex}].processes.${processId}`;
      const references = Array.isArray(span.references) ? span.references : [];
      const parentRef = references.find((r) => isObject(r) && r.refType === 'CHILD_OF') ?? references.find((r) => isObject(r) && r.refType === 'FOLLOWS_FROM');
      const tags = new Map<string, string>();
      for (const tag of Array.isArray(span.tags) ? span.tags : []) if (isObject(tag) && typeof tag.key === 'string' && tag.value !== undefined) tags.set(tag.key, String(tag.value));
      spans.push({ trace: traceId, id, parent: isObject(parentRef) ? text(parentRef.spanID) : null, service: serviceName(process.serviceName, at, `${processPath}.serviceName`) ?? 'unknown_service', technology: technologyOf(tags, tags.get('span.kind')) });
    }
  }
  return spans;
}

/** The JSON documents of a file: one document, or one per line (the collector's file exporter). */
function documentsOf(content: string): TraceDocument[] {
  const trimmed = content.trim();
  if (trimmed === '') throw new TraceFormatError('The file is empty.');
  try {
    const one: unknown = JSON.parse(trimmed);
    if (isObject(one)) return [{ document: one, line: null }];
    throw new TraceFormatError('The file is JSON but not an object of OTLP or Jaeger traces.');
  } catch (error) {
    if (error instanceof TraceFormatError) throw error;
    const out: TraceDocument[] = [];
    for (const [index, line] of trimmed.split(/\r?\n/).entries()) {
      if (line.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw new TraceFormatError(`Line ${index + 1} is not JSON: the file must be OTLP JSON or Jaeger JSON.`);
      }
      if (!isObject(value)) throw new TraceFormatError(`Line ${index + 1} is not a JSON object.`);
      out.push({ document: value, line: index + 1 });
    }
    return out;
  }
}

/** Reads a trace file; TraceFormatError when it is neither OTLP JSON nor Jaeger JSON, or a service name cannot be kept. */
export function readTraceCalls(content: string): TraceCalls {
  const documents = documentsOf(content);
  const otlp = documents.every((d) => Array.isArray(d.document.resourceSpans));
  const jaeger = documents.every((d) => Array.isArray(d.document.data));
  if (!otlp && !jaeger) throw new TraceFormatError('The file holds neither `resourceSpans` (OTLP JSON) nor `data` (Jaeger JSON).');
  const spans = documents.flatMap((d) => (otlp ? otlpSpans(d) : jaegerSpans(d)));
  const byId = new Map(spans.map((s) => [`${s.trace}/${s.id}`, s]));
  const counts = new Map<string, ServiceCall>();
  for (const span of spans) {
    if (span.parent === null) continue;
    const parent = byId.get(`${span.trace}/${span.parent}`);
    if (!parent || parent.service === span.service) continue;
    const key = `${parent.service}\u0000${span.service}`;
    const call = counts.get(key) ?? { from: parent.service, to: span.service, count: 0, technology: null };
    call.count += 1;
    call.technology ??= span.technology ?? parent.technology;
    counts.set(key, call);
  }
  const calls = [...counts.values()].sort((a, b) => (a.from === b.from ? (a.to < b.to ? -1 : 1) : a.from < b.from ? -1 : 1));
  return { format: otlp ? 'otlp' : 'jaeger', spans: spans.length, services: [...new Set(spans.map((s) => s.service))].sort(), calls };
}
