/**
 * The report `svc check` prints of one directory's drift (docs/cli.md
 * "svc check"): plain text for a terminal, Markdown for a pull-request
 * comment, JSON for a program. Pure and byte-stable: the same answer gives the
 * same bytes (no time, no colour), so a comment can be compared with the last.
 */
import { driftStatuses, type DriftCheck, type DriftItem, type DriftStatus } from '../contracts/drift';

/** The statuses `--fail-on` may name: every status but in-sync. */
export const failingStatuses = driftStatuses.filter((status): status is Exclude<DriftStatus, 'in-sync'> => status !== 'in-sync');
export type FailingStatus = (typeof failingStatuses)[number];

export const reportFormats = ['text', 'markdown', 'json'] as const;
export type ReportFormat = (typeof reportFormats)[number];

/** One directory's report. */
export interface DirectoryDrift {
  directory: string;
  check: DriftCheck;
  failOn: readonly FailingStatus[];
}

/** Items listed per status in Markdown; the rest are counted (a comment stays well under a host's size limit). */
export const markdownItemsPerStatus = 50;

const headings: Readonly<Record<Exclude<DriftStatus, 'in-sync'>, string>> = {
  'seen-not-documented': 'Seen in the code, not in the model',
  changed: 'Seen with other values than the model holds',
  'documented-not-seen': 'In the model, not seen in the code',
};

/** The chosen statuses this report holds items of. */
export function failingFound(report: DirectoryDrift): FailingStatus[] {
  return report.failOn.filter((status) => report.check.counts[status] > 0);
}

function evidenceText(item: DriftItem): string {
  return item.evidence.map((e) => (e.startLine === e.endLine ? `${e.path}:${e.startLine}` : `${e.path}:${e.startLine}-${e.endLine}`)).join(', ');
}

function valueText(value: unknown): string {
  return value === null || value === undefined ? 'none' : typeof value === 'string' ? value : JSON.stringify(value);
}

function changeText(item: DriftItem): string {
  return item.changes.map((c) => `${c.field}: ${valueText(c.model)} → ${valueText(c.seen)}`).join('; ');
}

function sourceLine(check: DriftCheck): string {
  const commit = check.source.commitSha === null ? 'no commit' : `commit ${check.source.commitSha.slice(0, 12)}`;
  return `${commit}, ${check.source.isComplete ? 'complete scan' : 'partial scan: nothing is called not seen'}, main at model version ${check.modelVersion}`;
}

function countsLine(check: DriftCheck): string {
  return driftStatuses.map((status) => `${check.counts[status]} ${status}`).join(', ');
}

/** Plain text: a heading line, the counts, one line per item, the verdict. */
export function textReport(report: DirectoryDrift): string {
  const { check } = report;
  const lines = [`${report.directory}: drift of Source "${check.source.name}" against main (${sourceLine(check)})`, `  ${countsLine(check)}`];
  for (const item of check.items) {
    const detail = item.status === 'changed' ? changeText(item) : item.status === 'documented-not-seen' ? (item.stale ? `stale since ${item.stale.sinceRevision}` : 'not seen') : evidenceText(item);
    lines.push(`  ${item.status.padEnd(19)} ${item.entityKind.padEnd(12)} ${item.name}${detail === '' ? '' : `  (${detail})`}`);
  }
  const found = failingFound(report);
  lines.push(found.length === 0 ? `  no ${report.failOn.join(', ') || 'drift kind chosen'}: passes` : `  fails: ${found.map((status) => `${check.counts[status]} ${status}`).join(', ')} (--fail-on ${report.failOn.join(',')})`);
  return `${lines.join('\n')}\n`;
}

/** A table cell: one line, no pipe to break the row, no markup of its own. */
function cell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/([\\|*_`[\]<>])/g, '\\$1');
}

function code(text: string): string {
  return text === '' ? '' : `\`${text.replace(/`/g, "'").replace(/\r?\n/g, ' ').replace(/\|/g, '\\|')}\``;
}

function markdownRows(status: Exclude<DriftStatus, 'in-sync'>, items: readonly DriftItem[]): string[] {
  if (status === 'changed') return ['| Kind | Name | Field | Model | Code | Evidence |', '|---|---|---|---|---|---|', ...items.flatMap((item) => item.changes.map((c) => `| ${item.entityKind} | ${cell(item.name)} | ${c.field} | ${code(valueText(c.model))} | ${code(valueText(c.seen))} | ${code(evidenceText(item))} |`))];
  if (status === 'documented-not-seen') return ['| Kind | Name | Stale since |', '|---|---|---|', ...items.map((item) => `| ${item.entityKind} | ${cell(item.name)} | ${item.stale ? code(item.stale.sinceRevision) : 'not marked'} |`)];
  return ['| Kind | Name | Evidence |', '|---|---|---|', ...items.map((item) => `| ${item.entityKind} | ${cell(item.name)} | ${code(evidenceText(item))} |`)];
}

/** Markdown for a pull-request comment: a heading, the verdict, the counts, a table per drift status. */
export function markdownReport(report: DirectoryDrift): string {
  const { check } = report;
  const found = failingFound(report);
  const parts = [
    `### Drift of \`${report.directory}\` (Source ${cell(check.source.name)}) against main`,
    '',
    found.length === 0 ? `**Passes**: none of ${report.failOn.join(', ') || 'no kind chosen'}.` : `**Fails**: ${found.map((status) => `${check.counts[status]} ${status}`).join(', ')}.`,
    '',
    `${sourceLine(check)[0]!.toUpperCase()}${sourceLine(check).slice(1)}.`,
    '',
    '| Status | Facts |',
    '|---|---:|',
    ...driftStatuses.map((status) => `| ${status} | ${check.counts[status]} |`),
  ];
  for (const status of failingStatuses) {
    const items = check.items.filter((item) => item.status === status);
    if (items.length === 0) continue;
    const shown = items.slice(0, markdownItemsPerStatus);
    parts.push('', `#### ${headings[status]} (${items.length})`, '', ...markdownRows(status, shown));
    if (items.length > shown.length) parts.push('', `… and ${items.length - shown.length} more (svc check --format json lists them all).`);
  }
  return `${parts.join('\n')}\n`;
}

/** JSON: every directory's answer as the service gave it, with the verdict. */
export function jsonReport(reports: readonly DirectoryDrift[]): string {
  return `${JSON.stringify({ reports: reports.map((report) => ({ directory: report.directory, failOn: report.failOn, failing: failingFound(report), ...report.check })) }, null, 2)}\n`;
}
