import { ConfirmButton } from '../../components/confirm-button';
import { Empty, ErrorNotice, Loaded } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import { Link, navigate, type RouteParams } from '../../router';
import { canEditModel } from '../model/model-role';
import { costsApi, type SavedEstimate, type SavedEstimateSummary } from './costs-api';
import { costsHref, savedEstimateHref } from './costs-address';
import { CostsFrame } from './costs-frame';
import { Amounts, EstimateView } from './estimate-view';
import { useElementNames } from './use-element-names';
import { useLines } from './use-lines';

const nameOf = (saved: Pick<SavedEstimateSummary, 'name' | 'asOf'>) => saved.name ?? `Estimate of ${saved.asOf}`;

function SavedTable({ workspaceId, projectId, items, labelOf, onDeleted }: { workspaceId: string; projectId: string; items: SavedEstimateSummary[]; labelOf: (line: string) => string; onDeleted: () => void }) {
  const editable = canEditModel(workspaceId);
  const removal = useAction(async (saved: SavedEstimateSummary) => {
    await costsApi.deleteSaved(projectId, saved.id);
    onDeleted();
  });
  if (items.length === 0) return <Empty>No saved estimates. Save one from the Estimate tab.</Empty>;
  return (
    <>
      <ErrorNotice error={removal.error} />
      <div class="table-scroll">
        <table class="costs-saved">
          <caption class="offscreen">Saved estimates, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Line</th>
              <th scope="col">As of</th>
              <th scope="col" class="costs-amount">
                Monthly totals
              </th>
              <th scope="col" class="costs-amount">
                Unpriced
              </th>
              <th scope="col" class="costs-amount">
                Stale
              </th>
              <th scope="col">Saved</th>
              {editable ? (
                <th scope="col">
                  <span class="offscreen">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {items.map((saved) => (
              <tr key={saved.id} data-estimate-id={saved.id}>
                <th scope="row">
                  <Link href={savedEstimateHref(workspaceId, projectId, saved.id)}>{nameOf(saved)}</Link>
                </th>
                <td>{labelOf(saved.line)}</td>
                <td>{saved.asOf}</td>
                <td class="costs-amount">
                  <Amounts amounts={saved.totals} />
                </td>
                <td class="costs-amount">{saved.unpricedCount}</td>
                <td class="costs-amount">{saved.staleCount}</td>
                <td>{new Date(saved.createdAt).toLocaleString()}</td>
                {editable ? (
                  <td class="row-actions">
                    <ConfirmButton label="Delete" subject={nameOf(saved)} question={`Delete the saved estimate “${nameOf(saved)}”?`} confirmLabel="Yes, delete" cancelLabel="Keep it" pending={removal.pending} onConfirm={() => void removal.run(saved)} />
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

/** `/w/:ws/p/:p/costs/estimates`: the project's saved estimates of every line, newest first. */
export function SavedEstimatesScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const list = useLoad((signal) => costsApi.savedList(projectId, signal), [projectId]);
  const lines = useLines(projectId);
  return (
    <CostsFrame workspaceId={workspaceId} projectId={projectId} tab="estimates" title="Saved estimates">
      <p class="lead">An estimate saved keeps its figures as they were computed; later changes to prices or the sheet leave it as it is.</p>
      <Loaded state={list} label="Reading the saved estimates…">
        {({ items }) => <SavedTable workspaceId={workspaceId} projectId={projectId} items={items} labelOf={lines.labelOf} onDeleted={list.reload} />}
      </Loaded>
    </CostsFrame>
  );
}

function SavedBody({ workspaceId, projectId, saved, labelOf }: { workspaceId: string; projectId: string; saved: SavedEstimate; labelOf: (line: string) => string }) {
  const elements = useElementNames(projectId, saved.branchId);
  const removal = useAction(async () => {
    await costsApi.deleteSaved(projectId, saved.id);
    navigate(costsHref(workspaceId, projectId, 'estimates'));
  });
  return (
    <>
      <p class="lead">
        Line {labelOf(saved.line)}, as of {saved.asOf}; saved {new Date(saved.createdAt).toLocaleString()}. These are the stored figures, not computed again.
      </p>
      <EstimateView estimate={saved.estimate} elementName={elements.nameOf} />
      {canEditModel(workspaceId) ? (
        <div class="actions">
          <ErrorNotice error={removal.error} />
          <ConfirmButton label="Delete this saved estimate" question={`Delete “${nameOf(saved)}”?`} confirmLabel="Yes, delete" cancelLabel="Keep it" pending={removal.pending} onConfirm={() => void removal.run()} />
        </div>
      ) : null}
    </>
  );
}

/** `/w/:ws/p/:p/costs/estimates/:estimateId`: one saved estimate with its stored figures. */
export function SavedEstimateScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const saved = useLoad((signal) => costsApi.saved(projectId, params.estimateId!, signal), [projectId, params.estimateId]);
  const lines = useLines(projectId);
  return (
    <CostsFrame workspaceId={workspaceId} projectId={projectId} tab="estimates" title={saved.data ? nameOf(saved.data) : 'Saved estimate'}>
      <p class="breadcrumb">
        <Link href={costsHref(workspaceId, projectId, 'estimates')}>Saved estimates</Link>
      </p>
      <Loaded state={saved} label="Reading the saved estimate…">
        {(data) => <SavedBody workspaceId={workspaceId} projectId={projectId} saved={data} labelOf={lines.labelOf} />}
      </Loaded>
    </CostsFrame>
  );
}
