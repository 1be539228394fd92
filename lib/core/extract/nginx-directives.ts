/**
 * nginx configuration read into directives with their lines, as nginx's own
 * tokenizer reads it: words, quoted strings, `#` comments, `;` ending a
 * directive and `{ … }` holding a block. `${name}` inside a word is a
 * variable, not a block (templates rendered by envsubst use it too). Includes
 * are not followed: each file stands alone.
 */

export interface NginxDirective {
  name: string;
  args: string[];
  /** 1-based line of the directive's name. */
  line: number;
  /** 1-based line of its `;` or of its block's `}`. */
  endLine: number;
  /** The directives of its block; null for a simple directive. */
  block: NginxDirective[] | null;
}

type Token = { kind: 'word'; text: string; line: number } | { kind: ';' | '{' | '}'; line: number };

const maxDepth = 32;

function tokens(text: string): Token[] | null {
  const found: Token[] = [];
  let line = 1;
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '\n') {
      line++;
      index++;
    } else if (/\s/.test(char)) {
      index++;
    } else if (char === '#') {
      while (index < text.length && text[index] !== '\n') index++;
    } else if (char === ';' || char === '{' || char === '}') {
      found.push({ kind: char, line });
      index++;
    } else if (char === '"' || char === "'") {
      const start = line;
      let value = '';
      index++;
      while (index < text.length && text[index] !== char) {
        if (text[index] === '\\' && index + 1 < text.length) index++;
        if (text[index] === '\n') line++;
        value += text[index];
        index++;
      }
      if (index >= text.length) return null;
      index++;
      found.push({ kind: 'word', text: value, line: start });
    } else {
      let value = '';
      while (index < text.length && !/[\s;{}]/.test(text[index]!)) {
        if (text[index] === '$' && text[index + 1] === '{') {
          const close = text.indexOf('}', index);
          if (close < 0 || text.slice(index, close).includes('\n')) return null;
          value += text.slice(index, close + 1);
          index = close + 1;
        } else {
          value += text[index];
          index++;
        }
      }
      found.push({ kind: 'word', text: value, line });
    }
  }
  return found;
}

/** The directives of a text, or null when it is not nginx configuration (unbalanced braces, an unterminated directive or string). */
export function parseNginxConfig(text: string): NginxDirective[] | null {
  const list = tokens(text);
  if (list === null) return null;
  let position = 0;
  const readBlock = (depth: number): NginxDirective[] | null => {
    const directives: NginxDirective[] = [];
    let words: Extract<Token, { kind: 'word' }>[] = [];
    while (position < list.length) {
      const token = list[position++]!;
      if (token.kind === 'word') {
        words.push(token);
      } else if (token.kind === ';') {
        if (words.length === 0) continue;
        directives.push({ name: words[0]!.text, args: words.slice(1).map((word) => word.text), line: words[0]!.line, endLine: token.line, block: null });
        words = [];
      } else if (token.kind === '{') {
        if (words.length === 0 || depth >= maxDepth) return null;
        const block = readBlock(depth + 1);
        if (block === null) return null;
        const close = list[position - 1];
        directives.push({ name: words[0]!.text, args: words.slice(1).map((word) => word.text), line: words[0]!.line, endLine: close?.line ?? token.line, block });
        words = [];
      } else {
        return depth === 0 || words.length > 0 ? null : directives;
      }
    }
    return depth === 0 && words.length === 0 ? directives : null;
  };
  return readBlock(0);
}
