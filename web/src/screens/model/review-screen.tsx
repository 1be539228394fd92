import type { BranchReview, ReviewFinding, ScenarioRunChange } from '../../../../contracts/review';
import { useState } from 'preact/hooks';
import { call } from '../../api/call';
import { Empty, Loaded } from '../../components/status';
import { useLoad } from '../../components/use-load';
import { projectPath } from '../../navigation';
import { Link, currentUrl, setQueryParameters, type RouteParams } from '../../router';
import { ComparisonView } from '../costs/comparison-view';
import { modelHref, recordHref } from './model-address';
import { sectionOfKind } from './model-api';
import { MergePanel } from './merge-panel';
import { canEditModel } from './model-role';

const passText = (passed: boolean | null) => (passed === null ? 'not there' : passed ? 'passes' : 'fails');

function ModelChanges({ workspaceId, projectId, review }: { workspaceId: string; projectId: string; review: BranchReview }) {
  const { counts, items } = review.diff;
  const total = counts.reduce((sum, c) => sum + c.added + c.removed + c.changed, 0);
  if (total === 0) return <Empty>The branch holds the same records as main.</Empty>;
  // A removed record is only on main; the others open on the branch.
  const hrefOf = (item: (typeof items)[number]) => {
    const section = sectionOfKind(item.kind);
    return section ? recordHref(workspaceId, projectId, item.change === 'removed' ? null : review.branch.id, section, item.id) : null;
  };
  return (
    <>
      <p class="hint">
        {counts
          .filter((c) => c.added + c.removed + c.changed > 0)
          .map((c) => `${c.kind}: ${c.added} added, ${c.removed} removed, ${c.changed} changed`)
          .join('; ')}
        .
      </p>
      <div class="table-scroll">
        <table class="review-diff">
          <caption class="offscreen">Records the branch adds, removes and changes</caption>
          <thead>
            <tr>
              <th scope="col">Record</th>
              <th scope="col">Kind</th>
              <th scope="col">Change</th>
              <th scope="col">Fields</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => {
              const href = hrefOf(item);
              const label = item.name ?? item.id;
              return (
                <tr key={`${item.kind}:${item.id}`} data-record-id={item.id} class={`review-${item.change}`}>
                  <th scope="row">{href ? <Link href={href}>{label}</Link> : label}</th>
                  <td>{item.kind}</td>
                  <td>
                    <span class={`badge review-change-${item.change}`}>{item.change}</span>
                  </td>
                  <td>{item.fields.join(', ')}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {total > items.length ? <p class="hint">{total - items.length} more changes not listed.</p> : null}
    </>
  );
}

function ScenarioChanges({ workspaceId, projectId, scenarios }: { workspaceId: string; projectId: string; scenarios: BranchReview['scenarios'] }) {
  const note = `${scenarios.compared} of ${scenarios.total} scenarios played on main and on the branch.`;
  if (scenarios.changed.length === 0) return <Empty>{note} Every one plays the same on both.</Empty>;
  return (
    <>
      <p class="hint">{note}</p>
      <div class="table-scroll">
        <table class="review-scenarios">
          <caption class="offscreen">Scenarios whose run differs</caption>
          <thead>
            <tr>
              <th scope="col">Scenario</th>
              <th scope="col">Assertions main → branch</th>
              <th scope="col">What changed</th>
            </tr>
          </thead>
          <tbody>
            {scenarios.changed.map((s) => (
              <tr key={s.scenarioId} data-scenario-id={s.scenarioId}>
                <th scope="row">
                  <Link href={projectPath(workspaceId, projectId, 'scenarios', s.scenarioId)}>{s.name}</Link>
                </th>
                <td>
                  {s.main.assertionsPassed} passed, {s.main.assertionsFailed} failed → {s.branch.assertionsPassed} passed, {s.branch.assertionsFailed} failed
                </td>
                <td>
                  <RunChangeList change={s} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function RunChangeList({ change }: { change: ScenarioRunChange }) {
  return (
    <ul class="plain-list">
      {change.assertions.map((a) => (
        <li key={`a-${a.id}`}>
          <span class={`badge review-${a.branch ? 'fixed' : 'broken'}`}>{a.branch ? 'now passes' : 'now fails'}</span> assertion <code>{a.id}</code>: {passText(a.main)} on main, {passText(a.branch)} on the branch
        </li>
      ))}
      {change.issuesAdded.map((i, n) => (
        <li key={`add-${n}`}>
          <span class="badge review-broken">new issue</span> <code>{i.code}</code>
          {i.stepId ? ` at ${i.stepId}` : ''}: {i.message}
        </li>
      ))}
      {change.issuesRemoved.map((i, n) => (
        <li key={`rm-${n}`}>
          <span class="badge review-fixed">issue gone</span> <code>{i.code}</code>
          {i.stepId ? ` at ${i.stepId}` : ''}: {i.message}
        </li>
      ))}
      {change.hashChanged ? <li>The trace differs (hash {change.main.hash.slice(0, 8)} → {change.branch.hash.slice(0, 8)}).</li> : null}
    </ul>
  );
}

function FindingList({ findings, total, empty }: { findings: ReviewFinding[]; total: number; empty: string }) {
  if (total === 0) return <Empty>{empty}</Empty>;
  return (
    <>
      <ul class="plain-list review-findings">
        {findings.map((f) => (
          <li key={f.id} data-finding-id={f.id}>
            <span class={`badge severity-${f.severity}`}>{f.ruleId}</span> {f.message}
          </li>
        ))}
      </ul>
      {total > findings.length ? <p class="hint">{total - findings.length} more not listed.</p> : null}
    </>
  );
}

function Threads({ workspaceId, projectId, review }: { workspaceId: string; projectId: string; review: BranchReview }) {
  if (review.branch.kind === 'variant') return <Empty>A variant has no comment threads.</Empty>;
  if (review.threads.items.length === 0) return <Empty>No open threads on this draft.</Empty>;
  return (
    <>
      <ul class="plain-list review-threads">
        {review.threads.items.map((t) => (
          <li key={t.id}>
            <Link href={projectPath(workspaceId, projectId, 'comments', t.id)}>{t.firstComment.body === null ? '(deleted comment)' : t.firstComment.body.split('\n')[0]}</Link>{' '}
            <span class="muted">
              on {t.target.kind}, {t.commentCount} {t.commentCount === 1 ? 'comment' : 'comments'}
            </span>
          </li>
        ))}
      </ul>
      {review.threads.nextCursor ? <p class="hint">More open threads are on the comments page.</p> : null}
    </>
  );
}

function ReviewView({ workspaceId, projectId, review, onDecided }: { workspaceId: string; projectId: string; review: BranchReview; onDecided: (message: string) => void }) {
  const labelOf = (line: string) => (line === 'main' ? 'main' : `${review.branch.kind} “${review.branch.name}”`);
  return (
    <>
      <p>
        {review.branch.kind === 'draft' ? 'Draft' : 'Variant'} “{review.branch.name}” (version {review.branch.modelVersion}, copied from main version {review.branch.baseVersion ?? '?'}) compared
        with main as it is now (version {review.mainVersion}). <Link href={modelHref(workspaceId, projectId, review.branch.id)}>Open the branch</Link>
      </p>
      {review.branch.merged ? (
        <p class="hint">
          Merged into main (version {review.branch.merged.modelVersion}) on {review.branch.merged.at.slice(0, 10)}; the branch is read only.
        </p>
      ) : canEditModel(workspaceId) ? (
        <MergePanel projectId={projectId} branch={review.branch} onDone={onDecided} />
      ) : null}

      <section aria-labelledby="review-diff">
        <h2 id="review-diff">Model changes</h2>
        <ModelChanges workspaceId={workspaceId} projectId={projectId} review={review} />
        <p class="hint">
          The whole diff, each field before and after:{' '}
          <a href={`/api/projects/${encodeURIComponent(projectId)}/diff?from=main&to=branch:${encodeURIComponent(review.branch.id)}&format=markdown`} download={`diff-${review.branch.id}.md`}>
            Markdown for a pull request
          </a>
        </p>
      </section>

      <section aria-labelledby="review-costs">
        <h2 id="review-costs">Costs on {review.asOf}</h2>
        <ComparisonView comparison={review.costs} labelOf={labelOf} />
      </section>

      <section aria-labelledby="review-scenarios">
        <h2 id="review-scenarios">Scenarios that run differently</h2>
        <ScenarioChanges workspaceId={workspaceId} projectId={projectId} scenarios={review.scenarios} />
      </section>

      <section aria-labelledby="review-findings">
        <h2 id="review-findings">Review findings</h2>
        <h3>Added on the branch ({review.findings.addedCount})</h3>
        <FindingList findings={review.findings.added} total={review.findings.addedCount} empty="The branch adds no finding." />
        <h3>Fixed on the branch ({review.findings.removedCount})</h3>
        <FindingList findings={review.findings.removed} total={review.findings.removedCount} empty="The branch fixes no finding." />
      </section>

      <section aria-labelledby="review-threads">
        <h2 id="review-threads">Open threads</h2>
        <Threads workspaceId={workspaceId} projectId={projectId} review={review} />
      </section>
    </>
  );
}

/** `/w/:ws/p/:p/branches/:branchId/review?asOf=`: what merging a branch would change. */
export function ReviewScreen({ params }: { params: RouteParams }) {
  const workspaceId = params.workspaceId!;
  const projectId = params.projectId!;
  const branchId = params.branchId!;
  const asOf = currentUrl.value.searchParams.get('asOf') || null;
  const review = useLoad((signal) => call('GET /api/projects/{projectId}/branches/{branchId}/review', { projectId, branchId }, { query: { asOf }, signal }), [projectId, branchId, asOf]);
  // After a merge or a discard the review answers another question (or none): say what happened instead.
  const [decided, setDecided] = useState<string | null>(null);
  return (
    <section class="review-screen">
      <h1>Review of a branch</h1>
      <p>
        <Link href={projectPath(workspaceId, projectId, 'history')}>Revisions and branches</Link>
      </p>
      <label class="inline-field">
        Costs on{' '}
        <input type="date" value={asOf ?? ''} onChange={(e) => setQueryParameters({ asOf: (e.currentTarget as HTMLInputElement).value || null })} />
        <span class="hint"> empty: today</span>
      </label>
      {decided ? (
        <p role="status" class="notice success">
          {decided}
        </p>
      ) : (
        <Loaded state={review} label="Comparing the branch with main…">
          {(data) => <ReviewView workspaceId={workspaceId} projectId={projectId} review={data} onDecided={setDecided} />}
        </Loaded>
      )}
    </section>
  );
}
