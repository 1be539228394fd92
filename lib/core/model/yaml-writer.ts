/**
 * A YAML writer for plain data (objects, arrays, strings, finite numbers,
 * booleans, null) that writes, byte for byte, what the `yaml` package (2.9)
 * writes for the model document (model-document.ts: block style, no folding,
 * double quotes as JSON, strings `mustQuote` names double-quoted), without
 * building a document of nodes first: the export of a model at the import
 * limits writes in a fraction of the time and memory.
 *
 * Each function follows the part of `yaml` it stands for (stringifyString,
 * stringifyPair, stringifyCollection, stringifyNumber), for the options the
 * model document uses and nothing else; yaml-writer.test.ts compares the two
 * on fixtures and random data. What it does not cover (a key of over 1024
 * characters, which `yaml` writes as an explicit `? key`; values other than
 * plain data) throws `YamlWriterUnsupportedError`, and the caller writes that
 * part with `yaml` itself.
 */
import { Document } from 'yaml';

/** A value the writer does not write as `yaml` would; write it with `yaml`. */
export class YamlWriterUnsupportedError extends Error {
  override readonly name = 'YamlWriterUnsupportedError';
}

/** One level of indentation (`yaml`'s default indent of 2). */
const indentStep = '  ';

/**
 * Plain text `yaml` reads back as something other than a string under the
 * YAML 1.2 core schema (null, booleans, numbers): such a string is quoted.
 * Taken from the `yaml` schema itself, so the two agree on every pattern.
 */
const nonStringPatterns: readonly RegExp[] = new Document(null, { version: '1.2' }).schema.tags.flatMap((tag) =>
  'test' in tag && tag.default === true && tag.tag !== 'tag:yaml.org,2002:str' && tag.test ? [tag.test] : [],
);

// Every one of those patterns starts with one of these characters (null: ~ n N; booleans: t T f F; numbers: a digit,
// a sign or a dot); text starting otherwise cannot match them. The empty string matches the null pattern.
const maybeNotString = /^(?:[~nNtTfF0-9+\-.]|$)/;

// stringifyString: control characters and lone surrogates force double quotes.
const forcesDoubleQuotes = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u;
// plainString: what plain text may not start, hold or end with.
const notPlain = /^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/;
// A document marker at the start of a line (also `%`, a directive to a YAML 1.1 reader).
const documentMarker = /^(%|---|\.\.\.)/m;
// blockString: newlines at the end that another newline or the end does not follow.
const blockEndNewlines = /(^|(?<!\n))\n+(?!\n|$)/g;

interface StringContext {
  /** The indentation of the node the string is: its own lines (block text, folded quotes) start with it. */
  indent: string;
  /** A key of a block mapping. */
  implicitKey: boolean;
}

function doubleQuoted(value: string): string {
  return JSON.stringify(value);
}

function singleQuoted(value: string, ctx: StringContext): string {
  if ((ctx.implicitKey && value.includes('\n')) || /[ \t]\n|\n[ \t]/.test(value)) return doubleQuoted(value);
  return `'${value.replace(/'/g, "''").replace(/\n+/g, `$&\n${ctx.indent}`)}'`;
}

/** quotedString: single quotes for text with a double quote and no single one, else double quotes. */
function quoted(value: string, ctx: StringContext): string {
  return value.includes('"') && !value.includes("'") ? singleQuoted(value, ctx) : doubleQuoted(value);
}

/** blockString for literal block text (lineWidth 0 never folds). `ctx.indent` is never empty here: the root is a mapping. */
function blockText(value: string, ctx: StringContext): string {
  if (/\n[\t ]+$/.test(value)) return quoted(value, ctx);
  const { indent } = ctx;
  let endStart = value.length;
  while (endStart > 0) {
    const ch = value[endStart - 1];
    if (ch !== '\n' && ch !== '\t' && ch !== ' ') break;
    endStart--;
  }
  let end = value.substring(endStart);
  const endNewline = end.indexOf('\n');
  const chomp = endNewline === -1 ? '-' : value === end || endNewline !== end.length - 1 ? '+' : '';
  let body = value;
  if (end) {
    body = body.slice(0, -end.length);
    if (end.endsWith('\n')) end = end.slice(0, -1);
    end = end.replace(blockEndNewlines, `$&${indent}`);
  }
  let startsWithSpace = false;
  let startEnd = 0;
  let startNewline = -1;
  for (; startEnd < body.length; startEnd++) {
    const ch = body[startEnd];
    if (ch === ' ') startsWithSpace = true;
    else if (ch === '\n') startNewline = startEnd;
    else break;
  }
  let start = body.substring(0, startNewline < startEnd ? startNewline + 1 : startEnd);
  if (start) {
    body = body.substring(start.length);
    start = start.replace(/\n+/g, `$&${indent}`);
  }
  const header = (startsWithSpace ? '2' : '') + chomp;
  return `|${header}\n${indent}${start}${body.replace(/\n+/g, `$&${indent}`)}${end}`;
}

