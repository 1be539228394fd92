import { useEffect, useState } from 'preact/hooks';
import { SelectField } from '../../components/form';
import { PagedList, usePagedList } from '../../components/pager';
import { Empty, ErrorNotice } from '../../components/status';
import { useAction } from '../../components/use-load';
import { currentUrl, setQueryParameters } from '../../router';
import { canEditIn } from '../views/workspace-role';
import { BulkDecisionPanel, BulkOutcome, type BulkRequest } from './bulk-decision-panel';
import type { Choice, DecisionOutcome } from './bulk-decisions';
import { ProposalRow } from './proposal-row';
import { type DecideResult, type Proposal, type ProposalFilter, resolutionOrder, type ScanDetail, scansApi } from './sources-api';

type Decided = DecideResult['items'][number];

/** Proposals read a page at a time when every match is wanted (the API's largest page). */
const allPageSize = 200;

/** Every proposal of the scan matching the filters, page after page. */
async function allMatching(projectId: string, scanId: string, filter: ProposalFilter): Promise<Proposal[]> {
  const all: Proposal[] = [];
  let cursor: string | null = null;
  do {
    const page = await scansApi.proposals(projectId, scanId, filter, cursor, undefined, allPageSize);
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

/** "pending element proposals that add": the filters in words. */
function filterWords(filter: ProposalFilter): string {
  const actions: Record<string, string> = { add: ' that add', change: ' that change', remove: ' that remove' };
  return `${filter.status}${filter.entityKind ? ` ${filter.entityKind}` : ''} proposals${filter.action ? actions[filter.action] : ''}`;
}

/**
 * A scan's proposals, filtered by status, kind and action (all in the
 * address). Pending ones are decided one at a time, linked to an existing
 * element, or many at once: a selection (by box, the whole page, or every
 * match of the filters) or every match directly, asked first with the impact.
 */
export function ScanProposals({ workspaceId, projectId, scan, onDecided }: { workspaceId: string; projectId: string; scan: ScanDetail; onDecided: () => void }) {
  const search = currentUrl.value.searchParams;
  const filter: ProposalFilter = { status: search.get('status') ?? 'pending', entityKind: search.get('kind'), action: search.get('action') };
  const filterKey = `${filter.status}|${filter.entityKind ?? ''}|${filter.action ?? ''}`;
  const list = usePagedList((cursor, signal) => scansApi.proposals(projectId, scan.id, filter, cursor, signal), [projectId, scan.id, filterKey]);
  const [acknowledge, setAcknowledge] = useState(false);
  const [decided, setDecided] = useState<Record<string, Decided>>({});
  const [selected, setSelected] = useState<Map<string, Proposal>>(new Map());
  const [bulk, setBulk] = useState<BulkRequest | null>(null);
  const [outcome, setOutcome] = useState<DecisionOutcome | null>(null);
  const [nothingMatched, setNothingMatched] = useState(false);
  // A selection is of what the filters show: changing them starts a new one.
  useEffect(() => {
    setSelected(new Map());
    setBulk(null);
    setNothingMatched(false);
  }, [filterKey]);

  const remember = (result: DecideResult) => {
    setDecided((all) => ({ ...all, ...Object.fromEntries(result.items.map((item) => [item.proposalId, item])) }));
    onDecided();
  };
  const decideOne = useAction(async (proposalId: string, choice: Choice) => {
    remember(await scansApi.decide(projectId, scan.id, { accept: choice === 'accept' ? [proposalId] : null, reject: choice === 'reject' ? [proposalId] : null, acknowledgeImpact: acknowledge }));
  });
  const selectMatching = useAction(async () => {
    const all = await allMatching(projectId, scan.id, filter);
    setSelected(new Map(all.filter((p) => p.status === 'pending').map((p) => [p.id, p])));
  });
  const decideMatching = useAction(async (choice: Choice) => {
    const all = (await allMatching(projectId, scan.id, filter)).filter((p) => p.status === 'pending');
    setOutcome(null);
    setNothingMatched(all.length === 0);
    setBulk(all.length === 0 ? null : { choice, proposals: all, picked: 'matching' });
  });
  const finished = (result: DecisionOutcome) => {
    setBulk(null);
    setOutcome(result);
    setSelected(new Map());
    list.restart();
    list.state.reload();
    onDecided();
  };

  const canAct = canEditIn(workspaceId) && scan.state === 'completed';
  const selecting = canAct && filter.status === 'pending';
  const pageItems = (list.state.data?.items ?? []).filter((p) => p.status === 'pending' && !decided[p.id]);
  const wholePageSelected = pageItems.length > 0 && pageItems.every((p) => selected.has(p.id));
  const busy = decideOne.pending || selectMatching.pending || decideMatching.pending || bulk !== null;
  const toggle = (p: Proposal, on: boolean) =>
    setSelected((now) => {
      const next = new Map(now);
      if (on) next.set(p.id, p);
      else next.delete(p.id);
      return next;
    });
  const selectPage = (on: boolean) =>
    setSelected((now) => {
      const next = new Map(now);
      for (const p of pageItems) {
        if (on) next.set(p.id, p);
        else next.delete(p.id);
      }
      return next;
    });
  const ask = (choice: Choice) => {
    setOutcome(null);
    setBulk({ choice, proposals: [...selected.values()], picked: 'selected' });
  };

  return (
    <>
      <fieldset class="plain field-row sources-filter">
        <legend class="offscreen">Filter</legend>
        <SelectField
          label="Status"
          field="status"
          value={filter.status}
          onValue={(value) => setQueryParameters({ status: value === 'pending' ? null : value })}
          options={['pending', 'accepted', 'rejected', 'superseded'].map((s) => ({ value: s, label: s }))}
        />
        <SelectField
          label="Kind"
          field="entityKind"
          value={filter.entityKind ?? ''}
          onValue={(value) => setQueryParameters({ kind: value })}
          options={[{ value: '', label: 'every kind' }, ...resolutionOrder.map((k) => ({ value: k, label: k }))]}
        />
        <SelectField
          label="Action"
          field="action"
          value={filter.action ?? ''}
          onValue={(value) => setQueryParameters({ action: value })}
          options={[{ value: '', label: 'every action' }, ...['add', 'change', 'remove'].map((a) => ({ value: a, label: a }))]}
        />
      </fieldset>
      {canAct ? (
        <label class="choice">
          <input type="checkbox" checked={acknowledge} onChange={(e) => setAcknowledge((e.currentTarget as HTMLInputElement).checked)} /> I have read the impact: accept one proposal even when a view, scenario or promise
          changes
        </label>
      ) : null}
      {selecting ? (
        <fieldset class="plain sources-bulk">
          <legend class="offscreen">Decide many proposals</legend>
          <span class="sources-selected" aria-live="polite">
            {selected.size} selected
          </span>
          <button type="button" disabled={busy || selected.size === 0} onClick={() => ask('accept')}>
            Accept selected
          </button>
          <button type="button" class="secondary" disabled={busy || selected.size === 0} onClick={() => ask('reject')}>
            Reject selected
          </button>
          <button type="button" class="secondary" disabled={busy} onClick={() => void selectMatching.run()}>
            Select every match
          </button>
          {selected.size > 0 ? (
            <button type="button" class="secondary" disabled={busy} onClick={() => setSelected(new Map())}>
              Clear the selection
            </button>
          ) : null}
          <span class="sources-bulk-all">
            <button type="button" class="secondary" disabled={busy} onClick={() => void decideMatching.run('accept')}>
              Accept every match
            </button>
            <button type="button" class="secondary" disabled={busy} onClick={() => void decideMatching.run('reject')}>
              Reject every match
            </button>
          </span>
          <span class="hint">Every match: all {filterWords(filter)} of this scan, on every page.</span>
        </fieldset>
      ) : null}
      <ErrorNotice error={decideOne.error ?? selectMatching.error ?? decideMatching.error} />
      {bulk ? <BulkDecisionPanel projectId={projectId} scanId={scan.id} request={bulk} onDone={finished} onCancel={() => setBulk(null)} /> : null}
      {nothingMatched ? <p class="notice">Nothing to decide: this scan has no {filterWords(filter)}.</p> : null}
      {outcome ? <BulkOutcome outcome={outcome} onClose={() => setOutcome(null)} /> : null}
      <PagedList list={list} label="Proposals">
        {(items) =>
          items.length === 0 ? (
            <Empty>No {filterWords(filter)}.</Empty>
          ) : (
            <div class="table-scroll">
              <table class="sources-table sources-proposals">
                <caption class="offscreen">Proposals by fact key</caption>
                <thead>
                  <tr>
                    <th scope="col" class="sources-select">
                      <span class="offscreen">Selected</span>
                      {selecting && pageItems.length > 0 ? <input type="checkbox" checked={wholePageSelected} onChange={(e) => selectPage((e.currentTarget as HTMLInputElement).checked)} aria-label="Select every proposal on this page" /> : null}
                    </th>
                    <th scope="col">Proposal</th>
                    <th scope="col">Truth</th>
                    <th scope="col">Evidence</th>
                    <th scope="col">Decision</th>
                  </tr>
                </thead>
                {items.map((p) => (
                  <ProposalRow
                    key={p.id}
                    workspaceId={workspaceId}
                    projectId={projectId}
                    scanId={scan.id}
                    proposal={p}
                    canAct={canAct}
                    busy={busy}
                    selectable={selecting && !decided[p.id]}
                    selected={selected.has(p.id)}
                    onSelect={(on) => toggle(p, on)}
                    decided={decided[p.id]}
                    acknowledgeImpact={acknowledge}
                    onDecide={(choice) => void decideOne.run(p.id, choice)}
                    onLinked={remember}
                  />
                ))}
              </table>
            </div>
          )
        }
      </PagedList>
    </>
  );
}
