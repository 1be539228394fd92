import { useState } from 'preact/hooks';
import { ConfirmButton } from '../../components/confirm-button';
import { Empty, ErrorNotice, Loaded } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import type { RouteParams } from '../../router';
import { formatTime } from '../account/account-api';
import { AuthoriseForm } from './authorise-form';
import { LoadTestsFrame } from './load-tests-frame';
import { type LoadTestTarget, targetsApi } from './load-tests-api';
import { actorLabel, loadTestRole } from './load-tests-role';
import { OverrideForm } from './override-form';
import { TargetForm } from './target-form';

type Panel = 'edit' | 'authorise' | 'override';

function TargetFacts({ target }: { target: LoadTestTarget }) {
  const { authorisation, override } = target;
  return (
    <dl class="facts load-tests-facts">
      <dt>Kind</dt>
      <dd>{target.kind === 'operation' ? 'operation' : `call step ${target.stepId} of a scenario`}</dd>
      <dt>Authorisation</dt>
      <dd>
        {authorisation ? (
          <>
            <code>{authorisation.baseUrl}</code>
            {authorisation.environment ? ` (${authorisation.environment})` : ''}, against main version {authorisation.version}, by {actorLabel(authorisation.authorisedBy)} at {formatTime(authorisation.authorisedAt)}
          </>
        ) : (
          <span class="badge load-tests-unauthorised">not authorised</span>
        )}
      </dd>
      <dt>Override</dt>
      <dd>
        {override ? (
          <>
            {[override.allowNonIdempotent ? 'non-idempotent calls' : null, override.allowFailureInjection ? 'failure injection' : null].filter(Boolean).join(' and ')} allowed by {actorLabel(override.confirmedBy)} at {formatTime(override.confirmedAt)}:{' '}
            <q>{override.reason}</q>
          </>
        ) : (
          'none: only idempotent calls, no injected faults'
        )}
      </dd>
    </dl>
  );
}

function TargetCard({ workspaceId, projectId, target, onChanged }: { workspaceId: string; projectId: string; target: LoadTestTarget; onChanged: () => void }) {
  const { canEdit, isOwner } = loadTestRole(workspaceId);
  const [panel, setPanel] = useState<Panel | null>(null);
  const done = () => {
    setPanel(null);
    onChanged();
  };
  const remove = useAction(async () => {
    await targetsApi.remove(projectId, target.id);
    onChanged();
  });
  const withdraw = useAction(async () => {
    await targetsApi.withdraw(projectId, target.id);
    onChanged();
  });
  return (
    <li class="load-tests-card" aria-labelledby={`target-${target.id}`}>
      <h3 id={`target-${target.id}`}>{target.name}</h3>
      <TargetFacts target={target} />
      <ErrorNotice error={remove.error ?? withdraw.error} />
      {canEdit && panel === null ? (
        <div class="actions">
          <button type="button" class="secondary" onClick={() => setPanel('edit')} aria-label={`Change target ${target.name}`}>
            Change
          </button>
          {isOwner ? (
            <button type="button" onClick={() => setPanel('authorise')} aria-label={`${target.authorisation ? 'Authorise again' : 'Authorise'} ${target.name}`}>
              {target.authorisation ? 'Authorise again' : 'Authorise'}
            </button>
          ) : null}
          {target.authorisation ? (
            <ConfirmButton label="Withdraw authorisation" subject={target.name} question="Withdraw it? No script is written for it until an owner authorises it again." confirmLabel="Yes, withdraw" pending={withdraw.pending} onConfirm={() => void withdraw.run()} />
          ) : null}
          {isOwner ? (
            <button type="button" class="secondary" onClick={() => setPanel('override')} aria-label={`Override ${target.name}`}>
              Override
            </button>
          ) : null}
          <ConfirmButton label="Delete" subject={target.name} question="Delete this target with its scripts, results and runs?" confirmLabel="Yes, delete" pending={remove.pending} onConfirm={() => void remove.run()} />
        </div>
      ) : null}
      {panel === 'edit' ? <TargetForm projectId={projectId} target={target} onSaved={done} onCancel={() => setPanel(null)} /> : null}
      {panel === 'authorise' ? <AuthoriseForm workspaceId={workspaceId} projectId={projectId} target={target} onSaved={done} onCancel={() => setPanel(null)} /> : null}
      {panel === 'override' ? <OverrideForm projectId={projectId} target={target} onSaved={done} onCancel={() => setPanel(null)} /> : null}
    </li>
  );
}

/** `/w/:ws/p/:p/load-tests`: the targets, their authorisation and override. */
export function TargetsScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const { canEdit, isOwner } = loadTestRole(workspaceId);
  const targets = useLoad((signal) => targetsApi.list(projectId, signal), [projectId]);
  return (
    <LoadTestsFrame workspaceId={workspaceId} projectId={projectId} tab="">
      <h2>Targets</h2>
      <p class="hint">
        A target is what load is sent to: an operation of the main model or a call step of a scenario. {isOwner ? 'As an owner you authorise targets.' : 'An owner of the workspace authorises it before any script is written.'}
      </p>
      <Loaded state={targets} label="Reading the targets…">
        {({ items }) =>
          items.length === 0 ? (
            <Empty>No targets yet.{canEdit ? ' Add one below.' : ''}</Empty>
          ) : (
            <ul class="load-tests-cards">
              {items.map((t) => (
                <TargetCard key={t.id} workspaceId={workspaceId} projectId={projectId} target={t} onChanged={targets.reload} />
              ))}
            </ul>
          )
        }
      </Loaded>
      {canEdit ? (
        <div class="panel">
          <h2>Add a target</h2>
          <TargetForm projectId={projectId} onSaved={targets.reload} />
        </div>
      ) : null}
    </LoadTestsFrame>
  );
}
