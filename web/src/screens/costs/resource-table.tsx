import { ConfirmButton } from '../../components/confirm-button';
import { Empty } from '../../components/status';
import { TruthBadges } from '../../components/truth-badges';
import { type PriceEntry, priceSummary } from '../prices/prices-api';
import type { CostAssumption, CostResource } from './costs-api';

/** A resource's usage lines in words: `hours 730 h × share 0.5`, an assumption by its name. */
export function usageText(resource: CostResource, assumptions: readonly CostAssumption[]): string {
  return (resource.usage ?? [])
    .map((line) => {
      const factor = line.assumptionId === null ? line.quantity : `“${assumptions.find((a) => a.id === line.assumptionId)?.name ?? line.assumptionId}”`;
      return [line.label, factor, line.unit].filter(Boolean).join(' ');
    })
    .join(' × ');
}

/** The resources of a sheet; editors edit and delete them (a resource an assumption is about is refused with the API's 409). */
export function ResourceTable({
  resources,
  assumptions,
  prices,
  elementName,
  editable,
  pending,
  onEdit,
  onDelete,
}: {
  resources: CostResource[];
  assumptions: readonly CostAssumption[];
  prices: readonly PriceEntry[];
  elementName: (id: string) => string;
  editable: boolean;
  pending: boolean;
  onEdit: (resource: CostResource) => void;
  onDelete: (resource: CostResource) => void;
}) {
  if (resources.length === 0) return <Empty>No resources on this sheet yet.</Empty>;
  const priceText = (resource: CostResource) => {
    if (resource.priceRef === null) return <span class="muted">looked up by provider, region and SKU</span>;
    const price = prices.find((p) => p.id === resource.priceRef);
    return price ? priceSummary(price) : <code>{resource.priceRef}</code>;
  };
  return (
    <div class="table-scroll">
      <table class="costs-resources">
        <caption class="offscreen">Resources of the cost sheet</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Element</th>
            <th scope="col">Category</th>
            <th scope="col">Provider, region, SKU</th>
            <th scope="col" class="costs-amount">
              Quantity
            </th>
            <th scope="col">Price</th>
            <th scope="col">Usage</th>
            <th scope="col">Truth</th>
            {editable ? (
              <th scope="col">
                <span class="offscreen">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {resources.map((resource) => (
            <tr key={resource.id} data-resource-id={resource.id}>
              <th scope="row">{resource.name}</th>
              <td>{elementName(resource.elementId)}</td>
              <td>{resource.category}</td>
              <td>{[resource.provider, resource.region, resource.sku].filter(Boolean).join(' · ')}</td>
              <td class="costs-amount">
                {resource.quantity ?? <span class="muted" title="No quantity: the estimate counts 1">1</span>}
                {resource.unit ? ` ${resource.unit}` : ''}
              </td>
              <td>{priceText(resource)}</td>
              <td>{usageText(resource, assumptions)}</td>
              <td>
                <TruthBadges record={resource} />
              </td>
              {editable ? (
                <td class="row-actions">
                  <button type="button" class="secondary" aria-label={`Edit resource ${resource.name}`} onClick={() => onEdit(resource)}>
                    Edit
                  </button>
                  <ConfirmButton label="Delete" subject={`resource ${resource.name}`} question={`Delete the resource “${resource.name}”?`} confirmLabel="Yes, delete" cancelLabel="Keep it" pending={pending} onConfirm={() => onDelete(resource)} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
