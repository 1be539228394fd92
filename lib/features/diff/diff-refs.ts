/**
 * The names of the versions a diff compares (docs/change-review.md "Naming
 * the versions"): `main`, `branch:<id>`, `revision:<id>`, `snapshot:<id>`.
 * A name outside the grammar is 400 on the query field that gave it.
 */
import { ValidationError } from '../../platform/errors/service-error';

export type DiffRef = { kind: 'main' } | { kind: 'branch' | 'revision' | 'snapshot'; id: string };

const guidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads one version name; `field` names the query member in the refusal.
 *
 * @example
 * parseDiffRef('revision:6F1C…', 'to') // { kind: 'revision', id: '6f1c…' }
 */
export function parseDiffRef(text: string, field: string): DiffRef {
  const trimmed = text.trim();
  if (trimmed === 'main') return { kind: 'main' };
  const colon = trimmed.indexOf(':');
  const prefix = colon < 0 ? '' : trimmed.slice(0, colon);
  const id = colon < 0 ? '' : trimmed.slice(colon + 1);
  const refuse = (message: string) => new ValidationError('Invalid version name', [{ field, message }]);
  if (prefix !== 'branch' && prefix !== 'revision' && prefix !== 'snapshot') {
    throw refuse('must be main, branch:<id>, revision:<id> or snapshot:<id>');
  }
  if (!guidPattern.test(id)) throw refuse(`must name the ${prefix} by its ID (a GUID) after "${prefix}:"`);
  return { kind: prefix, id: id.toLowerCase() };
}

/** The name a ref is written as in answers: `main`, or the prefix and the lower-case ID. */
export function diffRefText(ref: DiffRef): string {
  return ref.kind === 'main' ? 'main' : `${ref.kind}:${ref.id}`;
}
