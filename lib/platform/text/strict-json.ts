/**
 * Parsers for model documents that refuse what the plain parsers accept
 * silently: a key written twice in one object (JSON.parse keeps the last one,
 * so half of what the author wrote would vanish without a word), and in YAML
 * custom tags (also the YAML 1.1 "known" ones: !!binary, !!set, !!timestamp…),
 * merge keys and alias bombs.
 */
import { isUtf8 } from 'node:buffer';
import { Composer, isCollection, isScalar, Lexer, LineCounter, Parser, visit, YAMLError, YAMLParseError, type Document, type DocumentOptions, type Node, type ParseOptions, type SchemaOptions } from 'yaml';
import { readPlainYaml } from './plain-yaml-reader';

/** Result of a strict parse: the value, or one sentence saying why the text is refused. */
export type StrictParseResult = { ok: true; value: unknown } | { ok: false; message: string };

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

interface Frame {
  /** Keys seen so far; null for an array. */
  keys: Set<string> | null;
  /** The key (object) or index (array) of the value being read. */
  at: string | number;
}

function pathText(frames: readonly Frame[]): string {
  let text = '';
  for (const frame of frames) {
    if (typeof frame.at === 'number') text += `[${frame.at}]`;
    else if (identifier.test(frame.at)) text += text === '' ? frame.at : `.${frame.at}`;
    else text += `[${JSON.stringify(frame.at)}]`;
  }
  return text;
}

/** Index just past the closing quote of the JSON string that opens at `start`. */
function stringEnd(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return text.length;
    let backslashes = 0;
    for (let k = quote - 1; text.charCodeAt(k) === 92; k--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** The text of UTF-8 bytes, or null when they are not UTF-8 (decoding would put U+FFFD in their place). */
export function decodeUtf8Strict(bytes: Uint8Array): string | null {
  return isUtf8(bytes) ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8') : null;
}

/** Part 1 "invalid-payload": "a number over 40 characters"; JSON.parse would round it without a word. */
export const maxNumberCharacters = 40;

/** What one scan of a JSON text finds: its first repeated key and its first over-long number, each with its path. */
export interface JsonTextFindings {
  duplicate: { key: string; path: string } | null;
  longNumber: { text: string; path: string } | null;
}

function isNumberCharacter(c: number): boolean {
  // 0-9 . + - e E
  return (c >= 48 && c <= 57) || c === 46 || c === 43 || c === 45 || c === 101 || c === 69;
}

/**
 * Scans a text JSON.parse accepted for what the parsed value no longer shows:
 * a key that occurs twice in one object (with the path of that object), and a
 * number written with over 40 characters (with its path). One linear scan:
 * strings are skipped with indexOf, so a 16 MiB body takes tens of milliseconds.
 */
export function scanJsonText(text: string): JsonTextFindings {
  const frames: Frame[] = [];
  let duplicate: JsonTextFindings['duplicate'] = null;
  let longNumber: JsonTextFindings['longNumber'] = null;
  let expectKey = false;
  const length = text.length;
  let i = 0;
  while (i < length && (duplicate === null || longNumber === null)) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      const end = stringEnd(text, i);
      const top = frames[frames.length - 1];
      if (expectKey && top?.keys) {
        const raw = text.slice(i + 1, end - 1);
        // Escapes make "a" and "\u0061" the same key: decode only when needed.
        const key = raw.includes('\\') ? (JSON.parse(text.slice(i, end)) as string) : raw;
        if (duplicate === null && top.keys.has(key)) duplicate = { key, path: pathText(frames.slice(0, -1)) };
        top.keys.add(key);
        top.at = key;
        expectKey = false;
      }
      i = end;
      continue;
    }
    if (c === 45 /* - */ || (c >= 48 && c <= 57)) {
      let end = i + 1;
      while (end < length && isNumberCharacter(text.charCodeAt(end))) end++;
      if (longNumber === null && end - i > maxNumberCharacters) longNumber = { text: text.slice(i, end), path: pathText(frames) };
      i = end;
      continue;
    }
    if (c === 123 /* { */) {
      frames.push({ keys: new Set(), at: '' });
      expectKey = true;
    } else if (c === 91 /* [ */) {
      frames.push({ keys: null, at: 0 });
      expectKey = false;
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      frames.pop();
      expectKey = false;
    } else if (c === 44 /* , */) {
      const top = frames[frames.length - 1];
      if (top?.keys) expectKey = true;
      else if (top) top.at = (top.at as number) + 1;
    }
    i++;
  }
  return { duplicate, longNumber };
}

