import { useEffect, useState } from 'preact/hooks';
import { PagedList, usePagedList } from '../../components/pager';
import { SelectField } from '../../components/form';
import { Empty, ErrorNotice, Loaded } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import { projectPath } from '../../navigation';
import { currentUrl, Link, type RouteParams, setQueryParameters } from '../../router';
import { formatTime } from '../account/account-api';
import { sectionOfKind } from '../model/model-api';
import { canEditIn } from '../views/workspace-role';
import { type DecideResult, type Impact, type Proposal, type ScanDetail, scansApi } from './sources-api';
import { activeStates, ScanStateBadge, SourcesFrame, sourcesPath } from './sources-frame';

/** How often a queued or running scan is read again. */
const pollMilliseconds = 1000;

interface FactView {
  fields?: Record<string, unknown>;
  factStatus?: string;
  confidence?: number | null;
  changedFields?: string[];
  evidence?: { path: string; startLine: number; endLine: number }[];
}

function nameOf(p: Proposal): string {
  const fact = p.proposed as FactView | null;
  const current = p.current as Record<string, unknown> | null;
  const name = fact?.fields?.name ?? fact?.fields?.label ?? current?.name ?? current?.label;
  return typeof name === 'string' && name !== '' ? name : p.factKey;
}

function ScanFacts({ scan }: { scan: ScanDetail }) {
  return (
    <dl class="facts sources-scan-facts">
      <dt>State</dt>
      <dd>
        <ScanStateBadge state={scan.state} />
        {scan.isComplete === false ? ' partial: no removals proposed' : ''}
      </dd>
      <dt>Progress</dt>
      <dd>
        {scan.filesRead} of {scan.filesListed} files read, {scan.skippedCount} skipped, {scan.factCount} facts
      </dd>
      <dt>Commit</dt>
      <dd>{scan.commitSha ?? '—'}</dd>
      <dt>Requested</dt>
      <dd>{formatTime(scan.createdAt)}</dd>
      <dt>Finished</dt>
      <dd>{formatTime(scan.finishedAt)}</dd>
      <dt>Proposals</dt>
      <dd>
        {scan.proposals.pending} pending, {scan.proposals.accepted} accepted, {scan.proposals.rejected} rejected, {scan.proposals.superseded} superseded
      </dd>
      {scan.error ? (
        <>
          <dt>Error</dt>
          <dd class="sources-error">{scan.error}</dd>
        </>
      ) : null}
      {scan.extractionGap ? (
        <>
          <dt>Gap</dt>
          <dd>{scan.extractionGap}</dd>
        </>
      ) : null}
    </dl>
  );
}

function ScanControls({ projectId, scan, onChanged }: { projectId: string; scan: ScanDetail; onChanged: () => void }) {
  const cancel = useAction(async () => {
    await scansApi.cancel(projectId, scan.id);
    onChanged();
  });
  const resume = useAction(async () => {
    await scansApi.resume(projectId, scan.id);
    onChanged();
  });
  const active = activeStates.includes(scan.state);
  const resumable = scan.state === 'failed' || scan.state === 'cancelled';
  if (!active && !resumable) return null;
  return (
    <div class="actions">
      {active ? (
        <button type="button" class="secondary" onClick={() => void cancel.run()} disabled={cancel.pending}>
          Cancel the scan
        </button>
      ) : (
        <button type="button" onClick={() => void resume.run()} disabled={resume.pending}>
          Resume the scan
        </button>
      )}
      <ErrorNotice error={cancel.error ?? resume.error} />
    </div>
  );
}

function ImpactSummary({ impact }: { impact: Impact }) {
  const touched = [...impact.views.map((v) => `view ${v.name}`), ...impact.scenarios.map((s) => `scenario ${s.name}`), ...impact.promises.map((p) => `promise ${p.requirementNumber} ${p.title}`)];
  return (
    <div class="sources-impact">
      <p>
        If every pending proposal were accepted: {impact.added} added, {impact.changed} changed, {impact.removed} removed.
        {touched.length > 0 ? ` It would touch ${touched.join(', ')}.` : ' No view, scenario or promise would be touched.'}
      </p>
    </div>
  );
}

function ProposalRow({ workspaceId, projectId, proposal, canAct, decided, onDecide }: { workspaceId: string; projectId: string; proposal: Proposal; canAct: boolean; decided: DecideResult['items'][number] | undefined; onDecide: (choice: 'accept' | 'reject') => void }) {
  const fact = proposal.proposed as FactView | null;
  const status = decided?.status ?? proposal.status;
  const entityId = decided?.entityId ?? proposal.entityId;
  const section = sectionOfKind(proposal.entityKind);
  const label = `${proposal.action} ${proposal.entityKind} ${nameOf(proposal)}`;
  return (
    <tr data-proposal={proposal.id} data-fact={proposal.factKey}>
      <th scope="row">
        {proposal.action} {proposal.entityKind} <strong>{nameOf(proposal)}</strong>
        <div class="hint sources-fact-key">
          <code>{proposal.factKey}</code>
        </div>
      </th>
      <td>
        {fact?.factStatus ?? '—'}
        {typeof fact?.confidence === 'number' ? ` (${Math.round(fact.confidence * 100)}%)` : ''}
        {fact?.changedFields && fact.changedFields.length > 0 ? <div class="hint">changes {fact.changedFields.join(', ')}</div> : null}
      </td>
      <td class="sources-evidence">
        {(fact?.evidence ?? []).slice(0, 3).map((e) => (
          <div key={`${e.path}:${e.startLine}`}>
            {e.path}#L{e.startLine}-L{e.endLine}
          </div>
        ))}
      </td>
      <td>
        {status === 'pending' && canAct ? (
          <div class="sources-choices">
            <button type="button" onClick={() => onDecide('accept')} aria-label={`Accept ${label}`}>
              Accept
            </button>
            <button type="button" class="secondary" onClick={() => onDecide('reject')} aria-label={`Reject ${label}`}>
              Reject
            </button>
          </div>
        ) : (
          <span class={`badge sources-decision-${status}`}>{status}</span>
        )}
        {status === 'accepted' && entityId && section ? (
          <div>
            <Link href={projectPath(workspaceId, projectId, 'model', section, entityId)}>Open in the model</Link>
          </div>
        ) : null}
      </td>
    </tr>
  );
}

