/**
 * Reading YAML and JSON texts with the lines each value stands on, so every
 * fact can point at the lines that state it. JSON is read by the same YAML 1.2
 * parser (JSON is a subset), which keeps node offsets; a line index turns
 * offsets into 1-based lines.
 */
import { isAlias, isMap, isPair, isScalar, isSeq, parseAllDocuments, type Document, type Node } from 'yaml';
import type { Evidence } from './extracted-fact';

/** 1-based first and last line, both included. */
export interface LineSpan {
  startLine: number;
  endLine: number;
}

/** Offsets of a text to 1-based line numbers. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(readonly text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  get lineCount(): number {
    // A final line break ends the last line; it does not open another.
    return this.text.endsWith('\n') ? this.starts.length - 1 : this.starts.length;
  }

  lineOf(offset: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  }

  /** The lines of `[start, end)`, trailing white space left out (a YAML value's range ends after its line break). */
  spanOf(start: number, end: number): LineSpan {
    let last = Math.min(end, this.text.length);
    while (last > start + 1 && /\s/.test(this.text[last - 1]!)) last--;
    return { startLine: this.lineOf(start), endLine: this.lineOf(Math.max(start, last - 1)) };
  }
}

/** Evidence of a span in a file. */
export function evidenceAt(path: string, span: LineSpan): Evidence {
  return { path, startLine: span.startLine, endLine: Math.max(span.startLine, span.endLine) };
}

/** The lines of a whole text (at least line 1). */
export function wholeText(lines: LineIndex): LineSpan {
  return { startLine: 1, endLine: Math.max(1, lines.lineCount) };
}

type PathStep = string | number;

/** One parsed YAML or JSON document: its plain value and the lines of any member. */
export interface StructuredDocument {
  value: unknown;
  /** Lines of the member at `path` (from its key to the end of its value), or null when there is none. */
  spanAt(path: readonly PathStep[]): LineSpan | null;
  /** Lines of the whole document. */
  span: LineSpan;
}

// An alias bomb is refused, as the model's YAML reader does (docs/model-document.md "YAML").
const maxAliasCount = 100;
const maxDepth = 64;

function resolved(node: unknown, document: Document): unknown {
  let current = node;
  for (let hops = 0; isAlias(current) && hops < maxDepth; hops++) current = current.resolve(document);
  return isAlias(current) ? undefined : current;
}

function rangeOf(node: unknown): [number, number] | null {
  const range = (node as Node | null | undefined)?.range;
  return range ? [range[0], range[1]] : null;
}

/** `.json` files are JSON: a text JSON.parse refuses gives nothing, though YAML would read it (`:` is a YAML map). */
export function isJsonPath(path: string): boolean {
  return /\.json$/i.test(path);
}

/**
 * Every document of a YAML stream (or the one of a JSON text) that parsed
 * without error. A text that is not YAML (or, as `json`, not JSON) gives
 * none: garbage never throws.
 */
export function parseStructuredDocuments(text: string, format: 'yaml' | 'json' = 'yaml'): StructuredDocument[] {
  if (format === 'json') {
    try {
      JSON.parse(text);
    } catch {
      return [];
    }
  }
  let documents: ReturnType<typeof parseAllDocuments>;
  try {
    // `logLevel: 'error'`: the parser's warnings (a Helm template's `{{ .Values.x }}` read as a map
    // key) go to process.emitWarning otherwise, and a scan would print one per chart on stderr.
    // `merge: true`: compose files share settings through `<<: *anchor` merge keys.
    documents = parseAllDocuments(text, { prettyErrors: false, logLevel: 'error', merge: true });
  } catch {
    return [];
  }
  if (!Array.isArray(documents)) return [];
  const lines = new LineIndex(text);
  const result: StructuredDocument[] = [];
  for (const document of documents) {
    if (document.errors.length > 0 || document.contents === null) continue;
    let value: unknown;
    try {
      value = document.toJS({ maxAliasCount });
    } catch {
      continue;
    }
    const root = rangeOf(document.contents);
    result.push({
      value,
      span: root ? lines.spanOf(root[0], root[1]) : { startLine: 1, endLine: 1 },
      spanAt(path) {
        let node: unknown = document.contents;
        let start: number | null = rangeOf(node)?.[0] ?? null;
        for (const step of path) {
          node = resolved(node, document);
          if (isMap(node)) {
            const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(step));
            if (!pair) return null;
            start = rangeOf(pair.key)?.[0] ?? null;
            node = pair.value;
          } else if (isSeq(node) && typeof step === 'number') {
            node = node.items[step];
            start = rangeOf(node)?.[0] ?? null;
          } else {
            return null;
          }
        }
        const end = rangeOf(resolved(node, document) ?? node)?.[1] ?? null;
        if (start === null) return null;
        return lines.spanOf(start, end !== null && end > start ? end : start + 1);
      },
    });
  }
  return result;
}

/** A plain object (a YAML map or JSON object), or null. */
export function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Map) ? (value as Record<string, unknown>) : null;
}

/** An own member of a plain object: a key named `constructor` or `__proto__` is data. */
export function member(value: unknown, key: string): unknown {
  const record = asRecord(value);
  return record !== null && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** A member that is a string, or undefined. */
export function stringMember(value: unknown, key: string): string | undefined {
  const found = member(value, key);
  return typeof found === 'string' ? found : undefined;
}

/** The own entries of a plain object, or none. */
export function entriesOf(value: unknown): [string, unknown][] {
  const record = asRecord(value);
  return record === null ? [] : Object.entries(record);
}

/** The items of a list, or none. */
export function itemsOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
