import { ConfirmButton } from '../../components/confirm-button';
import { Empty, ErrorNotice } from '../../components/status';
import { useAction } from '../../components/use-load';
import { type PriceEntry, pricesApi, roundedFromTitle } from './prices-api';

/**
 * A page of workspace prices. The unit price is the API's decimal string as it is (no
 * rounding). Owners delete a price; while a cost sheet uses it the API's 409 is shown, naming
 * each sheet and its resources.
 */
export function PriceTable({ workspaceId, items, owner, onDeleted }: { workspaceId: string; items: PriceEntry[]; owner: boolean; onDeleted: () => void }) {
  const removal = useAction(async (price: PriceEntry) => {
    await pricesApi.remove(workspaceId, price.id);
    onDeleted();
  });
  if (items.length === 0) return <Empty>No prices yet.{owner ? ' Add one below: by hand, from a CSV or from a cloud catalog.' : ''}</Empty>;
  return (
    <>
      <ErrorNotice error={removal.error} />
      <div class="table-scroll">
        <table class="prices-table">
          <caption class="offscreen">Workspace prices, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Provider</th>
              <th scope="col">Region</th>
              <th scope="col">SKU</th>
              <th scope="col">Description</th>
              <th scope="col">Unit</th>
              <th scope="col" class="prices-amount">
                Unit price
              </th>
              <th scope="col">Currency</th>
              <th scope="col">Effective</th>
              <th scope="col">Source</th>
              {owner ? (
                <th scope="col">
                  <span class="offscreen">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {items.map((price) => (
              <tr key={price.id} data-price-id={price.id}>
                <td>{price.provider}</td>
                <td>{price.region ?? <span class="muted">none</span>}</td>
                <td>
                  <code>{price.sku}</code>
                </td>
                <td class="prices-description">{price.description ?? ''}</td>
                <td>{price.unit}</td>
                <td class="prices-amount" title={roundedFromTitle(price.roundedFrom)}>
                  {price.unitPrice}
                </td>
                <td>{price.currency}</td>
                <td>{price.effectiveDate}</td>
                <td>
                  <span class="badge" title={price.catalogRef ? `Catalog key ${price.catalogRef}` : undefined}>
                    {price.source}
                  </span>
                </td>
                {owner ? (
                  <td class="row-actions">
                    <ConfirmButton
                      label="Delete"
                      subject={`price ${price.sku}`}
                      question={`Delete the price of ${price.sku} (${price.unitPrice} ${price.currency})? Prices a cost sheet uses are kept.`}
                      confirmLabel="Yes, delete"
                      cancelLabel="Keep it"
                      pending={removal.pending}
                      onConfirm={() => void removal.run(price)}
                    />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
