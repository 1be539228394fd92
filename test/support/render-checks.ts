/**
 * Real readers for the renderer tests: a strict XML parser (saxes) and
 * xmllint for the SVG, mermaid 11 under jsdom for the flowchart, headless
 * Debian chromium (playwright-core) for drawing, and a structural checker for
 * the Structurizr DSL, which has no parser we can install (shared recipes,
 * "Structurizr DSL").
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SaxesParser } from 'saxes';
import type { Browser } from 'playwright-core';

/** The renderers' golden files live beside the renderers they pin. */
const goldenFolder = join(dirname(fileURLToPath(import.meta.url)), '../../lib/core/render/__golden__');

// ---------------------------------------------------------------- golden files

/**
 * Compares text with lib/core/render/__golden__/<name>; with UPDATE_GOLDEN=1 writes
 * it instead (then review the change by eye). A golden file that is missing is
 * a failure, never written silently.
 */
export function expectGolden(name: string, text: string): { expected: string; actual: string } {
  const file = join(goldenFolder, name);
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, text);
  if (!existsSync(file)) throw new Error(`golden file ${file} is missing: run the test with UPDATE_GOLDEN=1 and review it`);
  return { expected: readFileSync(file, 'utf8'), actual: text };
}

// ---------------------------------------------------------------- XML

/** An element of a parsed XML document. */
export interface XmlNode {
  name: string;
  uri: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  text: string;
}

