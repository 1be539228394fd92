/**
 * The architecture-DSL export (part 1 "Diagram and model exports",
 * "Architecture-DSL export"): a Structurizr DSL workspace with the whole model
 * and the project's views.
 */
import type { ElementRecord, ModelSnapshot, RelationshipRecord } from '../model/model-records';
import { assignIdentifiers } from './identifiers';
import { layoutFingerprint } from './layout';
import { compareByNameThenId, compareOrdinal } from './ordinal-order';
import { safeOneLine } from './plain-text';
import { comparisonText, type RenderableView, type RenderSource } from './view-contents';

/** What the DSL export reads: the project name, the model (its elements and relationships), every view of the project and which model it is. */
export interface RenderArchitectureDslInput {
  readonly projectName: string;
  readonly model: Pick<ModelSnapshot, 'element' | 'relationship'>;
  readonly views: readonly RenderableView[];
  readonly source: RenderSource;
}

type DslType = 'person' | 'softwareSystem' | 'container' | 'component';

interface DslElement {
  readonly element: ElementRecord;
  readonly type: DslType;
  /** Model ID of the element this one is written inside, or null at the top level. */
  readonly parentId: string | null;
  readonly children: DslElement[];
  /** The name to write (before string escaping): numbered when it repeats a name of its scope. */
  name: string;
}

/**
 * A DSL string: double-quoted on one line. Part 1: "quotes get a backslash; a
 * trailing backslash becomes U+29F5; `${` gets U+200B between `$` and `{`;
 * line breaks become spaces". Control characters and lone surrogates become
 * U+FFFD as in the other exports. A value that reads as an arrow gets U+200B
 * after its first character (see dslStringBody).
 */
export function dslString(text: string): string {
  return `"${dslStringBody(text)}"`;
}

/**
 * The text between the quotes of dslString: also what the DSL reader takes as the value, so names are compared as this.
 * Structurizr's reader drops the quotes before it decides what a line is, so a value that reads as a relationship
 * arrow (`->`, or `--` … `->` as in `-[tag]->`) would make `x = container "->" …` a relationship: such a value gets
 * U+200B after its first character.
 */
