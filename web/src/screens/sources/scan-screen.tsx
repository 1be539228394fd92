import { useEffect, useState } from 'preact/hooks';
import { ErrorNotice, Loaded } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import { Link, type RouteParams } from '../../router';
import { formatTime } from '../account/account-api';
import { canEditIn } from '../views/workspace-role';
import { ScanDiagnosticsSection } from './scan-diagnostics';
import { ScanProposals } from './scan-proposals';
import { type Impact, type ScanDetail, scansApi } from './sources-api';
import { activeStates, ScanStateBadge, SourcesFrame, sourcesPath } from './sources-frame';

/** How often a queued or running scan is read again. */
const pollMilliseconds = 1000;

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

/** `/w/:ws/p/:p/proposals/:importId`: a scan's state and progress (read again while it runs), cancel or resume, its diagnostics, the impact and its proposals. */
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
            <ScanDiagnosticsSection diagnostics={scan.diagnostics} />
            {completed ? (
              <>
                <h3>Impact</h3>
                <Loaded state={impact}>{(answer) => (answer ? <ImpactSummary impact={answer} /> : null)}</Loaded>
                <h3>Proposals</h3>
                <ScanProposals workspaceId={workspaceId} projectId={projectId} scan={scan} onDecided={refresh} />
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