/** Parses XML with saxes in strict namespace-aware mode; throws on the first error. */
export function parseXmlStrict(xml: string): XmlNode {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlNode[] = [];
  let root: XmlNode | undefined;
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag) => {
    const attributes: Record<string, string> = {};
    for (const [name, attribute] of Object.entries(tag.attributes)) attributes[name] = typeof attribute === 'string' ? attribute : attribute.value;
    const node: XmlNode = { name: tag.local ?? tag.name, uri: tag.uri ?? '', attributes, children: [], text: '' };
    if (stack.length > 0) stack[stack.length - 1]!.children.push(node);
    else root = node;
    stack.push(node);
  });
  parser.on('text', (text) => {
    if (stack.length > 0) stack[stack.length - 1]!.text += text;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(xml).close();
  if (failure) throw failure;
  if (!root) throw new Error('no root element');
  return root;
}

/** Every element of a tree, depth first. */
export function allNodes(node: XmlNode): XmlNode[] {
  return [node, ...node.children.flatMap(allNodes)];
}

/** Why xmllint is not usable here, or null when it is. */
export const xmllintMissing: string | null = (() => {
  try {
    execFileSync('xmllint', ['--version'], { stdio: 'pipe' });
    return null;
  } catch {
    return 'xmllint not found: apt-get install -y libxml2-utils';
  }
})();

/** Runs `xmllint --noout -` on the text; a non-zero exit or any output on stderr (it exits 0 on namespace errors) is a failure. */
export function xmllint(xml: string): void {
  const result = spawnSync('xmllint', ['--noout', '-'], { input: xml, encoding: 'utf8' });
  if (result.status !== 0 || result.stderr !== '' || result.error) throw new Error(`xmllint: exit ${result.status}: ${result.stderr}${result.error ?? ''}`);
}

// ---------------------------------------------------------------- mermaid under jsdom

/** The flowchart database mermaid builds from a text. */
export interface FlowchartReading {
  vertices: { id: string; text: string; type: string }[];
  edges: { start: string; end: string; text: string; stroke: string; type: string }[];
  subgraphs: { id: string; title: string; nodes: string[] }[];
  direction: string;
}

interface MermaidApi {
  parse(text: string): Promise<unknown>;
  mermaidAPI: { getDiagramFromText(text: string): Promise<{ db: MermaidFlowDb }> };
}
interface MermaidFlowDb {
  getVertices(): Map<string, { id: string; text: string; type?: string }>;
  getEdges(): { start: string; end: string; text: string; stroke: string; type: string }[];
  getSubGraphs(): { id: string; title: string; nodes: string[] }[];
  getDirection(): string;
}

let mermaidLoaded: Promise<MermaidApi> | undefined;

/** mermaid 11 under jsdom (window set before the import, as mermaid reads it when loaded). */
export function loadMermaid(): Promise<MermaidApi> {
  mermaidLoaded ??= (async () => {
    const { JSDOM } = await import('jsdom');
    (globalThis as Record<string, unknown>).window = new JSDOM('').window;
    const module = (await import('mermaid')) as unknown as { default: MermaidApi };
    return module.default;
  })();
  return mermaidLoaded;
}

/**
 * Mermaid's reading of label text back to plain text: it stores `#35;` as
 * `ﬂ°°35¶ß` (and `#name;` as `ﬂ°name¶ß`); the renderer turns those into HTML
 * entities. Our labels use numeric codes only. Any other entity stays, so a
 * test sees it.
 */
export function decodeMermaidText(text: string): string {
  return (
    text
      // Its sanitiser writes a no-break space as &nbsp; (the same character, written as HTML).
      .replace(/&nbsp;/g, '\u00a0')
      .replace(/ﬂ°°(\d+)¶ß/g, (_, code: string) => String.fromCodePoint(Number(code)))
      .replace(/ﬂ°(\w+)¶ß/g, (_, name: string) => `&${name};`)
  );
}

/** Parses with mermaid.parse (throws on a syntax error), then reads what mermaid understood. */
export async function readFlowchart(text: string): Promise<FlowchartReading> {
  const mermaid = await loadMermaid();
  await mermaid.parse(text);
  const { db } = await mermaid.mermaidAPI.getDiagramFromText(text);
  return {
    vertices: [...db.getVertices().values()].map((v) => ({ id: v.id, text: decodeMermaidText(v.text), type: v.type ?? '' })),
    edges: db.getEdges().map((e) => ({ start: e.start, end: e.end, text: decodeMermaidText(e.text), stroke: e.stroke, type: e.type })),
    subgraphs: db.getSubGraphs().map((s) => ({ id: s.id, title: decodeMermaidText(s.title), nodes: [...s.nodes] })),
    direction: db.getDirection(),
  };
}

/** The sequence diagram mermaid builds from a text: participants in order, then every signal (messages, notes, block marks). */
export interface SequenceReading {
  actors: { id: string; text: string; type: string }[];
  /** `type` is the name of mermaid's line type (SOLID, DOTTED_CROSS, NOTE, LOOP_START…). */
  signals: { type: string; from: string | null; to: string | null; text: string }[];
}

interface MermaidSequenceDb {
  getActors(): Map<string, { name: string; description: string; type: string }>;
  getActorKeys(): string[];
  getMessages(): { from?: string; to?: string; type: number; message: string | { text: string } }[];
  LINETYPE: Record<string, number>;
}

/** Parses with mermaid.parse (throws on a syntax error), then reads what mermaid understood of a sequence diagram. */
export async function readSequence(text: string): Promise<SequenceReading> {
  const mermaid = await loadMermaid();
  await mermaid.parse(text);
  const { db } = (await mermaid.mermaidAPI.getDiagramFromText(text)) as unknown as { db: MermaidSequenceDb };
  const typeName = new Map(Object.entries(db.LINETYPE).map(([name, value]) => [value, name]));
  const actors = db.getActorKeys().map((id) => {
    const actor = db.getActors().get(id)!;
    return { id, text: decodeMermaidText(actor.description), type: actor.type };
  });
  const signals = db.getMessages().map((m) => ({
    type: typeName.get(m.type) ?? String(m.type),
    from: m.from ?? null,
    to: m.to ?? null,
    text: decodeMermaidText(typeof m.message === 'string' ? m.message : (m.message?.text ?? '')),
  }));
  return { actors, signals };
}

// ---------------------------------------------------------------- chromium

/** Chromium from Debian (shared recipes "Chromium and playwright-core"); CHROMIUM_PATH overrides. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why the browser tests cannot run here, or null. */
export const chromiumMissing: string | null = existsSync(chromiumPath) ? null : `chromium not found at ${chromiumPath}: apt-get install -y chromium (or set CHROMIUM_PATH)`;

/** Starts headless chromium with the flags of the shared recipes. */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** Width and height of a PNG from its IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The bytes of a `data:image/png;base64,` URL. */
export function pngFromDataUrl(url: string): Buffer {
  const prefix = 'data:image/png;base64,';
  if (!url.startsWith(prefix)) throw new Error(`not a PNG data URL: ${url.slice(0, 40)}`);
  return Buffer.from(url.slice(prefix.length), 'base64');
}

// ---------------------------------------------------------------- Structurizr DSL, structurally

/** What the DSL checker read: elements by identifier, relationships, views. */
export interface DslReading {
  elements: Map<string, { type: string; name: string; parent: string | null; tags: string; technology: string | null }>;
  relationships: { from: string; to: string; description: string; technology: string; tags: string }[];
  views: { type: string; scope: string | null; key: string; description: string }[];
  comments: string[];
  /** Comment lines before `workspace`. */
  header: string[];
}

/**
 * Splits a DSL line into tokens as the Structurizr tokenizer does: space
 * separated; a token starting with `"` runs to the next `"` not preceded by a
 * backslash. Throws on an unclosed string.
 */
export function tokenizeDslLine(line: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < line.length) {
    if (line[i] === ' ') {
      i++;
      continue;
    }
    if (line[i] === '"') {
      let j = i + 1;
      let value = '';
      for (;;) {
        if (j >= line.length) throw new Error(`unclosed string in: ${line}`);
        const c = line[j]!;
        if (c === '"' && line[j - 1] !== '\\') break;
        value += c;
        j++;
      }
      tokens.push(value.replace(/\\"/g, '"'));
      i = j + 1;
      if (i < line.length && line[i] !== ' ') throw new Error(`text straight after a closing quote in: ${line}`);
      continue;
    }
    let j = i;
    while (j < line.length && line[j] !== ' ') j++;
    tokens.push(line.slice(i, j));
    i = j;
  }
  return tokens;
}

const identifierPattern = /^[a-z_][a-z0-9_]*$/;

/**
 * Checks a DSL text structurally and returns what it read: header comments
 * only before `workspace`; blocks balanced; strings closed, on one line, with
 * no `${` and no raw control characters; each identifier defined once, before
 * use, with the element type its context allows; names unique per scope;
 * relationship ends defined, never parent and child, never repeating a
 * description between the same two elements; `!impliedRelationships false`
 * first in the model; views of the right scope with `include *` and
 * `autoLayout`; view keys unique. Throws with the line number on the first
 * problem.
 */
export function checkDslStructure(dsl: string): DslReading {
  if (!dsl.endsWith('\n')) throw new Error('the DSL must end with a line break');
  const lines = dsl.slice(0, -1).split('\n');
  const reading: DslReading = { elements: new Map(), relationships: [], views: [], comments: [], header: [] };
  const stack: { kind: string; id: string | null; statements: number }[] = [];
  const namesInScope = new Map<string, Set<string>>();
  const relationshipKeys = new Set<string>();
  const viewKeys = new Set<string>();
  let sawWorkspace = false;
  let viewBody: string[] | null = null;
  const fail: (n: number, why: string) => never = (n, why) => {
    throw new Error(`DSL line ${n + 1}: ${why}: ${lines[n]}`);
  };
  const ancestors = (id: string): string[] => {
    const result: string[] = [];
    for (let at = reading.elements.get(id)!.parent; at !== null; at = reading.elements.get(at)!.parent) result.push(at);
    return result;
  };
  for (const [n, raw] of lines.entries()) {
    if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(raw)) fail(n, 'control character');
    if (/\p{Cs}/u.test(raw)) fail(n, 'lone surrogate');
    if (raw.endsWith('\\')) fail(n, 'a line ending in a backslash continues onto the next');
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('#')) {
      if (!sawWorkspace) reading.header.push(line);
      else reading.comments.push(line);
      continue;
    }
    if (line.startsWith('//') || line.startsWith('/*')) fail(n, 'unexpected comment style');
    const tokens = tokenizeDslLine(line);
    for (const token of tokens) if (token.includes('${')) fail(n, 'a string holds ${, which the DSL substitutes');
    // Structurizr's reader sees a value without its quotes: one that looks like an arrow turns the line into a relationship.
    tokens.forEach((token, at) => {
      if (at !== 1 && (token === '->' || (token.length >= 3 && token.startsWith('--') && token.endsWith('->')))) fail(n, `the value ${token} reads as a relationship arrow`);
    });
    const top = stack[stack.length - 1];
    const opens = tokens[tokens.length - 1] === '{';
    const body = opens ? tokens.slice(0, -1) : tokens;
    if (line === '}') {
      if (!top) fail(n, 'closing brace without a block');
      if (top!.kind === 'view') {
        if (viewBody!.join('|') !== 'include *|autoLayout') fail(n, `a view holds ${viewBody!.join(', ')}, not include * and autoLayout`);
        viewBody = null;
      }
      stack.pop();
      continue;
    }
    if (top) top.statements++;
    const context = top?.kind ?? 'file';
    const push = (kind: string, id: string | null) => {
      if (!opens) return;
      stack.push({ kind, id, statements: 0 });
    };
    if (context === 'file') {
      if (body[0] !== 'workspace' || !opens || body.length !== 2) fail(n, 'expected workspace "name" {');
      if (sawWorkspace) fail(n, 'a second workspace');
      sawWorkspace = true;
      push('workspace', null);
      continue;
    }
    if (context === 'workspace') {
      if ((body[0] === 'model' || body[0] === 'views') && body.length === 1 && opens) { push(body[0], null); continue; }
      fail(n, 'expected model { or views {');
    }
    if (context === 'model' && top!.statements === 1 && line !== '!impliedRelationships false') fail(n, 'the model block must start with !impliedRelationships false');
    if (line === '!impliedRelationships false') {
      if (context !== 'model' || top!.statements !== 1) fail(n, '!impliedRelationships out of place');
      continue;
    }
    if (context === 'properties') {
      if (body.length !== 2 || opens) fail(n, 'a property is two strings');
      continue;
    }
    if (body[0] === 'properties' && body.length === 1 && opens) {
      if (!['person', 'softwareSystem', 'container', 'component'].includes(context)) fail(n, 'properties out of place');
      push('properties', null);
      continue;
    }
    if (body[1] === '=') {
      const [id, , type, name, ...rest] = body;
      const allowed: Record<string, string[]> = { model: ['person', 'softwareSystem'], softwareSystem: ['container'], container: ['component'] };
      if (!identifierPattern.test(id!)) fail(n, `bad identifier ${id}`);
      if (reading.elements.has(id!)) fail(n, `identifier ${id} defined twice`);
      if (!(allowed[context] ?? []).includes(type!)) fail(n, `${type} not allowed inside ${context}`);
      if (name === undefined || name.trim() === '') fail(n, 'an element needs a name');
      const scope = context === 'model' ? '' : top!.id!;
      const names = namesInScope.get(scope) ?? new Set<string>();
      if (names.has(name!)) fail(n, `name "${name}" repeated in its scope`);
      names.add(name!);
      namesInScope.set(scope, names);
      const maxArgs = type === 'container' || type === 'component' ? 3 : 2;
      if (rest.length > maxArgs) fail(n, 'too many strings');
      const technology = type === 'container' || type === 'component' ? (rest[1] ?? '') : null;
      const tags = (type === 'container' || type === 'component' ? rest[2] : rest[1]) ?? '';
      reading.elements.set(id!, { type: type!, name: name!, parent: context === 'model' ? null : top!.id, tags, technology });
      push(type!, id!);
      continue;
    }
    if (body[1] === '->') {
      if (context !== 'model') fail(n, 'relationships are written in the model block');
      const [from, , to, description = '', technology = '', tags = '', ...extra] = body;
      if (extra.length > 0) fail(n, 'too many strings');
      if (!reading.elements.has(from!)) fail(n, `relationship source ${from} not defined before`);
      if (!reading.elements.has(to!)) fail(n, `relationship destination ${to} not defined before`);
      if (ancestors(to!).includes(from!) || ancestors(from!).includes(to!)) fail(n, 'relationship between parent and child');
      const key = `${from} ${to} ${description}`;
      if (relationshipKeys.has(key)) fail(n, 'repeated description between the same two elements');
      relationshipKeys.add(key);
      reading.relationships.push({ from: from!, to: to!, description, technology, tags });
      continue;
    }
    if (context === 'views') {
      if (body[0] === 'styles' && body.length === 1 && opens) { push('styles', null); continue; }
      const [type] = body;
      let scope: string | null = null;
      let rest: string[];
      if (type === 'systemLandscape') rest = body.slice(1);
      else if (type === 'container' || type === 'component') {
        scope = body[1]!;
        const element = reading.elements.get(scope);
        if (!element) fail(n, `view scope ${scope} not defined`);
        if (element!.type !== (type === 'container' ? 'softwareSystem' : 'container')) fail(n, `${type} view of a ${element!.type}`);
        rest = body.slice(2);
      } else fail(n, `unknown view ${type}`);
      if (rest.length !== 2 || !opens) fail(n, 'a view has a key, a description and a block');
      if (!/^[a-zA-Z0-9_-]+$/.test(rest[0]!)) fail(n, `bad view key ${rest[0]}`);
      if (viewKeys.has(rest[0]!)) fail(n, `view key ${rest[0]} repeated`);
      viewKeys.add(rest[0]!);
      reading.views.push({ type: type!, scope, key: rest[0]!, description: rest[1]! });
      viewBody = [];
      push('view', null);
      continue;
    }
    if (context === 'view') {
      viewBody!.push(line);
      continue;
    }
    if (context === 'styles') {
      if ((body[0] === 'element' || body[0] === 'relationship') && body.length === 2 && opens) { push('style', null); continue; }
      fail(n, 'expected element or relationship style');
    }
    if (context === 'style') {
      if (!/^(shape cylinder|color #[0-9a-f]{6}|thickness \d+)$/.test(line)) fail(n, 'unknown style');
      continue;
    }
    fail(n, `unexpected statement in ${context}`);
  }
  if (!sawWorkspace) throw new Error('no workspace');
  if (stack.length !== 0) throw new Error(`${stack.length} block(s) left open`);
  return reading;
}
