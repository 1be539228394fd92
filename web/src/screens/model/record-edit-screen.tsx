import { Loaded } from '../../components/status';
import { useLoad } from '../../components/use-load';
import { Link, type RouteParams } from '../../router';
import { BranchBar } from './branch-bar';
import { getRecord, isSection, sectionLabels } from './model-api';
import { currentBranchId, modelHref, recordHref, sectionListHref } from './model-address';
import { canEditModel } from './model-role';
import { RecordForm } from './record-form';
import { recordTitle } from './record-title';

/** `/w/:ws/p/:p/model/:section/new` and `…/:section/:id/edit`: the edit form of one kind, on main or the branch in the address. */
export function RecordEditScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const id = params.id ?? null;
  const branchId = currentBranchId();
  const section = isSection(params.section) ? params.section : null;
  const state = useLoad((signal) => (section && id ? getRecord(projectId, section, id, { branchId }, signal) : Promise.resolve(null)), [projectId, section, id, branchId]);
  if (!section) {
    return (
      <section>
        <h1>No such record kind</h1>
        <p>
          “{params.section}” is not a kind of model record. <Link href={modelHref(workspaceId, projectId, branchId)}>Back to the model</Link>
        </p>
      </section>
    );
  }
  const labels = sectionLabels[section];
  return (
    <section class="record-edit-screen">
      <nav class="breadcrumbs" aria-label="Breadcrumbs">
        <Link href={modelHref(workspaceId, projectId, branchId)}>Model</Link> › <Link href={sectionListHref(workspaceId, projectId, branchId, section)}>{labels.plural}</Link>
        {id ? (
          <>
            {' › '}
            <Link href={recordHref(workspaceId, projectId, branchId, section, id)}>{state.data ? recordTitle(section, state.data) : '…'}</Link>
          </>
        ) : null}
      </nav>
      <BranchBar workspaceId={workspaceId} projectId={projectId} branchId={branchId} />
      {!canEditModel(workspaceId) ? <p class="notice">Your role in this workspace can read the model but not change it; saving will be refused.</p> : null}
      <Loaded state={state} label={`Loading the ${labels.singular}…`}>
        {(record) => (
          <>
            <h1>{record ? `Edit ${labels.singular} “${recordTitle(section, record)}”` : `New ${labels.singular}`}</h1>
            <RecordForm key={`${section}|${record?.id ?? 'new'}|${branchId ?? ''}`} workspaceId={workspaceId} projectId={projectId} branchId={branchId} section={section} record={record} />
          </>
        )}
      </Loaded>
    </section>
  );
}
