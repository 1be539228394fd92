import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

/**
 * The scenario editor's text read as strict JSON with the place of every
 * value kept, so that a syntax error is shown with its line and column before
 * anything is sent, and a field path of the API (`steps[2].then`,
 * `$.steps[0].opertion`) or a step ID of a run issue can be pointed at its line.
 */

export interface TextPlace {
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 units as the textarea counts them. */
  column: number;
  offset: number;
}

export interface JsonSyntaxError extends TextPlace {
  message: string;
}

export interface ReadJsonText {
  /** The tree with offsets; undefined when the text is not JSON. */
  tree: Node | undefined;
  /** The first syntax error, or null. */
  error: JsonSyntaxError | null;
}

const errorWords: Record<string, string> = {
  InvalidSymbol: 'this is not a JSON value (strings take double quotes; true, false and null are lower case)',
  InvalidNumberFormat: 'this number is not written as JSON writes numbers',
  PropertyNameExpected: 'a member name in double quotes is expected here (no comma after the last member)',
  ValueExpected: 'a value is expected here (no comma after the last entry)',
  ColonExpected: 'a colon is expected after the member name',
  CommaExpected: 'a comma is expected between entries',
  CloseBraceExpected: 'a closing } is expected',
  CloseBracketExpected: 'a closing ] is expected',
  EndOfFileExpected: 'the text goes on after the end of the document',
  InvalidCommentToken: 'JSON has no comments',
  UnexpectedEndOfComment: 'JSON has no comments',
  UnexpectedEndOfString: 'this string is not closed',
  UnexpectedEndOfNumber: 'this number ends too early',
  InvalidUnicode: 'this \\u escape is not four hex digits',
  InvalidEscapeCharacter: 'this backslash escape is not one JSON knows',
  InvalidCharacter: 'a control character (such as a tab or line break) must be escaped inside a string',
};

/** Line and column of an offset of `text`. */
export function placeAt(text: string, offset: number): TextPlace {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1, offset: end };
}

/** The first member name that occurs twice in one object (the service refuses repeated keys). */
function repeatedKey(node: Node): Node | undefined {
  if (node.type === 'object') {
    const seen = new Set<string>();
    for (const property of node.children ?? []) {
      const key = property.children?.[0];
      if (!key || typeof key.value !== 'string') continue;
      if (seen.has(key.value)) return key;
      seen.add(key.value);
    }
  }
  for (const child of node.children ?? []) {
    const found = repeatedKey(child);
    if (found) return found;
  }
  return undefined;
}

/** Reads the editor's text as strict JSON: no comments, no trailing commas, no repeated member names. */
export function readJsonText(text: string): ReadJsonText {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (first) {
    const name = printParseErrorCode(first.error);
    return { tree: undefined, error: { ...placeAt(text, first.offset), message: errorWords[name] ?? name } };
  }
  if (tree) {
    const repeated = repeatedKey(tree);
    if (repeated) return { tree: undefined, error: { ...placeAt(text, repeated.offset), message: `the member "${String(repeated.value)}" occurs twice in this object` } };
  }
  // The browser's own reader has the last word on what JSON is.
  try {
    JSON.parse(text);
  } catch (cause) {
    const position = /position (\d+)/.exec(String(cause));
    return { tree: undefined, error: { ...placeAt(text, position ? Number(position[1]) : 0), message: String(cause instanceof Error ? cause.message : cause) } };
  }
  return { tree, error: null };
}

/**
 * The segments of a field path as the API writes them: `steps[2].then[0].id`,
 * `$.steps[0].opertion`, `steps[0].handlers["5ce0…"]`. A path it cannot read
 * gives the segments read so far.
 */
export function fieldPathSegments(path: string): (string | number)[] {
  const segments: (string | number)[] = [];
  let rest = path.startsWith('$') ? path.slice(1) : path;
  while (rest.length > 0) {
    const index = /^\[(\d+)\]/.exec(rest);
    if (index) {
      segments.push(Number(index[1]));
      rest = rest.slice(index[0].length);
      continue;
    }
    const quoted = /^\[("(?:[^"\\]|\\.)*")\]/.exec(rest);
    if (quoted) {
      try {
        segments.push(JSON.parse(quoted[1]!) as string);
      } catch {
        break;
      }
      rest = rest.slice(quoted[0].length);
      continue;
    }
    const plain = /^\.?([^.[\]]+)/.exec(rest);
    if (!plain) break;
    segments.push(plain[1]!);
    rest = rest.slice(plain[0].length);
  }
  return segments;
}

export interface PathPlace extends TextPlace {
  /** False when the path goes deeper than the text does: the place is of the nearest value that exists. */
  exact: boolean;
}

/** Where a member or entry starts: a member at its name, so the line reads `"then": …`. */
function startOf(node: Node): number {
  return node.parent?.type === 'property' ? node.parent.offset : node.offset;
}

/** The place of a field path in the text, or of the deepest value along it that the text holds. */
export function placeOfPath(text: string, tree: Node | undefined, path: string): PathPlace | null {
  if (!tree) return null;
  const segments = fieldPathSegments(path);
  for (let length = segments.length; length >= 0; length--) {
    const node = length === 0 ? tree : findNodeAtLocation(tree, segments.slice(0, length));
    if (node) return { ...placeAt(text, startOf(node)), exact: length === segments.length };
  }
  return null;
}

/** Every step list a step can hold (part 1 "Scenario document"). */
const stepListMembers = ['then', 'onError', 'else'];

function findStep(list: Node | undefined, stepId: string): Node | undefined {
  if (list?.type !== 'array') return undefined;
  for (const step of list.children ?? []) {
    if (step.type !== 'object') continue;
    if (findNodeAtLocation(step, ['id'])?.value === stepId) return step;
    const lists: (Node | undefined)[] = stepListMembers.map((member) => findNodeAtLocation(step, [member]));
    for (const branch of findNodeAtLocation(step, ['branches'])?.children ?? []) lists.push(branch);
    for (const handler of findNodeAtLocation(step, ['handlers'])?.children ?? []) lists.push(handler.children?.[1]);
    for (const inner of lists) {
      const found = findStep(inner, stepId);
      if (found) return found;
    }
  }
  return undefined;
}

/** The place of the step with this ID (the first one, in document order), for a run issue. */
export function placeOfStep(text: string, tree: Node | undefined, stepId: string): TextPlace | null {
  if (!tree) return null;
  const step = findStep(findNodeAtLocation(tree, ['steps']), stepId);
  return step ? placeAt(text, step.offset) : null;
}
