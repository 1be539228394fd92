import type { ProjectPrice as ProjectPriceAnswer } from '../../../contracts/costs';
import { sql, type Kysely } from 'kysely';
import type { Database, StreamKind } from '../../platform/db/schema';
import { lineIds, lineName, type CostLine } from './cost-sheet';
import { resourceOfRow, type ResourceRow } from './cost-sheet-rows';
import { choosePrice, indexPrices } from './estimate-engine';
import { priceCandidates } from './price-candidates';
import type { PriceEntry } from '../prices/price-entry';

/** A price the project uses, and the resources using it on each line, as the API answers it (contracts/costs.ts). */
export type ProjectPrice = ProjectPriceAnswer;
/** A resource that uses a price, and on which line. */
export type PriceUse = ProjectPrice['usedBy'][number];

/**
 * The workspace prices the project's sheets use, on every line (main, branches, revisions), with
 * the resources using each: the price a resource names (`priceRef`, whether in force on `asOf` or
 * not) and the price a lookup finds in force on `asOf` (docs/costs.md "Project prices"). Ordered
 * by provider, SKU, region, effective date and ID; each price's uses by line, then sheet order.
 */
export async function projectPrices(db: Kysely<Database>, input: { projectId: string; workspaceId: string; asOf: string; preferredCurrency: string }): Promise<ProjectPrice[]> {
  const { rows } = await sql<ResourceRow & { streamId: string; kind: StreamKind; modelVersion: number }>`
    select r.stream_id as "streamId", st.kind, st.model_version as "modelVersion",
      r.id, r.element_id as "elementId", r.name, r.category, r.provider, r.region, r.sku, trim_scale(r.quantity)::text as quantity,
      r.unit, r.price_ref as "priceRef", r.usage, r.fact_status as "factStatus", r.provenance
    from cost_sheets s
    join model_streams st on st.id = s.stream_id
    join cost_resources r on r.stream_id = s.stream_id
    where s.project_id = ${input.projectId}
    order by (st.kind = 'main') desc, st.created_at, st.id, r.position`.execute(db);
  const uses = rows.map((row) => ({ line: { streamId: row.streamId, projectId: input.projectId, kind: row.kind, modelVersion: row.modelVersion } satisfies CostLine, resource: resourceOfRow(row) }));
  const resources = uses.map((u) => u.resource);
  const index = indexPrices(await priceCandidates(db, { workspaceId: input.workspaceId, resources, asOf: input.asOf, preferredCurrency: input.preferredCurrency }));
  const byPrice = new Map<string, ProjectPrice>();
  for (const { line, resource } of uses) {
    const choice = choosePrice(resource, index, input.asOf, input.preferredCurrency);
    // A named price is in use even before it takes effect; a looked-up one only when in force.
    const price = choice.ok ? choice.price : resource.priceRef !== null ? index.byId.get(resource.priceRef) : undefined;
    if (!price) continue;
    let entry = byPrice.get(price.id);
    if (!entry) byPrice.set(price.id, (entry = { price, usedBy: [] }));
    entry.usedBy.push({
      line: lineName(line),
      ...lineIds(line),
      resourceId: resource.id,
      resourceName: resource.name,
      elementId: resource.elementId,
      priceOrigin: choice.ok ? choice.origin : 'priceRef',
    });
  }
  const order = (p: PriceEntry) => [p.provider, p.sku, p.region ?? '', p.effectiveDate, p.id];
  return [...byPrice.values()].sort((a, b) => {
    const [x, y] = [order(a.price), order(b.price)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
    return 0;
  });
}
