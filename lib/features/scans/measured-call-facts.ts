import type { FactEvidence, ScanFact } from './scan-fact';

/** A caller, a callee and how often it called, as traces and APM accounts report them. */
export interface MeasuredCall {
  from: string;
  to: string;
  count: number;
  technology: string | null;
}

/** At most `max` characters, never cut inside a surrogate pair: half of one is text no UTF-8 (nor jsonb) can hold. */
function firstCodePoints(text: string, max: number): string {
  const cut = text.slice(0, max);
  return text.length > max && /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** The key an app gets from a service name: the same as the extraction's, so measured calls and code meet on one record. */
export const appKeyOf = (service: string) => `element:app:${service.toLowerCase()}`;

/**
 * Facts of measured calls: each service an app, and each caller and callee a
 * `behavioural` relationship labelled with the call count, all `measured`,
 * with `evidence` (the trace file, or the APM account) as provenance.
 */
export function measuredCallFacts(services: readonly string[], calls: readonly MeasuredCall[], evidence: FactEvidence[]): ScanFact[] {
  return [
    ...services.map((service): ScanFact => ({ key: appKeyOf(service), kind: 'element', factStatus: 'measured', confidence: null, evidence, fields: { kind: 'app', name: firstCodePoints(service, 200) }, refs: {} })),
    ...calls.map(
      (call): ScanFact => ({
        key: `relationship:${appKeyOf(call.from)}->${appKeyOf(call.to)}`,
        kind: 'relationship',
        factStatus: 'measured',
        confidence: null,
        evidence,
        fields: { label: `${call.count} call${call.count === 1 ? '' : 's'}`, technology: call.technology, kind: 'behavioural' },
        refs: { fromId: appKeyOf(call.from), toId: appKeyOf(call.to) },
      }),
    ),
  ];
}
