import { ErrorNotice, Loaded } from '../../components/status';
import { TruthBadges, truthLabelOf, type TruthFields } from '../../components/truth-badges';
import { useAction, useLoad } from '../../components/use-load';
import { Link, type RouteParams } from '../../router';
import { newThreadHref } from '../comments/comments-address';
import { BranchBar } from './branch-bar';
import { DeleteRecord } from './delete-record';
import { decideFact, getRecord, hasFactFields, isSection, kindOfSection, sectionLabels, type AnyModelRecord, type Section } from './model-api';
import { currentBranchId, modelHref, sectionListHref } from './model-address';
import { canEditModel } from './model-role';
import { forgetRecords } from './record-cache';
import { RecordConnections, hasConnections } from './record-connections';
import { RecordFields } from './record-fields';
import { recordTitle } from './record-title';

/** Accept and mark unknown (part 1 "Facts"), on the branch shown. */
function FactActions({ projectId, section, record, branchId, onDone }: { projectId: string; section: Section; record: AnyModelRecord; branchId: string | null; onDone: () => void }) {
  const action = useAction(async (decision: 'accept' | 'mark-unknown') => {
    await decideFact(projectId, section, record.id, decision, branchId);
    forgetRecords();
    onDone();
  });
  const fact = record as TruthFields;
  const label = truthLabelOf(fact);
  return (
    <div class="fact-actions">
      <div class="actions">
        <button type="button" onClick={() => void action.run('accept')} disabled={action.pending}>
          Accept fact
        </button>
        <button type="button" class="secondary" onClick={() => void action.run('mark-unknown')} disabled={action.pending || label === 'unknown'}>
          Mark unknown
        </button>
      </div>
      <small class="hint">Accepting makes an inferred or unknown fact declared and records who accepted it; observed and measured facts keep their label.</small>
      <ErrorNotice error={action.error} />
    </div>
  );
}

/** `/w/:ws/p/:p/model/:section/:id`: one record with its fields, badges, fact actions and what connects to it. */
export function RecordScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const id = params.id!;
  const branchId = currentBranchId();
  const section = isSection(params.section) ? params.section : null;
  const state = useLoad((signal) => (section ? getRecord(projectId, section, id, { branchId }, signal) : Promise.reject(new Error(`no record kind ${params.section}`))), [projectId, section, id, branchId]);
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
  const editable = canEditModel(workspaceId);
  return (
    <section class="record-screen">
      <nav class="breadcrumbs" aria-label="Breadcrumbs">
        <Link href={modelHref(workspaceId, projectId, branchId)}>Model</Link> › <Link href={sectionListHref(workspaceId, projectId, branchId, section)}>{labels.plural}</Link>
      </nav>
      <BranchBar workspaceId={workspaceId} projectId={projectId} branchId={branchId} />
      <Loaded state={state} label={`Loading the ${labels.singular}…`}>
        {(record) => {
          const title = recordTitle(section, record);
          const context = { workspaceId, projectId, stream: { branchId } };
          return (
            <>
              <div class="record-heading">
                <h1>
                  <span class="muted kind-word">{labels.singular}</span> {title}
                </h1>
                <TruthBadges record={record as TruthFields} />
              </div>
              <div class="actions">
                {editable ? (
                  <>
                    <Link class="button" href={modelHref(workspaceId, projectId, branchId, section, id, 'edit')}>
                      Edit
                    </Link>
                    <DeleteRecord workspaceId={workspaceId} projectId={projectId} branchId={branchId} section={section} id={id} title={title} />
                  </>
                ) : null}
                {/* Every member may comment (docs/comments.md "Roles"). */}
                <Link class="button secondary" href={newThreadHref(workspaceId, projectId, { kind: kindOfSection(section), id }, branchId)}>
                  Comment
                </Link>
              </div>
              <div class={hasConnections(section) ? 'record-body two-columns' : 'record-body'}>
                <div>
                  <h2>Fields</h2>
                  <RecordFields {...context} section={section} record={record} />
                  {editable && hasFactFields(section) ? <FactActions projectId={projectId} section={section} record={record} branchId={branchId} onDone={state.reload} /> : null}
                </div>
                {hasConnections(section) ? (
                  <div>
                    <h2>Connected records</h2>
                    <RecordConnections context={context} section={section} record={record} />
                  </div>
                ) : null}
              </div>
            </>
          );
        }}
      </Loaded>
    </section>
  );
}
