/**
 * A model diff as Markdown, ready to paste into a pull request: a heading
 * naming the two versions, the fingerprint, a summary table (one row per kind
 * that changed), then per kind the records added, removed and changed, each
 * change as a table of fields before and after, and a schema's `content` as a
 * diff block. Same diff, same bytes.
 */
import { sectionOfKind, type ModelKind } from '../model-records';
import { changeKinds, diffCounts, type DiffEntry } from './diff-entries';
import { diffLines, unifiedLines } from './text-diff';

export interface DiffMarkdownInput {
  /** How the two versions are named (a ref and what it is, e.g. `revision:… ("Before launch")`). */
  from: string;
  to: string;
  fingerprint: string;
  entries: readonly DiffEntry[];
}

const markdownSpecial = /[\\`*_{}[\]<>()#+!|~]/g;

/** Model text inline in Markdown: one line, punctuation Markdown acts on escaped. */
export function markdownText(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ').replace(markdownSpecial, (c) => `\\${c}`);
}

/** A value as an inline code span (JSON of it), safe inside a table cell. */
function codeCell(value: unknown): string {
  const json = (JSON.stringify(value) ?? 'null').replace(/\|/g, '\\|');
  const longest = Math.max(0, ...[...json.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return longest === 0 ? `${fence}${json}${fence}` : `${fence} ${json} ${fence}`;
}

function fenceFor(lines: readonly string[]): string {
  const longest = Math.max(0, ...lines.flatMap((line) => [...line.matchAll(/`+/g)].map((m) => m[0].length)));
  return '`'.repeat(Math.max(3, longest + 1));
}

function title(kind: ModelKind): string {
  const section = sectionOfKind[kind];
  return section.charAt(0).toUpperCase() + section.slice(1);
}

function recordLine(entry: DiffEntry): string {
  return entry.name === null ? `- \`${entry.id}\`` : `- ${markdownText(entry.name)} (\`${entry.id}\`)`;
}

/**
 * The Markdown text of a diff.
 *
 * @example
 * diffMarkdown({ from: 'main', to: 'revision:… ("v1")', fingerprint, entries })
 */
export function diffMarkdown(input: DiffMarkdownInput): string {
  const lines: string[] = [`# Model diff: ${markdownText(input.from)} → ${markdownText(input.to)}`, '', `Fingerprint: \`${input.fingerprint}\``, ''];
  const counts = diffCounts(input.entries);
  const kinds = (Object.keys(counts) as ModelKind[]).filter((kind) => changeKinds.some((change) => counts[kind][change] > 0));
  if (kinds.length === 0) {
    lines.push('No differences.');
    return `${lines.join('\n')}\n`;
  }
  lines.push('| Kind | Added | Removed | Changed |', '|---|---:|---:|---:|');
  const total = { added: 0, removed: 0, changed: 0 };
  for (const kind of kinds) {
    lines.push(`| ${sectionOfKind[kind]} | ${counts[kind].added} | ${counts[kind].removed} | ${counts[kind].changed} |`);
    for (const change of changeKinds) total[change] += counts[kind][change];
  }
  lines.push(`| **total** | ${total.added} | ${total.removed} | ${total.changed} |`);
  for (const kind of kinds) {
    const ofKind = input.entries.filter((entry) => entry.kind === kind);
    lines.push('', `## ${title(kind)}`);
    for (const change of changeKinds) {
      const entries = ofKind.filter((entry) => entry.change === change);
      if (entries.length === 0) continue;
      lines.push('', `### ${change.charAt(0).toUpperCase()}${change.slice(1)}`, '');
      if (change !== 'changed') {
        for (const entry of entries) lines.push(recordLine(entry));
        continue;
      }
      entries.forEach((entry, index) => {
        if (index > 0) lines.push('');
        lines.push(`#### ${entry.name === null ? `\`${entry.id}\`` : `${markdownText(entry.name)} (\`${entry.id}\`)`}`, '', '| Field | Before | After |', '|---|---|---|');
        const texts = entry.fields.filter((field) => kind === 'schema' && field.field === 'content' && typeof field.before === 'string' && typeof field.after === 'string');
        for (const field of entry.fields) {
          if (texts.includes(field)) lines.push(`| ${field.field} | (text below) | (text below) |`);
          else lines.push(`| ${field.field} | ${codeCell(field.before)} | ${codeCell(field.after)} |`);
        }
        for (const field of texts) {
          const body = unifiedLines(diffLines(field.before as string, field.after as string));
          const fence = fenceFor(body);
          lines.push('', `\`${field.field}\`:`, '', `${fence}diff`, ...body, fence);
        }
      });
    }
  }
  return `${lines.join('\n')}\n`;
}
