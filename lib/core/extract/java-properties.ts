/**
 * Java `.properties` text read into entries with their lines, as
 * `java.util.Properties.load` reads it: `key=value`, `key: value` or
 * `key value`; `#` and `!` comment lines; a line ending in an odd number of
 * backslashes continues on the next; `\t`, `\n`, `\uXXXX` and escaped
 * separators are unescaped.
 */

export interface PropertyEntry {
  key: string;
  value: string;
  /** 1-based, both ends included (a continued entry spans several lines). */
  startLine: number;
  endLine: number;
}

function unescaped(text: string): string {
  return text.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, escaped: string) => {
    if (escaped.length === 5) return String.fromCharCode(Number.parseInt(escaped.slice(1), 16));
    return escaped === 't' ? '\t' : escaped === 'n' ? '\n' : escaped === 'r' ? '\r' : escaped === 'f' ? '\f' : escaped;
  });
}

function endsContinued(line: string): boolean {
  const backslashes = /\\*$/.exec(line)![0].length;
  return backslashes % 2 === 1;
}

/** Every entry of the text, in order; a key given twice is listed twice. */
export function parseJavaProperties(text: string): PropertyEntry[] {
  const lines = text.split(/\r\n|\r|\n/);
  const entries: PropertyEntry[] = [];
  for (let index = 0; index < lines.length; index++) {
    const first = lines[index]!.replace(/^[ \t\f]+/, '');
    if (first === '' || first.startsWith('#') || first.startsWith('!')) continue;
    const startLine = index + 1;
    let logical = first;
    while (endsContinued(logical) && index + 1 < lines.length) {
      logical = logical.slice(0, -1) + lines[++index]!.replace(/^[ \t\f]+/, '');
    }
    const separator = /(?<!\\)(?:\\\\)*(\s*[=:]\s*|\s+)/.exec(logical);
    let rawKey = logical;
    let rawValue = '';
    if (separator !== null) {
      const keyEnd = separator.index + separator[0].length - separator[1]!.length;
      rawKey = logical.slice(0, keyEnd);
      rawValue = logical.slice(keyEnd + separator[1]!.length);
    }
    entries.push({ key: unescaped(rawKey), value: unescaped(rawValue), startLine, endLine: index + 1 });
  }
  return entries;
}