/**
 * Arrays and objects nested in each other that a request body may hold. Far
 * above any rule of the spec (payloads 64, step lists 24), so those rules
 * still answer with their own codes; low enough that no reader, checker or
 * JSON.stringify runs out of stack on a body.
 */
export const maxDocumentNesting = 512;

/** The sentence for a document nested over `maxDocumentNesting` levels. */
export const tooDeepMessage = `nested over ${maxDocumentNesting} levels of arrays and objects`;

/** Whether a JSON text nests arrays and objects over `max` levels (one scan; strings skipped). */
export function jsonNestingOver(text: string, max: number = maxDocumentNesting): boolean {
  let depth = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) i = stringEnd(text, i) - 1;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

/** Whether a parsed value nests arrays and objects over `max` levels; walks without recursion. */
export function valueNestingOver(value: unknown, max: number = maxDocumentNesting): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const member of Array.isArray(item) ? item : Object.values(item)) pending.push([member, depth + 1]);
  }
  return false;
}

/**
 * Our own sentence for text JSON.parse refused, with the place when the
 * engine names one: its own message quotes the body and changes between
 * Node releases.
 */
export function jsonSyntaxMessage(error: unknown): string {
  const position = /at position (\d+)/.exec((error as Error)?.message ?? '')?.[1];
  if (position !== undefined) return `not valid JSON: malformed at character ${Number(position) + 1}`;
  if (/end of (JSON )?input/i.test((error as Error)?.message ?? '')) return 'not valid JSON: the text ends before the value does';
  return 'not valid JSON: malformed';
}

/**
 * Parses JSON and refuses a key that occurs twice in one object, naming the key
 * and the JSON path of its object, a number of over 40 characters, and
 * nesting over `maxDocumentNesting` levels.
 *
 * @example
 * parseJsonStrict('{"a":1,"a":2}') // { ok: false, message: 'duplicate key "a" at the top level' }
 */
export function parseJsonStrict(text: string): StrictParseResult {
  // A byte order mark is not JSON, but editors write one; it carries no data.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    return { ok: false, message: jsonSyntaxMessage(error) };
  }
  if (jsonNestingOver(body)) return { ok: false, message: tooDeepMessage };
  const findings = scanJsonText(body);
  const duplicate = describeDuplicateKey(findings.duplicate);
  if (duplicate !== null) return { ok: false, message: duplicate };
  if (findings.longNumber !== null) {
    const where = findings.longNumber.path === '' ? 'at the top level' : `at ${findings.longNumber.path}`;
    return { ok: false, message: `a number of over ${maxNumberCharacters} characters ${where} (it would lose digits)` };
  }
  return { ok: true, value };
}

/** For a text that is valid JSON: the refusal of its first duplicate key, or null. */
export function duplicateKeyProblem(validJson: string): string | null {
  return describeDuplicateKey(scanJsonText(validJson).duplicate);
}

/** The sentence that refuses a repeated key found by `scanJsonText`; null for none. */
export function describeDuplicateKey(duplicate: JsonTextFindings['duplicate']): string | null {
  if (!duplicate) return null;
  const where = duplicate.path === '' ? 'at the top level' : `in ${duplicate.path}`;
  return `duplicate key ${JSON.stringify(duplicate.key)} ${where}`;
}

/** Key identity as the parsed object will see it: `1`, `1.0` and `"1"` all become the key "1". */
function sameKey(a: unknown, b: unknown): boolean {
  if (isScalar(a) && isScalar(b)) return String(a.value) === String(b.value);
  return a === b;
}

function firstLine(message: string): string {
  return (message.split('\n')[0] ?? message).replace(/:$/, '');
}

/** Upper bound on alias expansions, so a small text cannot unfold into gigabytes. */
export const yamlMaxAliasCount = 100;

