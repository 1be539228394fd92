import { useEffect, useState } from 'preact/hooks';
import { PagedList, usePagedList } from '../../components/pager';
import { withQuery } from '../../api/client';
import { workspacePath } from '../../navigation';
import { currentUrl, type RouteParams, setQueryParameters } from '../../router';
import type { WorkspaceItem } from '../account/account-api';
import { WorkspaceFrame } from '../account/workspace-frame';
import { AwsPanel } from './aws-panel';
import { AzurePanel } from './azure-panel';
import { CustomPriceForm } from './custom-price-form';
import { GcpPanel } from './gcp-panel';
import { PriceCsvImport } from './price-csv-import';
import { PriceTable } from './price-table';
import { type PriceEntry, priceSummary, pricesApi } from './prices-api';

const pricesPerPage = 50;

/** The ways to add prices, each a panel chosen by `?add=` so a deep link opens it. */
const panels = [
  { key: 'custom', label: 'Custom price' },
  { key: 'csv', label: 'CSV' },
  { key: 'azure', label: 'Azure' },
  { key: 'aws', label: 'AWS' },
  { key: 'gcp', label: 'Google Cloud' },
] as const;
type PanelKey = (typeof panels)[number]['key'];

function chosenPanel(): PanelKey {
  const asked = currentUrl.value.searchParams.get('add');
  return panels.find((p) => p.key === asked)?.key ?? 'custom';
}

function AddPrices({ workspaceId, onAdded }: { workspaceId: string; onAdded: () => void }) {
  const panel = chosenPanel();
  const [added, setAdded] = useState<PriceEntry[] | null>(null);
  useEffect(() => setAdded(null), [panel]);
  const done = (entries: PriceEntry[]) => {
    setAdded(entries);
    onAdded();
  };
  const path = workspacePath(workspaceId, 'prices');
  return (
    <section class="prices-add" aria-labelledby="prices-add-heading">
      <h2 id="prices-add-heading">Add prices</h2>
      <nav class="section-nav" aria-label="Ways to add prices">
        <ul>
          {panels.map((p) => (
            <li key={p.key}>
              <a
                href={withQuery(path, { add: p.key === 'custom' ? null : p.key })}
                aria-current={panel === p.key ? 'page' : undefined}
                onClick={(event) => {
                  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                  // The panels are below the list: switching keeps the page where it is.
                  event.preventDefault();
                  setQueryParameters({ add: p.key === 'custom' ? null : p.key });
                }}
              >
                {p.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {added ? (
        <div class="notice success" role="status">
          {added.length === 1 ? <p>Added {priceSummary(added[0]!)}.</p> : <p>Added {added.length} prices.</p>}
        </div>
      ) : null}
      {panel === 'custom' ? <CustomPriceForm workspaceId={workspaceId} onAdded={(price) => done([price])} /> : null}
      {panel === 'csv' ? <PriceCsvImport workspaceId={workspaceId} onAdded={onAdded} /> : null}
      {panel === 'azure' ? <AzurePanel workspaceId={workspaceId} onImported={done} /> : null}
      {panel === 'aws' ? <AwsPanel workspaceId={workspaceId} onImported={done} /> : null}
      {panel === 'gcp' ? <GcpPanel workspaceId={workspaceId} onImported={done} /> : null}
    </section>
  );
}

function Prices({ workspace }: { workspace: WorkspaceItem }) {
  const list = usePagedList((cursor, signal) => pricesApi.list(workspace.id, cursor, pricesPerPage, signal), [workspace.id]);
  const owner = workspace.role === 'owner';
  return (
    <>
      <p class="lead">
        The prices cost estimates read, oldest first. Unit prices are exact decimals, shown as stored; currencies are never converted. {owner ? '' : 'Owners add and delete prices.'}
      </p>
      <PagedList list={list} label="Prices">
        {(items) => <PriceTable workspaceId={workspace.id} items={items} owner={owner} onDeleted={list.state.reload} />}
      </PagedList>
      {owner ? <AddPrices workspaceId={workspace.id} onAdded={list.state.reload} /> : null}
    </>
  );
}

/** `/w/:workspaceId/prices`: the workspace's price list; owners add (by hand, CSV, catalogs) and delete. */
export function PricesScreen({ params }: { params: RouteParams }) {
  return (
    <WorkspaceFrame workspaceId={params.workspaceId!} title="Prices">
      {(workspace) => <Prices workspace={workspace} />}
    </WorkspaceFrame>
  );
}
