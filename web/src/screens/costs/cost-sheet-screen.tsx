import { useState } from 'preact/hooks';
import { ErrorNotice, Loaded } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import type { RouteParams } from '../../router';
import { canEditModel } from '../model/model-role';
import { readPrices } from '../prices/prices-api';
import { AssumptionForm } from './assumption-form';
import { AssumptionTable } from './assumption-table';
import { CopySheetForm } from './copy-sheet-form';
import { type CostAssumption, type CostResource, type CostSheet, costsApi } from './costs-api';
import { currentBranchId } from './costs-address';
import { CostsFrame } from './costs-frame';
import { ResourceForm } from './resource-form';
import { ResourceTable } from './resource-table';
import { useElementNames } from './use-element-names';
import { useLines } from './use-lines';

/** Pages of workspace prices the price picker reads (200 each). */
const pricePickerPages = 5;

type Editing = { type: 'resource'; record: CostResource | null } | { type: 'assumption'; record: CostAssumption | null } | null;

function Sheet({ workspaceId, projectId, branchId, sheet, onChanged }: { workspaceId: string; projectId: string; branchId: string | null; sheet: CostSheet; onChanged: () => void }) {
  const editable = canEditModel(workspaceId);
  const [editing, setEditing] = useState<Editing>(null);
  const elements = useElementNames(projectId, branchId);
  const lines = useLines(projectId);
  const prices = useLoad((signal) => readPrices(workspaceId, pricePickerPages, signal), [workspaceId]);
  const saved = () => {
    setEditing(null);
    onChanged();
  };
  const removal = useAction(async (target: { type: 'resource' | 'assumption'; id: string }) => {
    if (target.type === 'resource') await costsApi.deleteResource(projectId, branchId, target.id);
    else await costsApi.deleteAssumption(projectId, branchId, target.id);
    onChanged();
  });
  const editingKey = editing?.record?.id ?? 'new';
  return (
    <>
      <p class="lead">
        What this line of the model would run on, and the assumptions its usage rests on. Version {sheet.version}
        {sheet.updatedAt ? `, changed ${new Date(sheet.updatedAt).toLocaleString()}` : ', never changed'}.{editable ? '' : ' Editors change the sheet; you read it.'}
      </p>
      <ErrorNotice error={removal.error} />
      <h2>Resources</h2>
      <ResourceTable
        resources={sheet.resources}
        assumptions={sheet.assumptions}
        prices={prices.data?.items ?? []}
        elementName={elements.nameOf}
        editable={editable}
        pending={removal.pending}
        onEdit={(record) => setEditing({ type: 'resource', record })}
        onDelete={(record) => void removal.run({ type: 'resource', id: record.id })}
      />
      {editable && editing?.type === 'resource' ? (
        <div class="panel">
          <ResourceForm key={editingKey} projectId={projectId} branchId={branchId} resource={editing.record} assumptions={sheet.assumptions} prices={prices.data} onSaved={saved} onCancel={() => setEditing(null)} />
        </div>
      ) : editable ? (
        <div class="actions">
          <button type="button" onClick={() => setEditing({ type: 'resource', record: null })}>
            Add resource
          </button>
        </div>
      ) : null}
      <h2>Assumptions</h2>
      <AssumptionTable
        assumptions={sheet.assumptions}
        resources={sheet.resources}
        elementName={elements.nameOf}
        editable={editable}
        pending={removal.pending}
        onEdit={(record) => setEditing({ type: 'assumption', record })}
        onDelete={(record) => void removal.run({ type: 'assumption', id: record.id })}
      />
      {editable && editing?.type === 'assumption' ? (
        <div class="panel">
          <AssumptionForm key={editingKey} projectId={projectId} branchId={branchId} assumption={editing.record} resources={sheet.resources} elements={elements.elements} onSaved={saved} onCancel={() => setEditing(null)} />
        </div>
      ) : editable ? (
        <div class="actions">
          <button type="button" onClick={() => setEditing({ type: 'assumption', record: null })}>
            Add assumption
          </button>
        </div>
      ) : null}
      {editable ? (
        <>
          <h2>Copy another line's sheet</h2>
          <p class="hint">A branch starts with main's sheet; a copy replaces this sheet with the one of main, a branch or a revision.</p>
          <Loaded state={lines.state} label="Reading branches and revisions…">
            {(choices) => <CopySheetForm projectId={projectId} branchId={branchId} lines={choices} sheet={sheet} onCopied={onChanged} />}
          </Loaded>
        </>
      ) : null}
    </>
  );
}

/** `/w/:ws/p/:p/costs`: the cost sheet of main or of `?branchId=`, its resources and assumptions. */
export function CostSheetScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const branchId = currentBranchId();
  const sheet = useLoad((signal) => costsApi.sheet(projectId, branchId, signal), [projectId, branchId]);
  return (
    <CostsFrame workspaceId={workspaceId} projectId={projectId} tab="" branchId={branchId} title="Cost sheet">
      <Loaded state={sheet} label="Reading the cost sheet…">
        {(data) => <Sheet key={branchId ?? 'main'} workspaceId={workspaceId} projectId={projectId} branchId={branchId} sheet={data} onChanged={sheet.reload} />}
      </Loaded>
    </CostsFrame>
  );
}
