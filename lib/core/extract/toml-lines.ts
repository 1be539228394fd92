/**
 * Lines of TOML keys, for evidence: smol-toml gives values without
 * positions, so the line of a key is found by reading table headers and
 * `key =` lines (enough for manifests; a key written inline in another
 * table's inline table is not found, and the evidence falls back to the header).
 */

function unquote(text: string): string {
  return text.trim().replace(/^"(.*)"$|^'(.*)'$/, '$1$2');
}

function tableName(header: string): string {
  return header
    .split('.')
    .map((part) => unquote(part))
    .join('.');
}

/** 1-based line of `key =` inside `[table]` (`''` is the top level), or null. */
export function tomlKeyLine(text: string, table: string, key: string): number | null {
  let current = '';
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const header = /^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$/.exec(line);
    if (header) {
      current = tableName(header[1]!);
      continue;
    }
    if (current !== table) continue;
    const assignment = /^\s*("[^"]*"|'[^']*'|[A-Za-z0-9_.-]+)\s*=/.exec(line);
    if (assignment && unquote(assignment[1]!) === key) return index + 1;
  }
  return null;
}

/** 1-based line of a table header `[table]`, or null. */
export function tomlTableLine(text: string, table: string): number | null {
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const header = /^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$/.exec(lines[index]!);
    if (header && tableName(header[1]!) === table) return index + 1;
  }
  return null;
}

/** 1-based line, at or after `fromLine`, of the first line holding `needle` as a quoted dependency or a key; null when none. */
export function lineMentioning(text: string, fromLine: number, pattern: RegExp): number | null {
  const lines = text.split('\n');
  for (let index = Math.max(0, fromLine - 1); index < lines.length; index++) if (pattern.test(lines[index]!)) return index + 1;
  return null;
}
