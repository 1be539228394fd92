import { useState } from 'preact/hooks';
import { Form, SelectField, TextField } from '../../components/form';
import { Empty, Loading } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import { CatalogProblem } from './catalog-problem';
import { type AwsRate, type PriceEntry, pricesApi, roundedFromTitle } from './prices-api';

type RateList = Awaited<ReturnType<typeof pricesApi.awsRates>>;

function RateTable({ rates, chosen, onChosen }: { rates: RateList; chosen: readonly string[]; onChosen: (codes: string[]) => void }) {
  if (rates.items.length === 0) return <Empty>No OnDemand rate matches.</Empty>;
  const toggle = (rate: AwsRate, on: boolean) => onChosen(on ? [...chosen.filter((c) => c !== rate.rateCode), rate.rateCode] : chosen.filter((c) => c !== rate.rateCode));
  return (
    <div class="table-scroll">
      <table class="prices-catalog-table">
        <caption class="offscreen">AWS OnDemand rates found</caption>
        <thead>
          <tr>
            <th scope="col">Import</th>
            <th scope="col">Description</th>
            <th scope="col">SKU</th>
            <th scope="col">Family</th>
            <th scope="col">Unit</th>
            <th scope="col" class="prices-amount">
              Unit price
            </th>
            <th scope="col">Currency</th>
            <th scope="col">Effective</th>
            <th scope="col">Rate code</th>
          </tr>
        </thead>
        <tbody>
          {rates.items.map((rate) => (
            <tr key={`${rate.rateCode}:${rate.currency}`}>
              <td>
                <input type="checkbox" aria-label={`Choose ${rate.description}`} checked={chosen.includes(rate.rateCode)} onChange={(e) => toggle(rate, (e.currentTarget as HTMLInputElement).checked)} />
              </td>
              <td>{rate.description}</td>
              <td>
                <code>{rate.sku}</code>
              </td>
              <td>{rate.productFamily ?? ''}</td>
              <td>{rate.unit}</td>
              <td class="prices-amount" title={roundedFromTitle(rate.roundedFrom)}>
                {rate.unitPrice}
              </td>
              <td>{rate.currency}</td>
              <td>{rate.effectiveDate}</td>
              <td>
                <code class="prices-code">{rate.rateCode}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The AWS Price List (GET W/prices/aws/services, regions, prices; POST W/prices/aws): a service,
 * then one of its regions, then its OnDemand rates searched; the rates ticked are imported.
 */
export function AwsPanel({ workspaceId, onImported }: { workspaceId: string; onImported: (entries: PriceEntry[]) => void }) {
  const [service, setService] = useState('');
  const [region, setRegion] = useState('');
  const [search, setSearch] = useState('');
  const [rates, setRates] = useState<(RateList & { service: string; region: string }) | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const services = useLoad((signal) => pricesApi.awsServices(workspaceId, signal), [workspaceId]);
  const regions = useLoad((signal) => (service === '' ? Promise.resolve({ items: [] }) : pricesApi.awsRegions(workspaceId, service, signal)), [workspaceId, service]);
  const find = useAction(async () => {
    const found = await pricesApi.awsRates(workspaceId, { service, region, search });
    setRates({ ...found, service, region });
    setChosen([]);
  });
  const importing = useAction(async () => {
    if (!rates) return;
    const { items } = await pricesApi.importAws(workspaceId, { service: rates.service, region: rates.region, rateCodes: chosen });
    setChosen([]);
    onImported(items);
  });
  if (services.error) return <CatalogProblem workspaceId={workspaceId} error={services.error} />;
  if (!services.data) return <Loading label="Reading the AWS services…" />;
  const serviceOptions = [{ value: '', label: '(choose a service)' }, ...services.data.items.map((s) => ({ value: s.service, label: s.service }))];
  const regionOptions = [{ value: '', label: service === '' ? '(choose a service first)' : regions.loading ? 'Loading…' : '(choose a region)' }, ...(regions.data?.items ?? []).map((r) => ({ value: r.regionCode, label: r.regionCode }))];
  return (
    <div class="prices-catalog">
      <Form label="Search AWS rates" class="prices-filters" onSubmit={() => void find.run()}>
        <SelectField
          label="Service"
          field="service"
          error={find.error ?? regions.error}
          value={service}
          onValue={(value) => {
            setService(value);
            setRegion('');
            setRates(null);
          }}
          options={serviceOptions}
        />
        <SelectField label="Region" field="region" error={find.error} value={region} onValue={setRegion} options={regionOptions} />
        <TextField label="Search" field="search" error={find.error} value={search} onValue={setSearch} hint="In the rate code, SKU, family, description, unit or attributes; any case." />
        <div class="actions">
          <button type="submit" disabled={find.pending || service === '' || region === ''}>
            {find.pending ? 'Reading the price list…' : 'Show rates'}
          </button>
        </div>
      </Form>
      <CatalogProblem workspaceId={workspaceId} error={regions.error} fields={['service']} />
      <CatalogProblem workspaceId={workspaceId} error={find.error} fields={['service', 'region', 'search']} />
      <CatalogProblem workspaceId={workspaceId} error={importing.error} />
      {rates ? (
        <>
          <p class="hint">
            OnDemand rates of {rates.service} in {rates.region}
            {rates.truncated ? ': the first 500; narrow the search to see others.' : '.'}
          </p>
          <RateTable rates={rates} chosen={chosen} onChosen={setChosen} />
          <div class="actions">
            <button type="button" disabled={importing.pending || chosen.length === 0} onClick={() => void importing.run()}>
              {importing.pending ? 'Importing…' : `Import chosen rates (${chosen.length})`}
            </button>
          </div>
        </>
      ) : null}
    </div>
  );
}
