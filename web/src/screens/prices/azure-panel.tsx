import { useState } from 'preact/hooks';
import { Form, TextField } from '../../components/form';
import { Empty } from '../../components/status';
import { useAction } from '../../components/use-load';
import { CatalogProblem } from './catalog-problem';
import { type AzureMeter, type AzureMeterQuery, type PriceEntry, pricesApi, roundedFromTitle } from './prices-api';

type MeterPage = Awaited<ReturnType<typeof pricesApi.azureMeters>>;

// `cursor` has no field of its own: its message is listed above the form.
const queryFields = ['serviceName', 'region', 'skuName', 'meterName', 'currency'] as const;

function MeterTable({ page, importing, onImport }: { page: MeterPage; importing: boolean; onImport: (meter: AzureMeter) => void }) {
  if (page.items.length === 0) return <Empty>No Azure retail price matches these filters.</Empty>;
  return (
    <div class="table-scroll">
      <table class="prices-catalog-table">
        <caption class="offscreen">Azure retail prices found</caption>
        <thead>
          <tr>
            <th scope="col">Meter</th>
            <th scope="col">Product</th>
            <th scope="col">SKU</th>
            <th scope="col">Region</th>
            <th scope="col">Type</th>
            <th scope="col">Unit</th>
            <th scope="col" class="prices-amount">
              From units
            </th>
            <th scope="col" class="prices-amount">
              Retail price
            </th>
            <th scope="col">Currency</th>
            <th scope="col">Effective</th>
            <th scope="col">
              <span class="offscreen">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {page.items.map((meter) => (
            <tr key={`${meter.meterId};${meter.skuId};${meter.armRegionName};${meter.type};${meter.tierMinimumUnits}`}>
              <td>{meter.meterName}</td>
              <td>{meter.productName}</td>
              <td>{meter.armSkuName || meter.skuName}</td>
              <td>{meter.armRegionName || <span class="muted">none</span>}</td>
              <td>{meter.type}</td>
              <td>{meter.unitOfMeasure}</td>
              <td class="prices-amount">{meter.tierMinimumUnits}</td>
              <td class="prices-amount" title={roundedFromTitle(meter.roundedFrom)}>
                {meter.retailPrice}
              </td>
              <td>{meter.currency}</td>
              <td>{meter.effectiveDate}</td>
              <td class="row-actions">
                <button type="button" class="secondary" disabled={importing} aria-label={`Import ${meter.meterName} in ${meter.armRegionName || 'no region'}`} onClick={() => onImport(meter)}>
                  Import
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Azure Retail Prices (GET W/prices/azure/meters, POST W/prices/azure): filters by service,
 * region, SKU, meter and currency, a page of Azure at a time; "Import" keeps the meter's price
 * of that SKU in that region (the service picks pay-as-you-go and the first tier).
 */
export function AzurePanel({ workspaceId, onImported }: { workspaceId: string; onImported: (entries: PriceEntry[]) => void }) {
  const [query, setQuery] = useState<AzureMeterQuery>({ serviceName: '', region: '', skuName: '', meterName: '', currency: '' });
  const [page, setPage] = useState<MeterPage | null>(null);
  const [pageNumber, setPageNumber] = useState(1);
  const set = (field: keyof AzureMeterQuery) => (value: string) => setQuery((q) => ({ ...q, [field]: value }));
  const search = useAction(async (cursor: string | null) => {
    const found = await pricesApi.azureMeters(workspaceId, query, cursor);
    setPage(found);
    setPageNumber((n) => (cursor === null ? 1 : n + 1));
  });
  const importing = useAction(async (meter: AzureMeter) => {
    const entry = await pricesApi.importAzure(workspaceId, { meterId: meter.meterId, skuId: meter.skuId, armRegionName: meter.armRegionName || null, currency: meter.currency });
    onImported([entry]);
  });
  return (
    <div class="prices-catalog">
      <Form label="Search Azure retail prices" class="prices-filters" onSubmit={() => void search.run(null)}>
        <TextField label="Service" field="serviceName" error={search.error} value={query.serviceName} onValue={set('serviceName')} hint="As Azure names it, e.g. Virtual Machines." />
        <TextField label="Region" field="region" error={search.error} value={query.region} onValue={set('region')} hint="e.g. westeurope" />
        <TextField label="SKU name" field="skuName" error={search.error} value={query.skuName} onValue={set('skuName')} />
        <TextField label="Meter name" field="meterName" error={search.error} value={query.meterName} onValue={set('meterName')} />
        <TextField label="Currency" field="currency" error={search.error} value={query.currency} onValue={set('currency')} hint="Empty: the workspace's cost.currency." />
        <div class="actions">
          <button type="submit" disabled={search.pending}>
            {search.pending ? 'Searching Azure…' : 'Search Azure'}
          </button>
        </div>
      </Form>
      <CatalogProblem workspaceId={workspaceId} error={search.error} fields={queryFields} />
      <CatalogProblem workspaceId={workspaceId} error={importing.error} />
      {page ? (
        <>
          <p class="hint">
            Page {pageNumber} of Azure's answer, prices in {page.currency}.
          </p>
          <MeterTable page={page} importing={importing.pending} onImport={(meter) => void importing.run(meter)} />
          <div class="actions">
            {pageNumber > 1 ? (
              <button type="button" class="secondary" disabled={search.pending} onClick={() => void search.run(null)}>
                First page
              </button>
            ) : null}
            {page.nextCursor ? (
              <button type="button" class="secondary" disabled={search.pending} onClick={() => void search.run(page.nextCursor)}>
                Next page
              </button>
            ) : null}
          </div>
        </>
      ) : null}
    </div>
  );
}
