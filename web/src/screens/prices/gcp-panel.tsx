import { useState } from 'preact/hooks';
import { Form, SelectField, TextField } from '../../components/form';
import { Empty, Loading } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import { CatalogProblem } from './catalog-problem';
import { type GcpSku, type PriceEntry, pricesApi } from './prices-api';

type SkuList = Awaited<ReturnType<typeof pricesApi.gcpSkus>>;

const skuFields = ['serviceId', 'region', 'search', 'currency'] as const;

function SkuTable({ skus, chosen, onChosen }: { skus: SkuList; chosen: readonly string[]; onChosen: (ids: string[]) => void }) {
  if (skus.items.length === 0) return <Empty>No SKU matches.</Empty>;
  const toggle = (sku: GcpSku, on: boolean) => onChosen(on ? [...chosen.filter((c) => c !== sku.skuId), sku.skuId] : chosen.filter((c) => c !== sku.skuId));
  return (
    <div class="table-scroll">
      <table class="prices-catalog-table">
        <caption class="offscreen">Google Cloud SKUs found</caption>
        <thead>
          <tr>
            <th scope="col">Import</th>
            <th scope="col">Description</th>
            <th scope="col">SKU ID</th>
            <th scope="col">Regions</th>
            <th scope="col">Unit</th>
            <th scope="col">Tiers (from usage: unit price)</th>
            <th scope="col">Currency</th>
            <th scope="col">Effective</th>
          </tr>
        </thead>
        <tbody>
          {skus.items.map((sku) => (
            <tr key={sku.skuId}>
              <td>
                <input
                  type="checkbox"
                  aria-label={`Choose ${sku.description}`}
                  disabled={sku.tiers.length === 0}
                  checked={chosen.includes(sku.skuId)}
                  onChange={(e) => toggle(sku, (e.currentTarget as HTMLInputElement).checked)}
                />
              </td>
              <td>{sku.description}</td>
              <td>
                <code>{sku.skuId}</code>
              </td>
              <td>{sku.serviceRegions.join(', ')}</td>
              <td>{sku.usageUnit ?? <span class="muted">no price</span>}</td>
              <td>
                <ul class="plain-list prices-tiers">
                  {sku.tiers.map((tier) => (
                    <li key={tier.startUsageAmount}>
                      from {tier.startUsageAmount}: <span class="prices-amount">{tier.unitPrice}</span>
                    </li>
                  ))}
                </ul>
              </td>
              <td>{sku.currency ?? ''}</td>
              <td>{sku.effectiveDate ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The Google Cloud Billing Catalog (GET W/prices/gcp/services, skus; POST W/prices/gcp), read
 * with the workspace credential `gcp:apiKey`: a service, its SKUs searched (by region, text and
 * currency), the SKUs ticked imported (one price per pricing tier).
 */
export function GcpPanel({ workspaceId, onImported }: { workspaceId: string; onImported: (entries: PriceEntry[]) => void }) {
  const [query, setQuery] = useState({ serviceId: '', region: '', search: '', currency: '' });
  const [skus, setSkus] = useState<(SkuList & { serviceId: string; region: string }) | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const services = useLoad((signal) => pricesApi.gcpServices(workspaceId, signal), [workspaceId]);
  const set = (field: keyof typeof query) => (value: string) => setQuery((q) => ({ ...q, [field]: value }));
  const find = useAction(async () => {
    const found = await pricesApi.gcpSkus(workspaceId, query);
    setSkus({ ...found, serviceId: query.serviceId, region: query.region.trim() });
    setChosen([]);
  });
  const importing = useAction(async () => {
    if (!skus) return;
    const { items } = await pricesApi.importGcp(workspaceId, { serviceId: skus.serviceId, region: skus.region === '' ? null : skus.region, currency: skus.currency, skuIds: chosen });
    setChosen([]);
    onImported(items);
  });
  if (services.error) return <CatalogProblem workspaceId={workspaceId} error={services.error} />;
  if (!services.data) return <Loading label="Reading the Google Cloud services…" />;
  const serviceOptions = [{ value: '', label: '(choose a service)' }, ...services.data.items.map((s) => ({ value: s.serviceId, label: `${s.displayName} (${s.serviceId})` }))];
  return (
    <div class="prices-catalog">
      <Form label="Search Google Cloud SKUs" class="prices-filters" onSubmit={() => void find.run()}>
        <SelectField label="Service" field="serviceId" error={find.error} value={query.serviceId} onValue={set('serviceId')} options={serviceOptions} />
        <TextField label="Region" field="region" error={find.error} value={query.region} onValue={set('region')} hint="e.g. europe-west1; SKUs offered globally are kept too. Empty: every region." />
        <TextField label="Search" field="search" error={find.error} value={query.search} onValue={set('search')} hint="In the SKU ID, description and category; any case." />
        <TextField label="Currency" field="currency" error={find.error} value={query.currency} onValue={set('currency')} hint="Empty: the workspace's cost.currency." />
        <div class="actions">
          <button type="submit" disabled={find.pending || query.serviceId === ''}>
            {find.pending ? 'Reading the catalog…' : 'Show SKUs'}
          </button>
        </div>
      </Form>
      <CatalogProblem workspaceId={workspaceId} error={find.error} fields={skuFields} />
      <CatalogProblem workspaceId={workspaceId} error={importing.error} />
      {skus ? (
        <>
          <p class="hint">
            SKUs of {skus.serviceId}
            {skus.region ? ` offered in ${skus.region}` : ''}, prices in {skus.currency}
            {skus.truncated ? ': the first 500; narrow the search to see others.' : '.'}
          </p>
          <SkuTable skus={skus} chosen={chosen} onChosen={setChosen} />
          <div class="actions">
            <button type="button" disabled={importing.pending || chosen.length === 0} onClick={() => void importing.run()}>
              {importing.pending ? 'Importing…' : `Import chosen SKUs (${chosen.length})`}
            </button>
          </div>
        </>
      ) : null}
    </div>
  );
}
