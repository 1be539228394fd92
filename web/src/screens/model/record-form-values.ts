/**
 * Between a record and its edit form: every field as the text a control
 * holds, and back to the body the API takes. Fields the form does not show
 * (who accepted a fact and when, the stale mark, a schema's version) are
 * carried over from the record being edited.
 */
import { hasFactFields, type AnyModelRecord, type Section } from './model-api';
import { factFormFields, formFields, type FieldSpec } from './record-form-spec';

export type FormValues = Record<string, string | string[]>;

export function fieldsOf(section: Section): FieldSpec[] {
  return hasFactFields(section) ? [...formFields[section], ...factFormFields] : formFields[section];
}

function readPath(object: Record<string, unknown>, path: string): unknown {
  let value: unknown = object;
  for (const key of path.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

export function toFormValues(section: Section, record: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const spec of fieldsOf(section)) {
    const value = readPath(record, spec.path);
    if (spec.type === 'references') values[spec.path] = Array.isArray(value) ? value.map(String) : [];
    else if (spec.type === 'words') values[spec.path] = Array.isArray(value) ? value.join(', ') : '';
    else values[spec.path] = value === null || value === undefined ? '' : String(value);
  }
  return values;
}

/** A number as typed; text that is no number is sent as it is, so the API names the field and its rule. */
function numberOf(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

function bodyValueOf(spec: FieldSpec, raw: string | string[]): unknown {
  switch (spec.type) {
    case 'references':
      return Array.isArray(raw) ? raw : [];
    case 'words':
      return String(raw)
        .split(',')
        .map((word) => word.trim())
        .filter((word) => word !== '');
    case 'number':
      return numberOf(String(raw));
    case 'text':
      return raw === '' && !spec.required ? null : raw;
    case 'reference':
      return raw === '' ? null : raw;
    case 'choice':
      return raw;
  }
}

/** The request body: the record edited (or a new one) with the form's values; empty groups (provenance, retry) become null. */
export function toRecordBody(section: Section, values: FormValues, original: AnyModelRecord | null): Record<string, unknown> {
  const body: Record<string, unknown> = original ? structuredClone(original as unknown as Record<string, unknown>) : {};
  const groups: Record<string, Record<string, unknown>> = {};
  for (const spec of fieldsOf(section)) {
    const value = bodyValueOf(spec, values[spec.path] ?? '');
    const dot = spec.path.indexOf('.');
    if (dot < 0) body[spec.path] = value;
    else (groups[spec.path.slice(0, dot)] ??= {})[spec.path.slice(dot + 1)] = value;
  }
  if (groups.retry) {
    const retry = groups.retry;
    body.retry = retry.maxAttempts === null && retry.backoffMs === null ? null : retry;
  }
  if (groups.provenance) {
    const kept = (original as { provenance?: Record<string, unknown> | null } | null)?.provenance ?? null;
    const provenance = { ...groups.provenance, acceptedBy: kept?.acceptedBy ?? null, acceptedAt: kept?.acceptedAt ?? null };
    body.provenance = Object.values(provenance).every((v) => v === null) ? null : provenance;
  }
  return body;
}