function Proposals({ workspaceId, projectId, scan, onDecided }: { workspaceId: string; projectId: string; scan: ScanDetail; onDecided: () => void }) {
  const status = currentUrl.value.searchParams.get('status') ?? 'pending';
  const list = usePagedList((cursor, signal) => scansApi.proposals(projectId, scan.id, status, cursor, signal), [projectId, scan.id, status]);
  const [acknowledge, setAcknowledge] = useState(false);
  const [decided, setDecided] = useState<Record<string, DecideResult['items'][number]>>({});
  const decide = useAction(async (proposalId: string, choice: 'accept' | 'reject') => {
    const result = await scansApi.decide(projectId, scan.id, { accept: choice === 'accept' ? [proposalId] : [], reject: choice === 'reject' ? [proposalId] : [], acknowledgeImpact: acknowledge });
    setDecided((all) => ({ ...all, ...Object.fromEntries(result.items.map((item) => [item.proposalId, item])) }));
    onDecided();
  });
  const canAct = canEditIn(workspaceId) && scan.state === 'completed';
  return (
    <>
      <fieldset class="plain field-row sources-filter">
        <legend class="offscreen">Filter</legend>
        <SelectField
          label="Status"
          field="status"
          value={status}
          onValue={(value) => setQueryParameters({ status: value === 'pending' ? null : value })}
          options={['pending', 'accepted', 'rejected', 'superseded'].map((s) => ({ value: s, label: s }))}
        />
      </fieldset>
      {canAct ? (
        <label class="choice">
          <input type="checkbox" checked={acknowledge} onChange={(e) => setAcknowledge((e.currentTarget as HTMLInputElement).checked)} /> I have read the impact: accept even when a view, scenario or promise
          changes
        </label>
      ) : null}
      <ErrorNotice error={decide.error} />
      <PagedList list={list} label="Proposals">
        {(items) =>
          items.length === 0 ? (
            <Empty>No {status} proposals.</Empty>
          ) : (
            <div class="table-scroll">
              <table class="sources-table sources-proposals">
                <caption class="offscreen">Proposals by fact key</caption>
                <thead>
                  <tr>
                    <th scope="col">Proposal</th>
                    <th scope="col">Truth</th>
                    <th scope="col">Evidence</th>
                    <th scope="col">Decision</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((p) => (
                    <ProposalRow key={p.id} workspaceId={workspaceId} projectId={projectId} proposal={p} canAct={canAct && !decide.pending} decided={decided[p.id]} onDecide={(choice) => void decide.run(p.id, choice)} />
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </PagedList>
    </>
  );
}

/** `/w/:ws/p/:p/proposals/:importId`: a scan's state and progress (read again while it runs), cancel or resume, the impact and its proposals. */
export function ScanScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const scanId = params.importId!;
  const state = useLoad((signal) => scansApi.get(projectId, scanId, signal), [projectId, scanId]);
  const scanState = state.data?.state;
  const completed = scanState === 'completed';
  const [round, setRound] = useState(0);
  const impact = useLoad((signal) => (completed ? scansApi.impact(projectId, scanId, signal) : Promise.resolve(null)), [projectId, scanId, completed, round]);
  useEffect(() => {
    if (!scanState || !activeStates.includes(scanState)) return;
    const timer = setTimeout(state.reload, pollMilliseconds);
    return () => clearTimeout(timer);
  }, [scanState, state.data, state.reload]);
  const refresh = () => {
    state.reload();
    setRound((r) => r + 1);
  };
  return (
    <SourcesFrame workspaceId={workspaceId} projectId={projectId} tab="scans">
      <Loaded state={state} label="Reading the scan…">
        {(scan) => (
          <article class="sources-scan">
            <h2>Scan of {formatTime(scan.createdAt)}</h2>
            {scan.sourceId ? (
              <p>
                <Link href={sourcesPath(workspaceId, projectId, scan.sourceId)}>Its Source</Link>
              </p>
            ) : null}
            <ScanFacts scan={scan} />
            {canEditIn(workspaceId) ? <ScanControls projectId={projectId} scan={scan} onChanged={state.reload} /> : null}
            {scan.skipped.length > 0 ? (
              <details>
                <summary>{scan.skipped.length} files skipped</summary>
                <ul>
                  {scan.skipped.map((f) => (
                    <li key={f.path}>
                      {f.path}: {f.reason}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
            {completed ? (
              <>
                <h3>Impact</h3>
                <Loaded state={impact}>{(answer) => (answer ? <ImpactSummary impact={answer} /> : null)}</Loaded>
                <h3>Proposals</h3>
                <Proposals workspaceId={workspaceId} projectId={projectId} scan={scan} onDecided={refresh} />
              </>
            ) : activeStates.includes(scan.state) ? (
              <p class="loading" role="status">
                The scan is {scan.state}; this page reads it again every second.
              </p>
            ) : null}
          </article>
        )}
      </Loaded>
    </SourcesFrame>
  );
}