/** plainString: plain when it reads back as the same string, else quoted or block text. */
function plainOrOther(value: string, ctx: StringContext): string {
  if (ctx.implicitKey && value.includes('\n')) return quoted(value, ctx);
  if (notPlain.test(value)) return ctx.implicitKey || !value.includes('\n') ? quoted(value, ctx) : blockText(value, ctx);
  if (!ctx.implicitKey && value.includes('\n')) return blockText(value, ctx);
  if (ctx.implicitKey && ctx.indent === indentStep && documentMarker.test(value)) return quoted(value, ctx);
  if (maybeNotString.test(value)) for (const pattern of nonStringPatterns) if (pattern.test(value)) return quoted(value, ctx);
  return value;
}

/** A string as `yaml` writes it; `forceDoubleQuotes` for the strings the model document asks to quote. */
export function yamlString(value: string, ctx: StringContext, forceDoubleQuotes: boolean): string {
  if (forceDoubleQuotes || forcesDoubleQuotes.test(value)) return doubleQuoted(value);
  return plainOrOther(value, ctx);
}

function yamlNumber(value: number): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? '.nan' : value < 0 ? '-.inf' : '.inf';
  return Object.is(value, -0) ? '-0' : JSON.stringify(value);
}

/** What the writer is told about a string value: whether the caller wants it double-quoted. */
export type QuoteRule = (value: string) => boolean;

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * The text of a value that is the node at `indent`: a mapping value (indent
 * of its pair) or a sequence item. Collections are block collections, empty
 * ones `[]` and `{}`; their first line is not indented (it follows `key:` on a
 * new line, or `- `).
 */
export function yamlNode(value: unknown, indent: string, mustQuote: QuoteRule): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'string':
      return yamlString(value, { indent, implicitKey: false }, mustQuote(value));
    case 'number':
      return yamlNumber(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (Array.isArray(value)) return yamlSequence(value, indent, mustQuote);
      if (isPlainObject(value)) return yamlMapping(value, indent, mustQuote);
      break;
  }
  throw new YamlWriterUnsupportedError(`not plain data: ${Object.prototype.toString.call(value)}`);
}

/** A block sequence whose lines after the first start with `indent`. */
export function yamlSequence(items: readonly unknown[], indent: string, mustQuote: QuoteRule): string {
  if (items.length === 0) return '[]';
  const itemIndent = indent + indentStep;
  let text = '';
  for (let i = 0; i < items.length; i++) {
    if (i > 0) text += `\n${indent}`;
    text += `- ${yamlNode(items[i], itemIndent, mustQuote)}`;
  }
  return text;
}

/** A block mapping whose lines after the first start with `indent`; members whose value is undefined are left out, as in JSON. */
export function yamlMapping(value: Readonly<Record<string, unknown>>, indent: string, mustQuote: QuoteRule): string {
  const pairIndent = indent + indentStep;
  let text = '';
  let first = true;
  for (const key of Object.keys(value)) {
    const member = value[key];
    if (member === undefined) continue;
    if (!first) text += `\n${indent}`;
    first = false;
    text += yamlPair(key, member, pairIndent, mustQuote);
  }
  return first ? '{}' : text;
}

/** stringifyPair of a block mapping: `key: value`, a collection on the lines below. */
function yamlPair(key: string, value: unknown, pairIndent: string, mustQuote: QuoteRule): string {
  const keyText = yamlString(key, { indent: pairIndent, implicitKey: true }, false);
  // Longer keys are written as explicit `? key` entries, which this writer does not do.
  if (keyText.length > 1024) throw new YamlWriterUnsupportedError('a key of over 1024 characters');
  const valueText = yamlNode(value, pairIndent, mustQuote);
  const blockCollection = value !== null && typeof value === 'object' && valueText !== '[]' && valueText !== '{}';
  return blockCollection ? `${keyText}:\n${pairIndent}${valueText}` : `${keyText}: ${valueText}`;
}
