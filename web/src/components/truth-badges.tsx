/**
 * The truth of a record as badges: its label, where it came from, the stale
 * mark of a scan, and the confidence. Field names follow part 1 "Model
 * document": `factStatus` (missing or empty means `declared`), `provenance`
 * {source, revision, confidence, acceptedBy, acceptedAt}, `stale` {sinceRevision, reason}.
 */
export const truthLabels = ['declared', 'observed-in-source', 'inferred', 'measured', 'unknown'] as const;
export type TruthLabel = (typeof truthLabels)[number];

export interface Provenance {
  source?: string | null;
  revision?: string | null;
  confidence?: number | null;
  acceptedBy?: string | null;
  acceptedAt?: string | null;
}

export interface TruthFields {
  factStatus?: string | null;
  provenance?: Provenance | null;
  stale?: { sinceRevision: string; reason: string } | null;
}

export function truthLabelOf(record: TruthFields): string {
  return record.factStatus ? record.factStatus : 'declared';
}

export function TruthBadges({ record }: { record: TruthFields }) {
  const label = truthLabelOf(record);
  const provenance = record.provenance ?? null;
  const confidence = provenance?.confidence;
  return (
    <span class="badges">
      <span class={`badge truth truth-${label}`} title={`Truth label: ${label}`}>
        {label}
      </span>
      {provenance?.source ? (
        <span class="badge provenance" title={`Provenance: ${provenance.source}${provenance.revision ? ` at ${provenance.revision}` : ''}`}>
          from {provenance.source.length > 40 ? `${provenance.source.slice(0, 39)}…` : provenance.source}
        </span>
      ) : null}
      {provenance?.acceptedAt || provenance?.acceptedBy ? (
        <span class="badge accepted" title={`Accepted${provenance.acceptedBy ? ` by account ${provenance.acceptedBy}` : ''}${provenance.acceptedAt ? ` at ${provenance.acceptedAt}` : ''}`}>
          accepted
        </span>
      ) : null}
      {record.stale ? (
        <span class="badge stale" title={`Stale since ${record.stale.sinceRevision}: ${record.stale.reason}`}>
          stale
        </span>
      ) : null}
      {typeof confidence === 'number' ? (
        <span class="badge confidence" title={`Confidence ${confidence}`}>
          {Math.round(confidence * 100)}% sure
        </span>
      ) : null}
    </span>
  );
}
