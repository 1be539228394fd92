import { PagedList, usePagedList } from '../../components/pager';
import { SelectField } from '../../components/form';
import { Empty, Loaded } from '../../components/status';
import { useLoad } from '../../components/use-load';
import { currentUrl, Link, type RouteParams, setQueryParameters } from '../../router';
import { formatTime } from '../account/account-api';
import { actorLabel } from '../load-tests/load-tests-role';
import { listBranches } from '../model/model-api';
import { canEditIn } from '../views/workspace-role';
import { type ProposalFilters, type ProposalKind, type ProposalSummary, proposalsApi } from './ai-api';
import { AiFrame, aiPath } from './ai-frame';
import { AskForm, SubmitForm } from './ask-forms';

const anyYesNo = (any: string, yes: string, no: string) => [
  { value: '', label: any },
  { value: 'true', label: yes },
  { value: 'false', label: no },
];

function Filters({ filters }: { filters: ProposalFilters }) {
  return (
    <fieldset class="plain field-row ai-filters">
      <legend class="offscreen">Filters</legend>
      <SelectField
        label="Status"
        field="status"
        value={filters.status}
        onValue={(value) => setQueryParameters({ status: value || null })}
        options={[
          { value: '', label: 'any' },
          { value: 'open', label: 'open' },
          { value: 'accepted', label: 'accepted' },
          { value: 'rejected', label: 'rejected' },
        ]}
      />
      <SelectField label="Made by" field="mine" value={filters.mine} onValue={(value) => setQueryParameters({ mine: value || null })} options={anyYesNo('anyone', 'me', 'others')} />
      <SelectField label="Made with" field="submitted" value={filters.submitted} onValue={(value) => setQueryParameters({ submitted: value || null })} options={anyYesNo('AI or not', 'no AI (submitted)', 'AI')} />
      <SelectField label="Decided" field="decided" value={filters.decided} onValue={(value) => setQueryParameters({ decided: value || null })} options={anyYesNo('either', 'decided', 'not yet')} />
    </fieldset>
  );
}

function progressOf(p: ProposalSummary): string {
  if (p.kind === 'flow') return p.missingCount === 0 ? 'needs nothing new' : `${p.missingCreated} of ${p.missingCount} new records created`;
  return `${p.itemCount} items: ${p.accepted} accepted, ${p.rejected} rejected, ${p.pending} pending${p.droppedCount > 0 ? `; ${p.droppedCount} dropped` : ''}`;
}

function ProposalTable({ workspaceId, projectId, items }: { workspaceId: string; projectId: string; items: ProposalSummary[] }) {
  if (items.length === 0) return <Empty>No proposals match.</Empty>;
  return (
    <div class="table-scroll">
      <table class="ai-table">
        <caption class="offscreen">Proposals, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Proposal</th>
            <th scope="col">Status</th>
            <th scope="col">Made by</th>
            <th scope="col">Progress</th>
            <th scope="col">Made</th>
          </tr>
        </thead>
        <tbody>
          {items.map((p) => (
            <tr key={p.id}>
              <th scope="row">
                <Link href={aiPath(workspaceId, projectId, p.kind, p.id)}>{p.kind === 'flow' ? p.scenarioName : (p.request ?? (p.scanId ? 'Services from a scan' : 'Architecture changes'))}</Link>
                {p.request && p.kind === 'flow' ? <div class="hint ai-request-line">{p.request}</div> : null}
              </th>
              <td>
                <span class={`badge ai-status-${p.status}`}>{p.status}</span>
              </td>
              <td>
                {actorLabel(p.createdBy)}
                <div class="hint">{p.provider ? `${p.provider.kind} ${p.provider.model}` : 'submitted, no AI'}</div>
              </td>
              <td>{progressOf(p)}</td>
              <td>{formatTime(p.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ProposalPages({ workspaceId, projectId, kind, filters }: { workspaceId: string; projectId: string; kind: ProposalKind; filters: ProposalFilters }) {
  const list = usePagedList((cursor, signal) => proposalsApi.list(projectId, kind, filters, cursor, signal), [projectId, kind]);
  return (
    <PagedList list={list} label="Proposals">
      {(items) => <ProposalTable workspaceId={workspaceId} projectId={projectId} items={items} />}
    </PagedList>
  );
}

function ProposalListScreen({ params, kind }: { params: RouteParams; kind: ProposalKind }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const canEdit = canEditIn(workspaceId);
  const query = currentUrl.value.searchParams;
  const filters: ProposalFilters = { status: query.get('status') ?? '', mine: query.get('mine') ?? '', submitted: query.get('submitted') ?? '', decided: query.get('decided') ?? '' };
  const branches = useLoad((signal) => (canEdit ? listBranches(projectId, signal) : Promise.resolve({ items: [] })), [projectId, canEdit]);
  return (
    <AiFrame workspaceId={workspaceId} projectId={projectId} kind={kind}>
      {canEdit ? (
        <div class="panel ai-ask">
          <h2>{kind === 'flow' ? 'Ask for a flow' : 'Ask for architecture changes'}</h2>
          <Loaded state={branches}>{(b) => <AskForm workspaceId={workspaceId} projectId={projectId} kind={kind} branches={b.items} />}</Loaded>
          <details class="ai-submit">
            <summary>Submit a ready proposal without AI</summary>
            <SubmitForm workspaceId={workspaceId} projectId={projectId} kind={kind} />
          </details>
        </div>
      ) : null}
      <h2>{kind === 'flow' ? 'Flow proposals' : 'Architecture proposals'}</h2>
      <Filters filters={filters} />
      {/* Keyed by the filters: a cursor belongs to one list, so new filters start at the first page. */}
      <ProposalPages key={`${kind}:${JSON.stringify(filters)}`} workspaceId={workspaceId} projectId={projectId} kind={kind} filters={filters} />
    </AiFrame>
  );
}

/** `/w/:ws/p/:p/ai?status=&mine=&submitted=&decided=`: flow proposals, with the forms to ask or submit one. */
export function FlowProposalsScreen({ params }: { params: RouteParams }) {
  return <ProposalListScreen params={params} kind="flow" />;
}

/** `/w/:ws/p/:p/ai/architecture?…`: architecture proposals, with the forms to ask or submit one. */
export function ArchitectureProposalsScreen({ params }: { params: RouteParams }) {
  return <ProposalListScreen params={params} kind="architecture" />;
}
