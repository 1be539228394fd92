import { useState } from 'preact/hooks';
import { Empty, ErrorNotice, Loaded } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import type { RouteParams } from '../../router';
import { canEditIn } from '../views/workspace-role';
import { type ArchitectureProposal, type ProposalItem, proposalsApi } from './ai-api';
import { AiFrame } from './ai-frame';
import { DeleteProposal, ProposalFacts, RecordFields } from './proposal-parts';

type Choice = 'accept' | 'reject' | '';

function ItemRow({ item, choice, onChoice, canAct, refusal }: { item: ProposalItem; choice: Choice; onChoice: (choice: Choice) => void; canAct: boolean; refusal: string | undefined }) {
  const label = `${item.action} ${item.kind} ${String(item.record.name ?? item.record.label ?? item.recordId)}`;
  return (
    <tr data-item={item.id} class={refusal ? 'ai-refused' : undefined}>
      <th scope="row">
        {item.action} {item.kind}
        {item.ref ? (
          <div class="hint">
            as <code>{item.ref}</code>
          </div>
        ) : null}
      </th>
      <td>
        <RecordFields record={item.record} />
        <div class="hint ai-data">{item.rationale}</div>
        {refusal ? (
          <small class="field-error" role="alert">
            {refusal}
          </small>
        ) : null}
      </td>
      <td class="ai-confidence">{Math.round(item.confidence * 100)}%</td>
      <td>
        {item.decision !== 'pending' || !canAct ? (
          <span class={`badge ai-decision-${item.decision}`}>{item.decision}</span>
        ) : (
          <div class="ai-choices">
            <label class="choice">
              <input type="checkbox" checked={choice === 'accept'} onChange={(e) => onChoice((e.currentTarget as HTMLInputElement).checked ? 'accept' : '')} aria-label={`Accept ${label}`} /> accept
            </label>
            <label class="choice">
              <input type="checkbox" checked={choice === 'reject'} onChange={(e) => onChoice((e.currentTarget as HTMLInputElement).checked ? 'reject' : '')} aria-label={`Reject ${label}`} /> reject
            </label>
          </div>
        )}
      </td>
    </tr>
  );
}

function Items({ projectId, proposal, canAct, onChanged }: { projectId: string; proposal: ArchitectureProposal; canAct: boolean; onChanged: (next: ArchitectureProposal) => void }) {
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const decide = useAction(async () => {
    const pick = (wanted: Choice) => Object.entries(choices).filter(([, c]) => c === wanted).map(([id]) => id);
    onChanged(await proposalsApi.decide(projectId, proposal.id, { accept: pick('accept'), reject: pick('reject') }));
    setChoices({});
  });
  if (proposal.items.length === 0) return <Empty>No item passed the model's rules.</Empty>;
  const refused = decide.error?.problem.type === 'items_refused';
  const refusalOf = (id: string) => (refused ? decide.error?.problem.errors.find((e) => e.field === id)?.message : undefined);
  const pending = proposal.items.some((item) => item.decision === 'pending');
  return (
    <>
      <div class="table-scroll">
        <table class="ai-table ai-items">
          <caption class="offscreen">Proposed changes</caption>
          <thead>
            <tr>
              <th scope="col">Change</th>
              <th scope="col">Record and rationale</th>
              <th scope="col">Confidence</th>
              <th scope="col">Decision</th>
            </tr>
          </thead>
          <tbody>
            {proposal.items.map((item) => (
              <ItemRow key={item.id} item={item} canAct={canAct && proposal.status === 'open'} choice={choices[item.id] ?? ''} onChoice={(choice) => setChoices((all) => ({ ...all, [item.id]: choice }))} refusal={refusalOf(item.id)} />
            ))}
          </tbody>
        </table>
      </div>
      {refused ? (
        <div class="error-notice" role="alert">
          <strong>Nothing was written: {decide.error?.problem.errors.length === 1 ? 'an accepted item cannot' : 'some accepted items cannot'} be applied to the model as it is now.</strong>
          <p>Each is marked above with the reason. Accept what it needs too, or leave it out.</p>
        </div>
      ) : (
        <ErrorNotice error={decide.error} />
      )}
      {canAct && proposal.status === 'open' && pending ? (
        <div class="actions">
          <button type="button" onClick={() => void decide.run()} disabled={decide.pending || Object.values(choices).every((c) => c === '')}>
            {decide.pending ? 'Deciding…' : 'Decide the checked items'}
          </button>
          <span class="hint">Accepted items are written in one change, labelled inferred with their confidence.</span>
        </div>
      ) : null}
    </>
  );
}

/** `/w/:ws/p/:p/ai/architecture/:proposalId`: the changes with confidence and rationale; accept and reject per item. */
export function ArchitectureProposalScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const canEdit = canEditIn(workspaceId);
  const [changed, setChanged] = useState<ArchitectureProposal | null>(null);
  const state = useLoad((signal) => proposalsApi.getArchitecture(projectId, params.proposalId!, signal), [projectId, params.proposalId]);
  return (
    <AiFrame workspaceId={workspaceId} projectId={projectId} kind="architecture">
      <Loaded state={state} label="Reading the proposal…">
        {(loaded) => {
          const proposal = changed?.id === loaded.id ? changed : loaded;
          return (
            <article class="ai-proposal">
              <h2>Architecture proposal</h2>
              <p class="ai-truth">{proposal.truthNote}</p>
              <ProposalFacts proposal={proposal} />
              {proposal.notes ? (
                <>
                  <h3>Notes</h3>
                  <p class="ai-data">{proposal.notes}</p>
                </>
              ) : null}
              <h3>Changes</h3>
              <Items projectId={projectId} proposal={proposal} canAct={canEdit} onChanged={setChanged} />
              {proposal.dropped.length > 0 ? (
                <>
                  <h3>Dropped by the model's rules</h3>
                  <ul class="ai-dropped">
                    {proposal.dropped.map((d) => (
                      <li key={d.index}>
                        Item {d.index + 1} ({d.action} {d.kind}): {d.reason}
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
              {canEdit ? <DeleteProposal workspaceId={workspaceId} projectId={projectId} proposal={proposal} /> : null}
            </article>
          );
        }}
      </Loaded>
    </AiFrame>
  );
}
