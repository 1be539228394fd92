import { useState } from 'preact/hooks';
import { SelectField } from '../../components/form';
import { ErrorNotice } from '../../components/status';
import { useAction, useLoad } from '../../components/use-load';
import { listRecords } from '../model/model-api';
import { proposalName } from './bulk-decisions';
import { type DecideResult, type Proposal, type ProposedFact, scansApi } from './sources-api';

/** Elements offered: the first page the model API gives, enough for a system drawn by hand. */
const optionLimit = 200;

type LinkWay = 'relink' | 'bind';

/** The element kind (app, store…) a proposal is about: the fact's, else the record's. */
export function elementKindOf(p: Proposal): string | null {
  const kind = (p.proposed as ProposedFact | null)?.fields?.kind ?? (p.current as { kind?: unknown } | null)?.kind;
  return typeof kind === 'string' ? kind : null;
}

/**
 * Accepts an element proposal onto an element already in the model, chosen by
 * name among those of the same kind: `relink` writes the fact's fields onto it,
 * `bind` only ties the fact to it (its truth label and provenance change, its
 * fields stay). Either way later scans compare the fact with that element.
 */
export function LinkToElement({ projectId, scanId, proposal, acknowledgeImpact, onDone }: { projectId: string; scanId: string; proposal: Proposal; acknowledgeImpact: boolean; onDone: (result: DecideResult) => void }) {
  const kind = elementKindOf(proposal);
  const elements = useLoad((signal) => listRecords(projectId, 'elements', { branchId: null, limit: optionLimit }, signal), [projectId]);
  const [entityId, setEntityId] = useState('');
  const [way, setWay] = useState<LinkWay>('relink');
  const link = useAction(async () => {
    const choice = [{ proposalId: proposal.id, entityId }];
    onDone(await scansApi.decide(projectId, scanId, { accept: null, reject: null, acknowledgeImpact, ...(way === 'relink' ? { relink: choice } : { bind: choice }) }));
  });
  const candidates = (elements.data?.items ?? [])
    .map((r) => r as unknown as { id: string; name: string; kind: string })
    .filter((r) => r.kind === kind && r.id !== proposal.entityId)
    .sort((a, b) => a.name.localeCompare(b.name));
  const more = elements.data && elements.data.total > optionLimit ? ` The first ${optionLimit} elements of the model are looked at.` : '';
  const name = proposalName(proposal);
  return (
    <form
      class="sources-link"
      aria-label={`Link ${name} to an existing element`}
      onSubmit={(e) => {
        e.preventDefault();
        if (entityId !== '') void link.run();
      }}
    >
      {elements.error ? <ErrorNotice error={elements.error} /> : null}
      {elements.data && candidates.length === 0 ? (
        <p class="empty">
          The model has no other {kind ?? 'element'} to link {name} to.{more}
        </p>
      ) : (
        <>
          <SelectField
            label={`Existing ${kind ?? 'element'}`}
            field={way}
            error={link.error}
            value={entityId}
            onValue={setEntityId}
            hint={`Elements of main of the same kind, by name.${more}`}
            options={[{ value: '', label: elements.data ? '(choose one)' : 'Loading…' }, ...candidates.map((r) => ({ value: r.id, label: r.name }))]}
          />
          <fieldset class="plain">
            <legend>What accepting does</legend>
            <label class="choice">
              <input type="radio" name={`way-${proposal.id}`} checked={way === 'relink'} onChange={() => setWay('relink')} /> Relink: write this fact's fields onto that element
            </label>
            <label class="choice">
              <input type="radio" name={`way-${proposal.id}`} checked={way === 'bind'} onChange={() => setWay('bind')} /> Bind: keep that element's fields; only tie the fact to it (truth label and provenance)
            </label>
          </fieldset>
          <div class="actions">
            <button type="submit" disabled={entityId === '' || link.pending}>
              {way === 'relink' ? 'Relink and accept' : 'Bind and accept'}
            </button>
          </div>
          <ErrorNotice error={link.error} hideFields />
        </>
      )}
    </form>
  );
}
