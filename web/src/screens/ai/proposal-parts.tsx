import type { ApiError } from '../../api/client';
import { ConfirmButton } from '../../components/confirm-button';
import { ErrorNotice } from '../../components/status';
import { useAction } from '../../components/use-load';
import { navigate } from '../../router';
import { formatTime } from '../account/account-api';
import { actorLabel } from '../load-tests/load-tests-role';
import { type ArchitectureProposal, type FlowProposal, proposalsApi } from './ai-api';
import { listPath } from './ai-frame';

/** Who made the proposal, against what, and where it stands. */
export function ProposalFacts({ proposal }: { proposal: FlowProposal | ArchitectureProposal }) {
  return (
    <dl class="facts ai-facts">
      <dt>Status</dt>
      <dd>
        <span class={`badge ai-status-${proposal.status}`}>{proposal.status}</span>
        {proposal.decidedAt ? ` by ${actorLabel(proposal.decidedBy ?? '')} on ${formatTime(proposal.decidedAt)}` : null}
      </dd>
      <dt>Made by</dt>
      <dd>
        {actorLabel(proposal.createdBy)} on {formatTime(proposal.createdAt)},{' '}
        {proposal.provider ? (
          <>
            with {proposal.provider.kind} <code>{proposal.provider.model}</code>
          </>
        ) : (
          'submitted without AI'
        )}
      </dd>
      <dt>Request</dt>
      <dd class="ai-data">{proposal.request ?? '—'}</dd>
      <dt>Made against</dt>
      <dd>
        {proposal.branchId ? `branch ${proposal.branchId}` : 'main'}, model version {proposal.modelVersion}
      </dd>
      {proposal.document ? (
        <>
          <dt>Document</dt>
          <dd>
            <code>{proposal.document.path}</code> of Source <code>{proposal.document.sourceId}</code>
          </dd>
        </>
      ) : null}
      {proposal.kind === 'architecture' && proposal.scanId ? (
        <>
          <dt>Scan</dt>
          <dd>
            the facts of scan <code>{proposal.scanId}</code>, grouped into services
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** A 409 proposal-stale body in plain words: the model moved, or something the proposal needs is not there. */
export function DecisionError({ error }: { error: ApiError | undefined }) {
  if (error?.problem.type === 'proposal_stale') {
    return (
      <div class="error-notice ai-stale" role="alert">
        <strong>This proposal is stale: it no longer fits the model.</strong>
        <ul>
          {error.problem.errors.map((e) => (
            <li key={e.field}>
              <code>{e.field}</code> {e.message}
            </li>
          ))}
        </ul>
        <p>Create the missing records first; if the model itself changed, ask again for a proposal against the model as it is now.</p>
      </div>
    );
  }
  return <ErrorNotice error={error} />;
}

/** Deleting a proposal: its maker or an owner, and only while it wrote nothing (the API says so otherwise). */
export function DeleteProposal({ workspaceId, projectId, proposal }: { workspaceId: string; projectId: string; proposal: FlowProposal | ArchitectureProposal }) {
  const remove = useAction(async () => {
    await proposalsApi.remove(projectId, proposal.kind, proposal.id);
    navigate(listPath(workspaceId, projectId, proposal.kind));
  });
  return (
    <>
      <ConfirmButton label="Delete proposal" question="Delete this proposal? It cannot be undone." confirmLabel="Delete" onConfirm={() => void remove.run()} pending={remove.pending} />
      <ErrorNotice error={remove.error} />
    </>
  );
}

/** A record's fields as a short list (text only: AI text is data). */
export function RecordFields({ record }: { record: Record<string, unknown> }) {
  const shown = Object.entries(record).filter(([key, value]) => !['id', 'factStatus', 'provenance', 'stale', 'icon'].includes(key) && value !== null && !(Array.isArray(value) && value.length === 0));
  return (
    <dl class="ai-record">
      {shown.map(([key, value]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
