import { Empty, Loaded } from '../../components/status';
import { useLoad } from '../../components/use-load';
import { workspacePath } from '../../navigation';
import { currentUrl, Link, type RouteParams } from '../../router';
import { type ProjectPrices, costsApi } from './costs-api';
import { CostsFrame } from './costs-frame';
import { AsOfForm } from './estimate-screen';
import { useLines } from './use-lines';

function PricesTable({ prices, labelOf }: { prices: ProjectPrices; labelOf: (line: string) => string }) {
  if (prices.items.length === 0) return <Empty>No cost sheet of this project uses a workspace price on {prices.asOf}.</Empty>;
  return (
    <div class="table-scroll">
      <table class="costs-project-prices">
        <caption class="offscreen">Workspace prices the project's cost sheets use, and the resources using each</caption>
        <thead>
          <tr>
            <th scope="col">Provider, region, SKU</th>
            <th scope="col">Unit</th>
            <th scope="col" class="costs-amount">
              Unit price
            </th>
            <th scope="col">Currency</th>
            <th scope="col">Effective</th>
            <th scope="col">Used by</th>
          </tr>
        </thead>
        <tbody>
          {prices.items.map(({ price, usedBy }) => (
            <tr key={price.id} data-price-id={price.id}>
              <th scope="row">{[price.provider, price.region, price.sku].filter(Boolean).join(' · ')}</th>
              <td>{price.unit}</td>
              <td class="costs-amount">
                <span class="costs-figure">{price.unitPrice}</span>
              </td>
              <td>{price.currency}</td>
              <td>{price.effectiveDate}</td>
              <td>
                <ul class="plain-list">
                  {usedBy.map((use) => (
                    <li key={`${use.line}:${use.resourceId}`}>
                      {use.resourceName} on {labelOf(use.line)} ({use.priceOrigin === 'priceRef' ? 'named' : 'looked up'})
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** `/w/:ws/p/:p/costs/prices`: the workspace prices the project's sheets use on any line, on `?asOf=`. */
export function ProjectPricesScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const asOf = currentUrl.value.searchParams.get('asOf') || null;
  const prices = useLoad((signal) => costsApi.prices(projectId, asOf, signal), [projectId, asOf]);
  const lines = useLines(projectId);
  return (
    <CostsFrame workspaceId={workspaceId} projectId={projectId} tab="prices" title="Prices used">
      <p class="lead">
        The prices a resource names, and those a look-up finds in force on the day, on main, every branch and every revision. The workspace's whole list is on its <Link href={workspacePath(workspaceId, 'prices')}>Prices</Link> screen.
      </p>
      <Loaded state={prices} label="Reading the prices used…">
        {(data) => (
          <>
            <AsOfForm key={data.asOf} asOf={data.asOf} label="Show prices" />
            <PricesTable prices={data} labelOf={lines.labelOf} />
          </>
        )}
      </Loaded>
    </CostsFrame>
  );
}
