/**
 * A line diff of two texts (a schema's `content` before and after), for
 * people to read: lines both keep, lines removed and lines added, in order.
 * The common start and end are trimmed first, so a small edit of a long
 * schema costs little; what is left is matched by longest common subsequence.
 */

export interface TextDiffLine {
  op: 'same' | 'removed' | 'added';
  text: string;
}

/** Cells of the subsequence table above which the middle is shown as removed then added, unmatched (bounded time on huge texts). */
const maxTableCells = 4_000_000;

/**
 * The lines of `before` and `after` as kept, removed and added, in reading order.
 *
 * @example
 * diffLines('a\nb\nc', 'a\nc\nd') // same a, removed b, same c, added d
 */
export function diffLines(before: string, after: string): TextDiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const lines: TextDiffLine[] = a.slice(0, start).map((text) => ({ op: 'same', text }));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if ((midA.length + 1) * (midB.length + 1) > maxTableCells) {
    for (const text of midA) lines.push({ op: 'removed', text });
    for (const text of midB) lines.push({ op: 'added', text });
  } else lines.push(...middle(midA, midB));
  for (const text of a.slice(endA)) lines.push({ op: 'same', text });
  return lines;
}

function middle(a: readonly string[], b: readonly string[]): TextDiffLine[] {
  const width = b.length + 1;
  // longest[i * width + j]: the longest common subsequence of a[i..] and b[j..].
  const longest = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      longest[i * width + j] = a[i] === b[j] ? longest[(i + 1) * width + j + 1]! + 1 : Math.max(longest[(i + 1) * width + j]!, longest[i * width + j + 1]!);
    }
  }
  const lines: TextDiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      lines.push({ op: 'same', text: a[i]! });
      i++;
      j++;
    } else if (longest[(i + 1) * width + j]! >= longest[i * width + j + 1]!) lines.push({ op: 'removed', text: a[i++]! });
    else lines.push({ op: 'added', text: b[j++]! });
  }
  while (i < a.length) lines.push({ op: 'removed', text: a[i++]! });
  while (j < b.length) lines.push({ op: 'added', text: b[j++]! });
  return lines;
}

/**
 * The diff as unified-diff body lines: ` ` kept, `-` removed, `+` added, kept
 * lines farther than `context` from a change left out (a `…` line between).
 */
export function unifiedLines(lines: readonly TextDiffLine[], context = 3): string[] {
  const near = new Array<boolean>(lines.length).fill(false);
  lines.forEach((line, index) => {
    if (line.op === 'same') return;
    for (let k = Math.max(0, index - context); k <= Math.min(lines.length - 1, index + context); k++) near[k] = true;
  });
  const out: string[] = [];
  let skipped = false;
  lines.forEach((line, index) => {
    if (!near[index]) {
      skipped = true;
      return;
    }
    if (skipped && out.length > 0) out.push('…');
    skipped = false;
    out.push(`${line.op === 'same' ? ' ' : line.op === 'removed' ? '-' : '+'}${line.text}`);
  });
  return out;
}
