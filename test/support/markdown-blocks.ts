import { readFileSync } from 'node:fs';

/** One fenced code block of a Markdown file. */
export interface FencedBlock {
  /** The info string split on spaces: `['json', 'model-document', 'refused']`. */
  info: string[];
  text: string;
  /** 1-based line of the opening fence, for failure messages. */
  line: number;
}

/** Every ``` fenced block of a Markdown file, in order (blocks fenced by four backticks or more are skipped whole). */
export function fencedBlocks(file: string): FencedBlock[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const blocks: FencedBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(`{3,})(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const fence = open[1]!;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && lines[j] !== fence) body.push(lines[j++]!);
    if (fence.length === 3) blocks.push({ info: open[2]!.trim().split(/\s+/).filter(Boolean), text: body.join('\n'), line: i + 1 });
    i = j;
  }
  return blocks;
}

/** The value of `key=value` or `key="value with spaces"` in a block's info string. */
export function infoValue(block: FencedBlock, key: string): string | undefined {
  const joined = block.info.join(' ');
  const m = new RegExp(`(?:^|\\s)${key}=(?:"([^"]*)"|(\\S+))`).exec(joined);
  return m ? (m[1] ?? m[2]) : undefined;
}
