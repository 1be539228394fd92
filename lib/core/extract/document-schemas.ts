/**
 * Schema facts of an API document (OpenAPI, AsyncAPI): a component schema
 * under `components/schemas` is named by its component name, an inline schema
 * by what uses it; either is keyed by the document's path and the schema's
 * JSON pointer, and its content stands alone (json-references.ts).
 */
import type { Evidence } from './extracted-fact';
import { cleanDescription, cleanName, jsonPointer, schemaKey } from './fact-keys';
import { observedIn, type FileFacts } from './file-facts';
import { jsonText, resolveAt, selfContainedSchema } from './json-references';
import { evidenceAt, member, type StructuredDocument } from './structured-text';

export type Step = string | number;

/** One API document being read. */
export interface DocumentContext {
  path: string;
  document: StructuredDocument;
  facts: FileFacts;
  /** Keys of schema facts already made from this document. */
  made: Set<string>;
}

export function newDocumentContext(path: string, document: StructuredDocument): DocumentContext {
  return { path, document, facts: { facts: [], hints: [] }, made: new Set() };
}

/** Evidence of the member at `steps`, or none when it has no lines. */
export function evidenceOf(context: DocumentContext, steps: Step[]): Evidence[] {
  const span = context.document.spanAt(steps);
  return span ? [evidenceAt(context.path, span)] : [];
}

/** The key of the schema fact for the schema at `steps` (references followed), made once per document; null when there is no usable schema. */
export function schemaFactAt(context: DocumentContext, steps: Step[], inlineName: string): string | null {
  const root = context.document.value;
  const placed = resolveAt(root, steps);
  if (placed === null) return null;
  const isComponent = placed.steps.length === 3 && placed.steps[0] === 'components' && placed.steps[1] === 'schemas';
  const key = schemaKey(context.path, jsonPointer(placed.steps));
  if (context.made.has(key)) return key;
  const name = isComponent ? cleanName(placed.steps[2]) : cleanName(inlineName);
  const content = jsonText(selfContainedSchema(placed.value, root));
  const evidence = evidenceOf(context, placed.steps);
  if (name === null || content === null || evidence.length === 0) return null;
  context.made.add(key);
  context.facts.facts.push({ draft: 'schema', ...observedIn(evidence), key, name, description: cleanDescription(member(placed.value, 'description')), content });
  return key;
}
