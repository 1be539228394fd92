/**
 * A fast reader for the plain block-style YAML the model export writes (and
 * `yaml`'s and most people's defaults write): block mappings and sequences
 * indented by spaces, plain, single- and double-quoted one-line scalars,
 * literal block text, `[]` and `{}`. It reads such a document in one pass over
 * its lines, some twenty times faster than composing a `yaml` document, and
 * gives exactly the value `yaml` (2.9, YAML 1.2 core schema) would.
 *
 * It is a fast path, not a second parser: anything outside that subset (a
 * comment, an anchor or alias, a tag, flow collections, folded or multi-line
 * scalars, a repeated key, `---`, tabs or odd spacing, deep nesting, characters
 * YAML treats specially) makes it answer null, and the caller reads the text
 * with `yaml`, which also gives every refusal in its own words
 * (strict-json.ts). plain-yaml-reader.test.ts compares the two on fixtures,
 * exports of random models and random documents.
 */
import { Document, isScalar } from 'yaml';

/** Thrown inside the reader when the text leaves the subset; never escapes it. */
class OutsidePlainYaml extends Error {}

const outside = new OutsidePlainYaml();

function leave(): never {
  throw outside;
}

// Characters the subset never holds: line breaks other than \n, controls but tab and \n, DEL, C1 controls, the
// Unicode line and paragraph separators, byte order marks, noncharacters; and lone surrogates (looked for only in a
// text with surrogates at all: the pattern for them is slow).
const unsupportedCharacter = /[\r\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/;
const surrogate = /[\ud800-\udfff]/;
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A plain key: letters, digits and underscores, not starting with a digit. */
const plainKey = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** YAML's limit on an implicit key (the `:` at most 1024 characters after the key starts). */
const maxKeyLength = 1024;

/** Nesting the fast path follows; deeper documents go to `yaml` (which refuses them past 512 levels). */
const maxDepth = 64;

interface PlainTag {
  test: RegExp;
  resolve: (source: string, onError: (message: string) => void, options: object) => unknown;
}

/**
 * How `yaml` resolves a plain scalar (compose-scalar.js, findScalarTagByTest):
 * the first default tag of the core schema whose pattern matches; a string
 * when none does. Taken from `yaml`'s own schema, so the two always agree.
 */
const coreTags: readonly PlainTag[] = new Document(null, { version: '1.2' }).schema.tags.flatMap((tag) =>
  tag.default === true && 'test' in tag && tag.test ? [tag as unknown as PlainTag] : [],
);

// Every pattern of the core schema starts with one of these characters (null: ~ n N; booleans: t T f F; numbers: a
// digit, a sign or a dot), so plain text starting otherwise is a string; and the commonest values need no tag.
const maybeNotString = /^[~nNtTfF0-9+\-.]/;

function resolvePlain(source: string): unknown {
  if (!maybeNotString.test(source)) return source;
  if (source === 'null') return null;
  if (source === 'true') return true;
  if (source === 'false') return false;
  for (const tag of coreTags) {
    if (!tag.test.test(source)) continue;
    let failed = false;
    const resolved = tag.resolve(source, () => (failed = true), {});
    if (failed) leave();
    return isScalar(resolved) ? resolved.value : resolved;
  }
  return source;
}

/** The value of a double-quoted scalar that is all of `text`, when its escapes are JSON's (which YAML reads alike). */
function doubleQuoted(text: string): string {
  if (text.length < 2 || text[text.length - 1] !== '"') leave();
  try {
    return JSON.parse(text) as string;
  } catch {
    // A raw tab, an escape only YAML has (\x, \e, \N, \_, \L, \P, \0, \a, \v, an escaped space or break), or more after the quote.
    return leave();
  }
}

/** The value of a single-quoted scalar that is all of `text`. */
function singleQuoted(text: string): string {
  if (text.length < 2 || text[text.length - 1] !== "'") leave();
  const body = text.slice(1, -1);
  // A lone quote inside would end the scalar early.
  if (body.replace(/''/g, '').includes("'")) leave();
  return body.replace(/''/g, "'");
}

/** Index just past the closing quote of the quoted scalar that opens `text`, or -1. */
function quotedEnd(text: string): number {
  const quote = text[0];
  if (quote === '"') {
    for (let i = 1; i < text.length; i++) {
      const c = text[i];
      if (c === '\\') i++;
      else if (c === '"') return i + 1;
    }
    return -1;
  }
  for (let i = 1; i < text.length; i++) {
    if (text[i] !== "'") continue;
    if (text[i + 1] === "'") i++;
    else return i + 1;
  }
  return -1;
}

/** Whether a line is empty or spaces only (a tab among them leaves the subset). */
function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 32) continue;
    if (c === 9) leave();
    return false;
  }
  return true;
}

