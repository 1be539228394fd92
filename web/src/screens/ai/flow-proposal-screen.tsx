import { useState } from 'preact/hooks';
import { Form, TextField } from '../../components/form';
import { Empty, ErrorNotice, Loaded } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import { projectPath } from '../../navigation';
import { Link, type RouteParams } from '../../router';
import { canEditIn } from '../views/workspace-role';
import { type FlowProposal, type MissingRecord, proposalsApi } from './ai-api';
import { AiFrame } from './ai-frame';
import { DecisionError, DeleteProposal, ProposalFacts, RecordFields } from './proposal-parts';

function MissingTable({ projectId, proposal, canAct, onChanged }: { projectId: string; proposal: FlowProposal; canAct: boolean; onChanged: (next: FlowProposal) => void }) {
  const create = useAction(async (alias: string) => onChanged(await proposalsApi.createMissing(projectId, proposal.id, alias)));
  const missing = proposal.flow.missing;
  if (missing.length === 0) return <Empty>The flow needs nothing the model lacks.</Empty>;
  const created = (alias: string) => missing.find((m) => m.alias === alias)?.createdId !== null;
  const waitingFor = (m: MissingRecord) => m.needs.filter((need) => !created(need));
  return (
    <>
      <div class="table-scroll">
        <table class="ai-table ai-missing">
          <caption class="offscreen">Records the flow needs that the model lacks</caption>
          <thead>
            <tr>
              <th scope="col">Alias</th>
              <th scope="col">Kind</th>
              <th scope="col">Record</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {missing.map((m) => (
              <tr key={m.alias} data-alias={m.alias}>
                <th scope="row">
                  <code>{m.alias}</code>
                </th>
                <td>{m.kind}</td>
                <td>
                  <RecordFields record={m.record} />
                </td>
                <td>
                  {m.createdId !== null ? (
                    <span class="badge ai-created">created</span>
                  ) : canAct && proposal.status === 'open' ? (
                    <>
                      <button type="button" class="secondary" disabled={create.pending || waitingFor(m).length > 0} onClick={() => void create.run(m.alias)} aria-label={`Create ${m.kind} ${m.alias}`}>
                        Create
                      </button>
                      {waitingFor(m).length > 0 ? <div class="hint">create {waitingFor(m).join(', ')} first</div> : null}
                    </>
                  ) : (
                    <span class="badge">not created</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ErrorNotice error={create.error} />
    </>
  );
}

function Decide({ projectId, proposal, onChanged }: { projectId: string; proposal: FlowProposal; onChanged: (next: FlowProposal) => void }) {
  const [name, setName] = useState('');
  const accept = useAction(async () => onChanged(await proposalsApi.accept(projectId, proposal.id, { name: name.trim() === '' ? null : name })));
  const reject = useAction(async () => onChanged(await proposalsApi.reject(projectId, proposal.id)));
  return (
    <div class="panel ai-decide">
      <h2>Decide</h2>
      <Form label="Accept the flow" onSubmit={() => void accept.run()}>
        <TextField label="Scenario name" field="name" error={accept.error} value={name} onValue={setName} hint={`Leave empty for “${proposal.flow.scenario.name}”.`} />
        <DecisionError error={accept.error} />
        <div class="actions">
          <button type="submit" disabled={accept.pending}>
            {accept.pending ? 'Accepting…' : proposal.reviseScenarioId ? 'Accept: replace the scenario' : 'Accept: create the scenario'}
          </button>
          <button type="button" class="secondary" disabled={reject.pending} onClick={() => void reject.run()}>
            Reject
          </button>
        </div>
      </Form>
      <ErrorNotice error={reject.error} />
    </div>
  );
}

/** `/w/:ws/p/:p/ai/flow/:proposalId`: the scenario and the records it needs; create them, accept or reject. */
export function FlowProposalScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const canEdit = canEditIn(workspaceId);
  const [changed, setChanged] = useState<FlowProposal | null>(null);
  const state = useLoad((signal) => proposalsApi.getFlow(projectId, params.proposalId!, signal), [projectId, params.proposalId]);
  return (
    <AiFrame workspaceId={workspaceId} projectId={projectId} kind="flow">
      <Loaded state={state} label="Reading the proposal…">
        {(loaded) => {
          const proposal = changed?.id === loaded.id ? changed : loaded;
          return (
            <article class="ai-proposal">
              <h2>Flow proposal: {proposal.flow.scenario.name}</h2>
              <p class="ai-truth">{proposal.truthNote}</p>
              <ProposalFacts proposal={proposal} />
              {proposal.flow.notes ? (
                <>
                  <h3>Notes</h3>
                  <p class="ai-data">{proposal.flow.notes}</p>
                </>
              ) : null}
              {proposal.scenarioId ? (
                <p>
                  Accepted as the scenario <Link href={projectPath(workspaceId, projectId, 'scenarios', proposal.scenarioId)}>{proposal.scenarioId}</Link>.
                </p>
              ) : null}
              <h3>Records the flow needs</h3>
              <MissingTable projectId={projectId} proposal={proposal} canAct={canEdit} onChanged={setChanged} />
              <h3>Scenario</h3>
              <pre class="ai-json-view">{JSON.stringify(proposal.flow.scenario, null, 2)}</pre>
              {canEdit && proposal.status === 'open' ? <Decide projectId={projectId} proposal={proposal} onChanged={setChanged} /> : null}
              {canEdit ? <DeleteProposal workspaceId={workspaceId} projectId={projectId} proposal={proposal} /> : null}
            </article>
          );
        }}
      </Loaded>
    </AiFrame>
  );
}
