import type { ScanImpact } from '../../../contracts/scans';

/** GET …/impact/report: the impact of a scan's pending proposals as a Markdown text a person can paste into a review. */
export function impactReport(impact: ScanImpact): string {
  const lines = [`# Impact of scan ${impact.scanId}`, '', `${impact.pendingProposals} pending proposal(s): ${impact.added} to add, ${impact.changed} to change, ${impact.removed} to remove.`, ''];
  const section = (title: string, items: string[]) => {
    lines.push(`## ${title}`, '');
    lines.push(...(items.length === 0 ? ['None.'] : items.map((item) => `- ${item}`)), '');
  };
  section('Views', impact.views.map((v) => `${v.name} (${v.id}): ${v.reason}`));
  section('Scenarios', impact.scenarios.map((s) => `${s.name} (${s.id}): ${s.reason}`));
  section('Promises', impact.promises.map((p) => `R${p.requirementNumber} ${p.title}: ${p.reason}`));
  section('Exports', impact.exports);
  lines.push(impact.needsAcknowledgement ? 'Deciding these proposals needs `acknowledgeImpact: true`.' : 'Deciding these proposals needs no acknowledgement.', '');
  return lines.join('\n');
}
