import { useState } from 'preact/hooks';
import { projectPath } from '../../navigation';
import { Link } from '../../router';
import { sectionOfKind } from '../model/model-api';
import { type Choice, proposalName } from './bulk-decisions';
import { LinkToElement } from './link-to-element';
import { ProposalEvidence } from './proposal-evidence';
import type { DecideResult, Proposal, ProposedFact } from './sources-api';

type Decided = DecideResult['items'][number];
type Opened = 'evidence' | 'link' | null;

export interface ProposalRowProps {
  workspaceId: string;
  projectId: string;
  scanId: string;
  proposal: Proposal;
  /** The person may decide it (an editor, a completed scan). */
  canAct: boolean;
  /** Another decision is being made or asked: the buttons wait. */
  busy: boolean;
  /** A selection box is shown (pending proposals an editor may decide). */
  selectable: boolean;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  decided: Decided | undefined;
  acknowledgeImpact: boolean;
  onDecide: (choice: Choice) => void;
  onLinked: (result: DecideResult) => void;
}

/** Columns of the proposals table, for the row opened below a proposal. */
export const proposalColumns = 5;

/** One proposal: what it is, its truth, its evidence opened in place, and its decision (accept, reject, or link to an existing element). */
export function ProposalRow(props: ProposalRowProps) {
  const { workspaceId, projectId, proposal, decided } = props;
  const [opened, setOpened] = useState<Opened>(null);
  const fact = proposal.proposed as ProposedFact | null;
  const status = decided?.status ?? proposal.status;
  const entityId = decided?.entityId ?? proposal.entityId;
  const section = sectionOfKind(proposal.entityKind);
  const name = proposalName(proposal);
  const label = `${proposal.action} ${proposal.entityKind} ${name}`;
  const evidence = fact?.evidence ?? [];
  const pending = status === 'pending';
  const linkable = pending && props.canAct && proposal.entityKind === 'element' && proposal.action !== 'remove';
  const toggle = (what: Exclude<Opened, null>) => setOpened((now) => (now === what ? null : what));
  return (
    <tbody class="sources-proposal" data-proposal={proposal.id}>
      <tr data-proposal={proposal.id} data-fact={proposal.factKey}>
        <td class="sources-select">
          {props.selectable && pending ? (
            <input type="checkbox" checked={props.selected} onChange={(e) => props.onSelect((e.currentTarget as HTMLInputElement).checked)} aria-label={`Select ${label}`} />
          ) : null}
        </td>
        <th scope="row">
          {proposal.action} {proposal.entityKind} <strong>{name}</strong>
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
          {evidence.slice(0, 3).map((e) => (
            <div key={`${e.path}:${e.startLine}`}>
              {e.path}#L{e.startLine}-L{e.endLine}
            </div>
          ))}
          {evidence.length > 3 ? <div>and {evidence.length - 3} more</div> : null}
          <button type="button" class="link-button" aria-expanded={opened === 'evidence'} onClick={() => toggle('evidence')} aria-label={`${opened === 'evidence' ? 'Hide' : 'Show'} the lines of ${label}`}>
            {opened === 'evidence' ? 'Hide the lines' : 'Show the lines'}
          </button>
        </td>
        <td>
          {pending && props.canAct ? (
            <div class="sources-choices">
              <button type="button" disabled={props.busy} onClick={() => props.onDecide('accept')} aria-label={`Accept ${label}`}>
                Accept
              </button>
              <button type="button" class="secondary" disabled={props.busy} onClick={() => props.onDecide('reject')} aria-label={`Reject ${label}`}>
                Reject
              </button>
            </div>
          ) : (
            <span class={`badge sources-decision-${status}`}>{status}</span>
          )}
          {linkable ? (
            <button type="button" class="link-button" disabled={props.busy} aria-expanded={opened === 'link'} onClick={() => toggle('link')} aria-label={`Link ${label} to an existing element`}>
              Link to an existing element
            </button>
          ) : null}
          {status === 'accepted' && entityId && section ? (
            <div>
              <Link href={projectPath(workspaceId, projectId, 'model', section, entityId)}>Open in the model</Link>
            </div>
          ) : null}
        </td>
      </tr>
      {opened ? (
        <tr class="sources-opened">
          <td colSpan={proposalColumns}>
            {opened === 'evidence' ? (
              <ProposalEvidence projectId={projectId} scanId={props.scanId} factKey={proposal.factKey} removal={proposal.action === 'remove'} />
            ) : linkable ? (
              <LinkToElement
                projectId={projectId}
                scanId={props.scanId}
                proposal={proposal}
                acknowledgeImpact={props.acknowledgeImpact}
                onDone={(result) => {
                  setOpened(null);
                  props.onLinked(result);
                }}
              />
            ) : null}
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}
