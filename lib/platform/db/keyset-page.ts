import type { ExpressionBuilder } from 'kysely';

/** A position in a list ordered by name, then ID: the last item of the previous page. */
export interface NameIdPosition {
  name: string;
  id: string;
}

/**
 * The keyset condition "after this position" for lists in name-then-ID order
 * (projects, scenarios): stable under inserts, unlike offsets.
 */
export function afterNameThenId(after: NameIdPosition) {
  // biome-ignore lint/suspicious/noExplicitAny: serves any table with `name` and `id` columns
  return (eb: ExpressionBuilder<any, any>) => eb.or([eb('name', '>', after.name), eb.and([eb('name', '=', after.name), eb('id', '>', after.id)])]);
}