function dslStringBody(text: string): string {
  if (!needsDslCare.test(text)) return readsAsArrow(text) ? `${text[0]}\u200b${text.slice(1)}` : text;
  const body = safeOneLine(text).replace(/"/g, '\\"').replace(/\$\{/g, '$\u200b{');
  const ended = body.endsWith('\\') ? `${body.slice(0, -1)}\u29f5` : body;
  return readsAsArrow(ended) ? `${ended[0]}\u200b${ended.slice(1)}` : ended;
}

/** Anything dslStringBody changes but the arrow rule: line breaks, unsafe characters, quotes, `${`, a last backslash. */
const needsDslCare = /[\n\r\u000b\u000c\u0085\u2028\u2029\u0000-\u0008\u000e-\u001f\u007f-\u009f\ufffe\uffff\ud800-\udfff"]|\$\{|\\$/;

/** What Structurizr's reader takes for a relationship arrow once the quotes are gone. */
function readsAsArrow(value: string): boolean {
  return value === '->' || (value.length >= 3 && value.startsWith('--') && value.endsWith('->'));
}

/** Tags as one DSL string: part 1 "commas in tags become spaces" (the DSL separates tags with commas). */
function dslTags(tags: readonly string[]): string {
  return tags.map((tag) => tag.replace(/,/g, ' ')).join(',');
}

/** A comment line (a whole line: the DSL has no end-of-line comments); never ends in a backslash, which continues a line. */
function dslComment(indent: string, text: string): string {
  const body = safeOneLine(text).replace(/\\$/, '\u29f5');
  return `${indent}# ${body}`;
}

/**
 * Statement arguments as DSL strings: the first `required` always, then the
 * others up to the last non-empty one. The DSL reader opens a block when the
 * last token of a line is `{`, quoted or not, so a last argument that is just
 * `{` gets U+200B after it.
 */
function dslArguments(values: readonly string[], required: number): string {
  let count = values.length;
  while (count > required && values[count - 1] === '') count--;
  return values
    .slice(0, count)
    .map((value, i) => (i === count - 1 && dslStringBody(value) === '{' ? '"{\u200b"' : dslString(value)))
    .join(' ');
}

function sourceText(source: RenderSource): string {
  if (source.kind === 'comparison') return comparisonText(source);
  return source.kind === 'revision' ? `revision "${source.name}" (${source.id}), model version ${source.modelVersion}` : `stream "${source.name}" at model version ${source.modelVersion}`;
}

/**
 * Where each element goes in the DSL tree. Part 1: a top-level actor is a
 * person, another top-level element a software system, an element inside a
 * system a container, inside a container a component; "actors and elements
 * inside a person or component move to the top level with their contents".
 * An element whose parent is missing counts as top-level; elements caught in
 * a parent cycle are taken as top-level too, in ordinal name then ID order.
 */
function buildTree(model: RenderArchitectureDslInput['model']): { top: DslElement[]; moved: DslElement[]; byId: Map<string, DslElement> } {
  const children = new Map<string, ElementRecord[]>();
  const roots: ElementRecord[] = [];
  for (const element of model.element.values()) {
    if (element.parentId !== null && model.element.has(element.parentId)) {
      const list = children.get(element.parentId);
      if (list) list.push(element);
      else children.set(element.parentId, [element]);
    } else {
      roots.push(element);
    }
  }
  for (const list of children.values()) list.sort(compareByNameThenId);
  const byId = new Map<string, DslElement>();
  const top: DslElement[] = [];
  const moved: DslElement[] = [];
  const place = (element: ElementRecord, parent: DslElement | null): void => {
    if (byId.has(element.id)) return;
    let type: DslType;
    let within: DslElement | null = null;
    if (element.kind === 'actor') type = 'person';
    else if (parent?.type === 'softwareSystem') [type, within] = ['container', parent];
    else if (parent?.type === 'container') [type, within] = ['component', parent];
    else type = 'softwareSystem';
    const node: DslElement = { element, type, parentId: within ? within.element.id : null, children: [], name: '' };
    byId.set(element.id, node);
    if (within) within.children.push(node);
    else top.push(node);
    if (!within && element.parentId !== null && model.element.has(element.parentId)) moved.push(node);
    for (const child of children.get(element.id) ?? []) place(child, node);
  };
  roots.sort(compareByNameThenId);
  for (const root of roots) place(root, null);
  for (const element of [...model.element.values()].sort(compareByNameThenId)) place(element, null);
  top.sort((a, b) => compareByNameThenId(a.element, b.element));
  return { top, moved, byId };
}

/** Elements in file order: depth first, each level by ordinal name then ID. */
function inFileOrder(top: readonly DslElement[]): DslElement[] {
  const order: DslElement[] = [];
  const walk = (nodes: readonly DslElement[]) => {
    for (const node of nodes) {
      order.push(node);
      walk(node.children);
    }
  };
  walk(top);
  return order;
}

/**
 * Names unique per scope (the top level; each system; each container), as the
 * DSL reader requires: a later duplicate gets ` (2)`, ` (3)` in file order,
 * skipping any name the scope already holds. Names compare as written (after
 * escaping); a blank name is written as "Unnamed", which the DSL reader
 * refuses to leave empty.
 */
function assignNames(order: readonly DslElement[]): { node: DslElement; from: string }[] {
  const plain = (node: DslElement) => {
    const name = safeOneLine(node.element.name);
    return name.trim() === '' ? 'Unnamed' : name;
  };
  const scopeOf = (node: DslElement) => node.parentId ?? '';
  const present = new Map<string, Set<string>>();
  for (const node of order) {
    const names = present.get(scopeOf(node)) ?? new Set<string>();
    names.add(dslStringBody(plain(node)));
    present.set(scopeOf(node), names);
  }
  const used = new Map<string, Set<string>>();
  const renames: { node: DslElement; from: string }[] = [];
  for (const node of order) {
    const scope = scopeOf(node);
    const taken = used.get(scope) ?? new Set<string>();
    used.set(scope, taken);
    const name = plain(node);
    node.name = name;
    if (!taken.has(dslStringBody(name))) {
      taken.add(dslStringBody(name));
      continue;
    }
    let n = 2;
    while (taken.has(dslStringBody(`${name} (${n})`)) || present.get(scope)!.has(dslStringBody(`${name} (${n})`))) n++;
    node.name = `${name} (${n})`;
    taken.add(dslStringBody(node.name));
    renames.push({ node, from: name });
  }
  return renames;
}

/**
 * The Structurizr DSL workspace of a project: header comments (the model read,
 * what is not written, the renames and the moves), the model block starting
 * with `!impliedRelationships false`, every element and relationship, and the
 * views (`systemLandscape` without a root, a container view rooted at a
 * software system, a component view rooted at a container, each with
 * `include *` and `autoLayout`; a view with another root only as a comment),
 * each view with a comment line carrying its layout fingerprint. Identifiers
 * follow identifiers.ts over the whole model.
 *
 * @example
 * const dsl = renderArchitectureDsl({ projectName: 'Shop', model, views, source: { kind: 'stream', name: 'main', modelVersion: 12 } });
 */
export function renderArchitectureDsl(input: RenderArchitectureDslInput): string {
  const { model } = input;
  const identifiers = assignIdentifiers(model.element.values());
  const { top, moved, byId } = buildTree(model);
  const order = inFileOrder(top);
  const renames = assignNames(order);
  const position = new Map<string, number>(order.map((node, i) => [node.element.id, i]));
  const id = (elementId: string) => identifiers.get(elementId)!;

  const lines: string[] = [
    dslComment('', `Architecture DSL (Structurizr DSL) of project ${dslString(input.projectName)}, ${sourceText(input.source)}.`),
    dslComment('', 'Not written: fact labels, provenance, status, stale marks, icons, line shapes, owners, messages, schemas, operations, channels, subscriptions, bindings, scenarios, costs, comments, saved layouts.'),
  ];
  if (renames.length > 0) {
    lines.push(dslComment('', 'Renamed to keep names unique in their scope:'));
    for (const { node, from } of renames) lines.push(dslComment('', `  ${dslString(from)} (element ${node.element.id}) is written as ${dslString(node.name)}`));
  }
  if (moved.length > 0) {
    lines.push(dslComment('', 'Moved to the top level (actors, and elements inside a person or component, with their contents):'));
    for (const node of [...moved].sort((a, b) => position.get(a.element.id)! - position.get(b.element.id)!)) {
      lines.push(dslComment('', `  ${dslString(node.name)} (element ${node.element.id}), inside ${dslString(model.element.get(node.element.parentId!)!.name)} in the model`));
    }
  }
  lines.push(`workspace ${dslString(input.projectName)} {`, '', '    model {', '        !impliedRelationships false', '');

  const writeElement = (node: DslElement, indent: string): void => {
    const { element } = node;
    const description = element.description ?? '';
    const technology = element.technology ?? '';
    const tags = dslTags(element.kind === 'store' && !element.tags.includes('Database') ? [...element.tags, 'Database'] : element.tags);
    const args = node.type === 'container' || node.type === 'component' ? dslArguments([node.name, description, technology, tags], 1) : dslArguments([node.name, description, tags], 1);
    // A person or software system has no technology argument: it goes in a property.
    const technologyProperty = (node.type === 'person' || node.type === 'softwareSystem') && technology !== '';
    const head = `${indent}${id(element.id)} = ${node.type} ${args}`;
    if (node.children.length === 0 && !technologyProperty) {
      lines.push(head);
      return;
    }
    lines.push(`${head} {`);
    if (technologyProperty) lines.push(`${indent}    properties {`, `${indent}        ${dslArguments(['technology', technology], 2)}`, `${indent}    }`);
    for (const child of node.children) writeElement(child, `${indent}    `);
    lines.push(`${indent}}`);
  };
  for (const node of top) writeElement(node, '        ');

  const isAncestor = (ancestorId: string, node: DslElement): boolean => {
    for (let at = node.parentId; at !== null; at = byId.get(at)!.parentId) if (at === ancestorId) return true;
    return false;
  };
  // Each relationship's place looked up once, not at every comparison.
  const relationships = [...model.relationship.values()]
    .map((relationship) => ({ relationship, from: position.get(relationship.fromId) ?? Infinity, to: position.get(relationship.toId) ?? Infinity }))
    .sort((a, b) => a.from - b.from || a.to - b.to || compareOrdinal(a.relationship.id, b.relationship.id))
    .map((placed) => placed.relationship);
  if (relationships.length > 0) lines.push('');
  const written = new Map<string, string>();
  for (const relationship of relationships) {
    const from = byId.get(relationship.fromId);
    const to = byId.get(relationship.toId);
    if (!from || !to) {
      lines.push(dslComment('        ', `Not written (an end is not in this model): relationship ${relationship.id}`));
      continue;
    }
    const statement = relationshipStatement(relationship, id);
    if (isAncestor(from.element.id, to) || isAncestor(to.element.id, from)) {
      lines.push(dslComment('        ', `Not written (between an element and one that contains it): ${statement}`));
      continue;
    }
    const key = `${relationship.fromId} ${relationship.toId} ${safeOneLine(relationship.label ?? '')}`;
    const first = written.get(key);
    if (first !== undefined) {
      lines.push(dslComment('        ', `Not written (repeats the label of relationship ${first} between the same two elements): ${statement}`));
      continue;
    }
    written.set(key, relationship.id);
    lines.push(`        ${statement}`);
  }
  lines.push('    }', '', '    views {');

  const viewKeys = assignIdentifiers(input.views);
  for (const view of [...input.views].sort(compareByNameThenId)) {
    const fingerprint = layoutFingerprint(view);
    const root = view.rootElementId === null ? null : (byId.get(view.rootElementId) ?? null);
    let head: string | null = null;
    if (view.rootElementId === null) head = 'systemLandscape';
    else if (root?.type === 'softwareSystem') head = `container ${id(root.element.id)}`;
    else if (root?.type === 'container') head = `component ${id(root.element.id)}`;
    if (head === null) {
      const why = root ? `its root ${dslString(root.name)} is a ${root.type}` : `its root element ${view.rootElementId} is not in this model`;
      lines.push(dslComment('        ', `View ${dslString(view.name)} (${view.id}) is not written: ${why}; layout fingerprint ${fingerprint}`));
      continue;
    }
    lines.push(
      dslComment('        ', `View ${dslString(view.name)} (${view.id}): layout fingerprint ${fingerprint}`),
      `        ${head} ${dslString(viewKeys.get(view.id)!)} ${dslString(view.name)} {`,
      '            include *',
      '            autoLayout',
      '        }',
    );
  }
  lines.push(
    '',
    '        styles {',
    `            element ${dslString('Database')} {`,
    '                shape cylinder',
    '            }',
    `            relationship ${dslString('Behavioural')} {`,
    '                color #2dd4bf',
    '                thickness 4',
    '            }',
    '        }',
    '    }',
    '}',
  );
  return `${lines.join('\n')}\n`;
}

function relationshipStatement(relationship: RelationshipRecord, id: (elementId: string) => string): string {
  const tags = relationship.kind === 'behavioural' ? 'Behavioural' : '';
  const args = dslArguments([relationship.label ?? '', relationship.technology ?? '', tags], 0);
  return `${id(relationship.fromId)} -> ${id(relationship.toId)}${args === '' ? '' : ` ${args}`}`;
}