function indentOf(line: string): number {
  let n = 0;
  while (line.charCodeAt(n) === 32) n++;
  return n;
}

/** The reader over the lines of one document. */
class PlainYamlReader {
  readonly #lines: string[];
  /** The last line has no line break after it. */
  readonly #unterminated: boolean;
  #at = 0;
  /** The indentation of the line #nextContentLine found. */
  #indent = 0;
  #depth = 0;

  constructor(text: string) {
    this.#lines = text.split('\n');
    this.#unterminated = !text.endsWith('\n');
    if (!this.#unterminated) this.#lines.pop();
  }

  document(): unknown {
    const first = this.#nextContentLine();
    if (first < 0 || this.#indent !== 0) leave();
    this.#at = first;
    const line = this.#lines[first]!;
    const value = line === '-' || line.startsWith('- ') ? this.#sequence(0, null) : this.#mapping(0, null);
    if (this.#nextContentLine() >= 0) leave();
    return value;
  }

  /**
   * The index of the next line that is not blank, from the current one, its
   * indentation in `#indent`; a comment or a tab before the text leaves the subset.
   */
  #nextContentLine(): number {
    const lines = this.#lines;
    for (let i = this.#at; i < lines.length; i++) {
      const line = lines[i]!;
      const indent = indentOf(line);
      if (indent === line.length) continue;
      const c = line.charCodeAt(indent);
      if (c === 35 /* # */ || c === 9 /* tab */) leave();
      this.#indent = indent;
      return i;
    }
    return -1;
  }

  #enter(): void {
    if (++this.#depth > maxDepth) leave();
  }

  /**
   * A block mapping whose keys stand at column `indent`. `first` is the rest of
   * a `- ` line when the mapping starts on it (a mapping as a sequence item).
   */
  #mapping(indent: number, first: string | null): Record<string, unknown> {
    this.#enter();
    const map: Record<string, unknown> = {};
    // The entry's line and where its key starts in it.
    let line = first;
    let start = 0;
    for (;;) {
      if (line === null) {
        const next = this.#nextContentLine();
        if (next < 0) break;
        if (this.#indent < indent) break;
        if (this.#indent > indent) leave();
        line = this.#lines[next]!;
        start = indent;
        // A sequence at the mapping's own column is the value of a key, read there; here it is not ours.
        if (line.charCodeAt(start) === 45 /* - */ && (line.length === start + 1 || line.charCodeAt(start + 1) === 32)) leave();
        this.#at = next + 1;
      }
      const colon = keyEnd(line, start);
      const key = readKey(line.slice(start, colon));
      if (key === '__proto__' || Object.hasOwn(map, key)) leave();
      if (colon + 1 === line.length) map[key] = this.#valueBelow(indent);
      // One space, then the value.
      else if (line.charCodeAt(colon + 1) === 32 && colon + 2 < line.length && line.charCodeAt(colon + 2) !== 32) map[key] = this.#inlineValue(line.slice(colon + 2), indent);
      else leave();
      line = null;
    }
    this.#depth--;
    return map;
  }

  /** The value of `key:` with nothing after it: a collection on the lines below, else null. */
  #valueBelow(indent: number): unknown {
    const next = this.#nextContentLine();
    if (next < 0) return null;
    const line = this.#lines[next]!;
    const lineIndent = this.#indent;
    const isItem = line.charCodeAt(lineIndent) === 45 /* - */ && (line.length === lineIndent + 1 || line.charCodeAt(lineIndent + 1) === 32);
    if (lineIndent > indent) {
      this.#at = next;
      return isItem ? this.#sequence(lineIndent, null) : this.#mapping(lineIndent, null);
    }
    // YAML lets a sequence that is a mapping's value stand at the mapping's own column.
    if (lineIndent === indent && isItem) {
      this.#at = next;
      return this.#sequence(indent, null);
    }
    return null;
  }

  /** A block sequence whose `-` stand at column `indent`; `first` is the current line's rest when it starts on one already read. */
  #sequence(indent: number, first: string | null): unknown[] {
    this.#enter();
    const list: unknown[] = [];
    let item = first;
    for (;;) {
      if (item === null) {
        const next = this.#nextContentLine();
        if (next < 0) break;
        const line = this.#lines[next]!;
        const lineIndent = this.#indent;
        if (lineIndent < indent) break;
        if (lineIndent > indent) leave();
        const rest = line.slice(indent);
        // A key at the sequence's column ends it (the sequence was the value of the mapping it belongs to).
        if (rest !== '-' && !rest.startsWith('- ')) break;
        item = rest;
        this.#at = next + 1;
      }
      if (item === '-') {
        list.push(this.#itemBelow(indent));
      } else {
        const content = item.slice(2);
        if (content === '' || content.charCodeAt(0) === 32) leave();
        const column = indent + 2;
        if (content === '-' || content.startsWith('- ')) list.push(this.#sequence(column, content));
        else if (startsMappingEntry(content)) list.push(this.#mapping(column, content));
        else list.push(this.#inlineValue(content, indent));
      }
      item = null;
    }
    this.#depth--;
    return list;
  }

  /** The item of a `-` alone on its line: a collection on the lines below, else null. */
  #itemBelow(indent: number): unknown {
    const next = this.#nextContentLine();
    if (next < 0) return null;
    const line = this.#lines[next]!;
    const lineIndent = this.#indent;
    if (lineIndent <= indent) return null;
    this.#at = next;
    const rest = line.slice(lineIndent);
    return rest === '-' || rest.startsWith('- ') ? this.#sequence(lineIndent, null) : this.#mapping(lineIndent, null);
  }

  /** A value on the same line as its key or `- `: a scalar, `[]`, `{}`, or the header of literal block text. `parent` is the column of its collection. */
  #inlineValue(text: string, parent: number): unknown {
    const c = text[0]!;
    switch (c) {
      case '\t':
        return leave();
      case '"':
        return doubleQuoted(text);
      case "'":
        return singleQuoted(text);
      case '|':
        return this.#literalText(text, parent);
      case '[':
        return text === '[]' ? [] : leave();
      case '{':
        return text === '{}' ? {} : leave();
      case '>':
      case '&':
      case '*':
      case '!':
      case '%':
      case '@':
      case '`':
      case '#':
      case ',':
      case ']':
      case '}':
        return leave();
      case '-':
      case '?':
      case ':':
        if (text.length === 1 || text[1] === ' ' || text[1] === '\t') leave();
    }
    // Plain text of one line, whole: no white space at its ends, no comment, no mapping indicator.
    const last = text.charCodeAt(text.length - 1);
    if (last === 32 || last === 9 || last === 58 /* : */) leave();
    if (text.includes(' #') || text.includes('\t#') || text.includes(': ') || text.includes(':\t')) leave();
    return resolvePlain(text);
  }

  /** Literal block text (`|`, `|-`, `|+`, `|2-`…) whose parent collection stands at column `parent`; the lines after the header. */
  #literalText(header: string, parent: number): string {
    const match = /^\|(?:([1-9])([-+])?|([-+])([1-9])?)?$/.exec(header);
    if (!match) leave();
    const digit = match[1] ?? match[4];
    const chomp = match[2] ?? match[3] ?? '';
    const lines = this.#lines;
    let indent = digit === undefined ? -1 : parent + Number(digit);
    if (indent < 0) {
      // The first line with text sets the indentation; blank lines before it may not reach past it.
      let widestBlank = 0;
      for (let i = this.#at; i < lines.length; i++) {
        const line = lines[i]!;
        if (isBlank(line)) {
          widestBlank = Math.max(widestBlank, line.length);
          continue;
        }
        indent = indentOf(line);
        break;
      }
      if (indent <= parent || widestBlank > indent) leave();
    }
    const content: string[] = [];
    let blanks = 0;
    let i = this.#at;
    for (; i < lines.length; i++) {
      const line = lines[i]!;
      if (isBlank(line)) {
        // A line of spaces reaching past the indentation holds spaces as text, which `yaml` reads its own way.
        if (line.length > indent) leave();
        blanks++;
        continue;
      }
      if (indentOf(line) < indent) break;
      for (; blanks > 0; blanks--) content.push('');
      content.push(line.slice(indent));
    }
    // Text that runs to the end of a document without a final line break chomps by rules of its own.
    if (content.length === 0 || (i === lines.length && this.#unterminated)) leave();
    this.#at = i;
    const text = content.join('\n');
    if (chomp === '-') return text;
    if (chomp === '') return `${text}\n`;
    return `${text}\n${'\n'.repeat(blanks)}`;
  }
}

/** Where the `:` after the key that starts at `start` in `line` is; the line is not an entry of the subset otherwise. */
function keyEnd(line: string, start: number): number {
  const c = line.charCodeAt(start);
  const colon = c === 34 /* " */ || c === 39 /* ' */ ? start + quotedEnd(line.slice(start)) : line.indexOf(':', start);
  if (colon <= start || colon - start > maxKeyLength || line.charCodeAt(colon) !== 58 /* : */) leave();
  return colon;
}

function readKey(text: string): string {
  const c = text[0];
  if (c === '"') return doubleQuoted(text);
  if (c === "'") return singleQuoted(text);
  // A plain key that reads as null, a boolean or a number would not be this string.
  if (!plainKey.test(text) || (maybeNotString.test(text) && coreTags.some((tag) => tag.test.test(text)))) leave();
  return text;
}

/** Whether the text after `- ` starts a mapping (`key: …` or `key:`) rather than being a scalar. */
function startsMappingEntry(content: string): boolean {
  const c = content[0];
  if (c === '"' || c === "'") {
    const end = quotedEnd(content);
    return end > 0 && content[end] === ':';
  }
  const colon = content.indexOf(':');
  if (colon < 0) return false;
  // `key:` then a space or the end: a mapping. Any other `: ` makes it one in YAML too, with a key the subset does not read.
  if (plainKey.test(content.slice(0, colon)) && (colon === content.length - 1 || content[colon + 1] === ' ')) return true;
  if (content.includes(': ') || content.endsWith(':')) leave();
  return false;
}

/**
 * The value of a YAML document when it is in the plain block-style subset,
 * read without `yaml`; null when it is not (then read it with `yaml`).
 *
 * @example
 * readPlainYaml('a: 1\nb:\n  - x\n'); // { value: { a: 1, b: ['x'] } }
 * readPlainYaml('a: &x 1\n'); // null: anchors are not in the subset
 */
export function readPlainYaml(text: string): { value: unknown } | null {
  if (unsupportedCharacter.test(text) || (surrogate.test(text) && loneSurrogate.test(text))) return null;
  try {
    return { value: new PlainYamlReader(text).document() };
  } catch (error) {
    if (error instanceof OutsidePlainYaml || error instanceof RangeError) return null;
    throw error;
  }
}