/**
 * Parses one YAML 1.2 document (core schema) and refuses duplicate keys,
 * collection keys, tags outside the core schema, and more than 100 alias
 * expansions. `<<` is an ordinary key (no merge keys). A document in plain
 * block style (what the export writes) is read by a fast path
 * (plain-yaml-reader.ts) that gives the same value; any other goes through
 * `yaml`, which gives every refusal.
 *
 * @example
 * parseYamlStrict('a: 1\na: 2\n') // { ok: false, message: 'not valid YAML at line 2, column 1: Map keys must be unique' }
 */
export function parseYamlStrict(text: string): StrictParseResult {
  const plain = readPlainYaml(text);
  if (plain) return { ok: true, value: plain.value };
  return parseYamlComposed(text);
}

/** parseYamlStrict without the fast path: the document composed by `yaml` (the reference the fast path is held to). */
export function parseYamlComposed(text: string): StrictParseResult {
  try {
    return parseYamlDocument(text);
  } catch (error) {
    // Anything thrown here is the engine giving up (a stack overflow), whose message says nothing about the text.
    return { ok: false, message: error instanceof NestingTooDeepError ? `not valid YAML: ${tooDeepMessage}` : 'not valid YAML: the document could not be read' };
  }
}

class NestingTooDeepError extends Error {
  override readonly name = 'NestingTooDeepError';
}

/**
 * What `parseDocument` does, with the parser's stack watched after each
 * token: a deep document is refused as soon as it is deep, before the
 * composer recurses into it (a stack overflow) or the parser holds megabytes
 * of tokens for it. A token stack a little deeper than the nesting is fine:
 * the limit is far above any document the spec allows.
 */
function composeYaml(text: string, options: DocumentOptions & ParseOptions & SchemaOptions): { document: Document.Parsed; lines: LineCounter } {
  const lines = new LineCounter();
  const parser = new Parser(lines.addNewLine);
  const composer = new Composer(options);
  function* tokens() {
    lines.addNewLine(0);
    for (const lexeme of new Lexer().lex(text)) {
      yield* parser.next(lexeme);
      if (parser.stack.length > maxDocumentNesting + 2) throw new NestingTooDeepError(tooDeepMessage);
    }
    yield* parser.end();
  }
  let document: Document.Parsed | null = null;
  for (const next of composer.compose(tokens(), true, text.length)) {
    if (document) {
      document.errors.push(new YAMLParseError([next.range[0], next.range[1]], 'MULTIPLE_DOCS', 'Source contains multiple documents'));
      break;
    }
    document = next;
  }
  return { document: document!, lines };
}

/** One sentence for a parser error: where, and the parser's words (its own stack troubles in ours). */
function yamlErrorMessage(error: YAMLError, lines: LineCounter): string {
  const { line, col } = lines.linePos(error.pos[0]);
  const what = error.code === 'RESOURCE_EXHAUSTION' ? tooDeepMessage : firstLine(error.message);
  return `not valid YAML at line ${line}, column ${col}: ${what}`;
}

function parseYamlDocument(text: string): StrictParseResult {
  const { document, lines } = composeYaml(text, { version: '1.2', schema: 'core', customTags: [], resolveKnownTags: false, merge: false, uniqueKeys: sameKey });
  const problem = document.errors[0] ?? document.warnings[0];
  if (problem) return { ok: false, message: yamlErrorMessage(problem, lines) };
  let collectionKey: Node | null = null;
  visit(document, {
    Pair(_, pair) {
      if (isCollection(pair.key)) {
        collectionKey = pair.key;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  if (collectionKey) return { ok: false, message: 'not valid YAML: a mapping key must be a scalar, not a list or mapping' };
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: yamlMaxAliasCount });
  } catch (error) {
    // Alias troubles (unknown anchor, too many expansions) are ReferenceErrors of the parser, about the text.
    if (!(error instanceof YAMLError) && !(error instanceof ReferenceError)) throw error;
    return { ok: false, message: `not valid YAML: ${firstLine((error as Error).message)}` };
  }
  if (valueNestingOver(value)) return { ok: false, message: `not valid YAML: ${tooDeepMessage}` };
  return { ok: true, value };
}
