import { useEffect, useRef, useState } from 'preact/hooks';
import { ErrorNotice, Loaded } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import { type Choice, type DecisionOutcome, decideMany, decisionParts, kindCounts, proposalName } from './bulk-decisions';
import { type Impact, maxDecideIds, type Proposal, scansApi } from './sources-api';

export interface BulkRequest {
  choice: Choice;
  proposals: Proposal[];
  /** What was picked, in words: "selected", "matching the filters". */
  picked: string;
}

/** What accepting every pending proposal would touch: the API's impact, before a bulk accept. */
function ImpactToAcknowledge({ impact }: { impact: Impact }) {
  const touched = [
    ...impact.views.map((v) => ({ key: `view:${v.id}`, what: `View ${v.name}`, reason: v.reason })),
    ...impact.scenarios.map((s) => ({ key: `scenario:${s.id}`, what: `Scenario ${s.name}`, reason: s.reason })),
    ...impact.promises.map((p) => ({ key: `promise:${p.id}`, what: `Promise ${p.requirementNumber} ${p.title}`, reason: p.reason })),
  ];
  return (
    <div class="sources-impact">
      <p>
        Accepting every pending proposal of this scan ({impact.pendingProposals}) would add {impact.added}, change {impact.changed} and remove {impact.removed} records.
        {touched.length === 0 ? ' No view, scenario or promise would be touched.' : ' It would touch:'}
      </p>
      {touched.length > 0 ? (
        <ul>
          {touched.map((t) => (
            <li key={t.key}>
              {t.what}: {t.reason}
            </li>
          ))}
        </ul>
      ) : null}
      {impact.exports.length > 0 ? <p class="hint">Exports that would differ: {impact.exports.join('; ')}.</p> : null}
    </div>
  );
}

/**
 * Asks before deciding many proposals: how many of which kind, in how many
 * requests, and for an accept the impact the API reports, acknowledged in a
 * box when it touches a view, scenario or promise. Then decides them and hands
 * back the outcome.
 */
export function BulkDecisionPanel({ projectId, scanId, request, onDone, onCancel }: { projectId: string; scanId: string; request: BulkRequest; onDone: (outcome: DecisionOutcome) => void; onCancel: () => void }) {
  const { choice, proposals } = request;
  const accepting = choice === 'accept';
  const impact = useLoad((signal) => (accepting ? scansApi.impact(projectId, scanId, signal) : Promise.resolve(null)), [projectId, scanId, accepting]);
  const [acknowledged, setAcknowledged] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const parts = decisionParts(proposals).length;
  const verb = accepting ? 'Accept' : 'Reject';
  const needsAcknowledgement = accepting && impact.data?.needsAcknowledgement === true;
  const run = useAction(async () => {
    const outcome = await decideMany(proposals, choice, acknowledged, (body) => scansApi.decide(projectId, scanId, body), (part, all) => setProgress(all > 1 ? `Sending part ${part} of ${all}…` : 'Sending…'));
    setProgress(null);
    onDone(outcome);
  });
  const ready = !run.pending && (!accepting || impact.data !== undefined || impact.error !== undefined) && (!needsAcknowledgement || acknowledged);
  return (
    <section class="sources-bulk-panel" aria-labelledby="bulk-decision-heading">
      <h4 id="bulk-decision-heading" tabIndex={-1} ref={heading}>
        {verb} {proposals.length} {request.picked} proposal{proposals.length === 1 ? '' : 's'}
      </h4>
      <p>
        {kindCounts(proposals)}
        {proposals.length <= 8 ? `: ${proposals.map(proposalName).join(', ')}` : ''}.
      </p>
      {accepting ? <p class="hint">Elements go first, then what refers to them, so a relationship accepted with its ends finds them.</p> : null}
      <p class="hint" data-parts={parts}>
        {parts > 1
          ? `The API takes at most ${maxDecideIds} proposals a request: these go in ${parts} parts, each its own change of the model.`
          : `One request (the API takes up to ${maxDecideIds} proposals in one), one change of the model.`}{' '}
        When the API refuses a request, its proposals are sent one by one, so the others are still decided and each refusal is listed.
      </p>
      {accepting ? (
        <Loaded state={impact} label="Reading the impact…">
          {(answer) =>
            answer ? (
              <>
                <ImpactToAcknowledge impact={answer} />
                {answer.needsAcknowledgement ? (
                  <label class="choice">
                    <input type="checkbox" checked={acknowledged} onChange={(e) => setAcknowledged((e.currentTarget as HTMLInputElement).checked)} /> I have read the impact: accept even though these views, scenarios or
                    promises change
                  </label>
                ) : null}
              </>
            ) : null
          }
        </Loaded>
      ) : null}
      <div class="actions">
        <button type="button" class={accepting ? '' : 'danger'} disabled={!ready} onClick={() => void run.run()}>
          {verb} {proposals.length} proposal{proposals.length === 1 ? '' : 's'}
        </button>
        <button type="button" class="secondary" disabled={run.pending} onClick={onCancel}>
          Cancel
        </button>
        {progress ? (
          <span class="loading" role="status">
            {progress}
          </span>
        ) : null}
      </div>
      <ErrorNotice error={run.error} />
    </section>
  );
}

/** What a bulk decision did: counts, the refusals per proposal in the API's words, and an impact left to acknowledge. */
export function BulkOutcome({ outcome, onClose }: { outcome: DecisionOutcome; onClose: () => void }) {
  return (
    <section class={`notice sources-bulk-outcome${outcome.failures.length === 0 && !outcome.impactRefusal ? ' success' : ''}`} role="status" aria-label="Result of the decision">
      <p>
        <strong>
          {outcome.accepted} accepted, {outcome.rejected} rejected
        </strong>
        {outcome.failures.length > 0 ? `; ${outcome.failures.length} not decided:` : '.'}
      </p>
      {outcome.failures.length > 0 ? (
        <ul class="sources-failures">
          {outcome.failures.map((f) => (
            <li key={f.proposal.id} data-fact={f.proposal.factKey}>
              <strong>
                {f.proposal.action} {f.proposal.entityKind} {proposalName(f.proposal)}
              </strong>
              : {f.reason}
            </li>
          ))}
        </ul>
      ) : null}
      {outcome.impactRefusal ? (
        <>
          <p>{outcome.notTried} proposals were not sent: the decision touches a view, scenario or promise. Read the impact and tick the box to go on.</p>
          <ErrorNotice error={outcome.impactRefusal} />
        </>
      ) : null}
      <button type="button" class="secondary" onClick={onClose}>
        Close
      </button>
    </section>
  );
}
