/**
 * Service-to-service calls read from trace files (part 2 "Sources": trace
 * upload): OTLP JSON (`resourceSpans`, as an OTLP/HTTP JSON export or the
 * collector's file exporter writes it, one object or one per line) and
 * Jaeger JSON (`data[].spans` with `processes`, as Jaeger's UI and API
 * export it). A call is a span whose parent span belongs to another service.
 * Pure: text in, counts out.
 */

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

function otlpSpans(document: Record<string, unknown>): SpanView[] {
  const spans: SpanView[] = [];
  for (const resourceSpans of Array.isArray(document.resourceSpans) ? document.resourceSpans : []) {
    if (!isObject(resourceSpans)) continue;
    const service = text(otlpAttributes(isObject(resourceSpans.resource) ? resourceSpans.resource.attributes : undefined).get('service.name')) ?? 'unknown_service';
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

function jaegerSpans(document: Record<string, unknown>): SpanView[] {
  const spans: SpanView[] = [];
  for (const trace of Array.isArray(document.data) ? document.data : []) {
    if (!isObject(trace) || !Array.isArray(trace.spans)) continue;
    const processes = isObject(trace.processes) ? trace.processes : {};
    for (const span of trace.spans) {
      if (!isObject(span)) continue;
      const traceId = text(span.traceID) ?? text(trace.traceID);
      const id = text(span.spanID);
      if (traceId === null || id === null) continue;
      const process = isObject(span.process) ? span.process : isObject(processes[String(span.processID)]) ? (processes[String(span.processID)] as Record<string, unknown>) : {};
      const references = Array.isArray(span.references) ? span.references : [];
      const parentRef = references.find((r) => isObject(r) && r.refType === 'CHILD_OF') ?? references.find((r) => isObject(r) && r.refType === 'FOLLOWS_FROM');
      const tags = new Map<string, string>();
      for (const tag of Array.isArray(span.tags) ? span.tags : []) if (isObject(tag) && typeof tag.key === 'string' && tag.value !== undefined) tags.set(tag.key, String(tag.value));
      spans.push({ trace: traceId, id, parent: isObject(parentRef) ? text(parentRef.spanID) : null, service: text(process.serviceName) ?? 'unknown_service', technology: technologyOf(tags, tags.get('span.kind')) });
    }
  }
  return spans;
}

/** The JSON documents of a file: one document, or one per line (the collector's file exporter). */
function documentsOf(content: string): Record<string, unknown>[] {
  const trimmed = content.trim();
  if (trimmed === '') throw new TraceFormatError('The file is empty.');
  try {
    const one: unknown = JSON.parse(trimmed);
    if (isObject(one)) return [one];
    throw new TraceFormatError('The file is JSON but not an object of OTLP or Jaeger traces.');
  } catch (error) {
    if (error instanceof TraceFormatError) throw error;
    const out: Record<string, unknown>[] = [];
    for (const [index, line] of trimmed.split(/\r?\n/).entries()) {
      if (line.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw new TraceFormatError(`Line ${index + 1} is not JSON: the file must be OTLP JSON or Jaeger JSON.`);
      }
      if (!isObject(value)) throw new TraceFormatError(`Line ${index + 1} is not a JSON object.`);
      out.push(value);
    }
    return out;
  }
}

/** Reads a trace file; TraceFormatError when it is neither OTLP JSON nor Jaeger JSON. */
export function readTraceCalls(content: string): TraceCalls {
  const documents = documentsOf(content);
  const otlp = documents.every((d) => Array.isArray(d.resourceSpans));
  const jaeger = documents.every((d) => Array.isArray(d.data));
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
