import type { AnyModelRecord, Section } from './model-api';

/**
 * The words a record is shown by on its own. Relationships, subscriptions and
 * bindings have no name of their own: their ends say what they are, and the
 * screens show those as links beside this title.
 */
export function recordTitle(section: Section, record: AnyModelRecord): string {
  const r = record as unknown as Record<string, unknown>;
  switch (section) {
    case 'relationships':
      return typeof r.label === 'string' && r.label !== '' ? r.label : 'Relationship (no label)';
    case 'subscriptions':
      return 'Subscription';
    case 'bindings':
      return typeof r.routingKey === 'string' ? `Binding on “${r.routingKey}”` : 'Binding (any routing key)';
    default:
      return typeof r.name === 'string' && r.name !== '' ? r.name : r.id as string;
  }
}

/** "app · TypeScript · planned": the kind-specific facts shown after a name in lists. */
export function recordSummary(section: Section, record: AnyModelRecord): string {
  const r = record as unknown as Record<string, unknown>;
  const parts: unknown[] = [];
  switch (section) {
    case 'elements':
      parts.push(r.kind, r.technology, r.status);
      break;
    case 'relationships':
      parts.push(r.kind, r.technology);
      break;
    case 'operations':
      parts.push(r.transport, typeof r.timeoutMs === 'number' ? `timeout ${r.timeoutMs} ms` : null);
      break;
    case 'channels':
      parts.push(r.kind);
      break;
    case 'schemas':
      parts.push(`version ${r.version}`);
      break;
  }
  return parts.filter((p): p is string => typeof p === 'string' && p !== '').join(' · ');
}
