/**
 * The flowchart export of a view (part 1 "Diagram and model exports",
 * "Flowchart export"), in Mermaid flowchart syntax, top to bottom.
 *
 * Checked against mermaid 11's own parser and renderer, which read more into
 * a quoted label than the spec's list of characters covers, so the label
 * coding goes a little further (see flowchartText).
 */
import type { ElementKind, ElementRecord, RelationshipRecord } from '../model/model-records';
import { assignIdentifiers } from './identifiers';
import { layoutFingerprint } from './layout';
import { safeOneLine } from './plain-text';
import { comparisonText, droppedInformation, markColours, viewContents, viewSliceOf, type RecordMark, type RecordMarks, type RenderSource, type RenderViewInput } from './view-contents';

/**
 * Characters written as Mermaid entity codes (`#35;` for `#`) inside labels.
 * Part 1 lists `#`, quote, `&`, `<`, `>`, pipe, backtick, brackets,
 * parentheses, braces, `;`, `%` and backslash. Also coded, because mermaid
 * 11 acts on them inside quoted labels: `:` (a line holding `style…:…#…;`
 * loses its last `;`, and `fa:fa-x` becomes an icon), `$` (`$$…$$` becomes
 * maths), `¶` (mermaid's own entity marks are `ﬂ°…¶ß`), and white space after
 * "direction" (a line holding `direction LR` anywhere is read as a direction
 * statement and the rest of the line is lost).
 */
const codedCharacter = /[#"&<>|`[\](){};%\\:$¶]|(?<=direction)\s/giu;

/**
 * Model text as a quoted-label fragment: one line, unsafe characters as
 * U+FFFD, trimmed (mermaid trims labels, so outer spaces carry nothing), the
 * characters above as entity codes.
 */
export function flowchartText(text: string): string {
  return safeOneLine(text)
    .replace(/\t/g, ' ')
    .trim()
    .replace(codedCharacter, (c) => `#${c.codePointAt(0)};`);
}

/**
 * A comment line: `%% ` then the text on one line with a space after each
 * `%` (part 1: "In comment lines a space follows each `%`"), so no `%%{`
 * directive can form inside it.
 */
export function flowchartComment(text: string): string {
  return `%% ${safeOneLine(text).replace(/%(?! )/g, '% ')}`;
}

const shapeOf: Readonly<Record<ElementKind, readonly [string, string]>> = {
  actor: ['([', '])'],
  store: ['[(', ')]'],
  component: ['[[', ']]'],
  system: ['[', ']'],
  app: ['[', ']'],
};

function nodeLabel(element: ElementRecord): string {
  const technology = element.technology === null ? '' : flowchartText(element.technology);
  return `"${flowchartText(element.name)}<br/>${element.kind}${technology === '' ? '' : ` [${technology}]`}"`;
}

function edgeLabel(relationship: RelationshipRecord): string {
  const label = relationship.label === null ? '' : flowchartText(relationship.label);
  const technology = relationship.technology === null ? '' : flowchartText(relationship.technology);
  const text = [label, technology === '' ? '' : `[${technology}]`].filter((part) => part !== '').join(' ');
  return text === '' ? '' : `|"${text}"|`;
}

function sourceText(source: RenderSource): string {
  if (source.kind === 'comparison') return comparisonText(source);
  return source.kind === 'revision' ? `Revision "${source.name}" (${source.id}), model version ${source.modelVersion}` : `Stream "${source.name}" at model version ${source.modelVersion}`;
}

/**
 * The Mermaid flowchart of a view: three comment lines (view; revision and
 * layout fingerprint; what the export drops), `flowchart TB`, the root as a
 * subgraph around its children, one node per shown element (actor stadium,
 * store cylinder, component subroutine, system and app rectangle) and one
 * edge per shown relationship (`-->` structural, `==>` behavioural).
 * Identifiers follow identifiers.ts over the whole model, so an element has
 * the same identifier here and in the DSL export.
 *
 * @example
 * const text = renderViewFlowchart({ model, view, source: { kind: 'stream', name: 'main', modelVersion: 12 } });
 */
export function renderViewFlowchart(input: RenderViewInput): string {
  const slice = viewSliceOf(input.model);
  const contents = viewContents(slice, input.view);
  const identifiers = assignIdentifiers(slice.outline);
  const lines = [
    flowchartComment(`View "${input.view.name}" (${input.view.id})`),
    flowchartComment(`${sourceText(input.source)}; layout fingerprint ${layoutFingerprint(input.view)}`),
    flowchartComment(droppedInformation(contents, 'flowchart')),
    'flowchart TB',
  ];
  if (contents.missingRootId !== null) lines.push(flowchartComment(`The root element ${contents.missingRootId} is not in this model, so the view shows nothing.`));
  const indent = contents.frame ? '        ' : '    ';
  if (contents.frame) lines.push(`    subgraph ${identifiers.get(contents.frame.id)!}[${nodeLabel(contents.frame)}]`);
  for (const element of contents.elements) {
    const [open, close] = shapeOf[element.kind];
    lines.push(`${indent}${identifiers.get(element.id)!}${open}${nodeLabel(element)}${close}`);
  }
  if (contents.frame) lines.push('    end');
  for (const relationship of contents.relationships) {
    const arrow = relationship.kind === 'behavioural' ? '==>' : '-->';
    lines.push(`    ${identifiers.get(relationship.fromId)!} ${arrow}${edgeLabel(relationship)} ${identifiers.get(relationship.toId)!}`);
  }
  if (input.marks) lines.push(...markLines(input.marks, contents, identifiers));
  return `${lines.join('\n')}\n`;
}

const markOrder: readonly RecordMark[] = ['added', 'removed', 'changed'];

/**
 * A comparison's marks: a class per mark (removed ones dashed), the marked
 * nodes in their class, a link style per marked edge (by its place among the
 * edges), and a legend subgraph. The legend's identifiers start with a
 * capital, which no element identifier does, so they never collide.
 */
function markLines(marks: RecordMarks, contents: ReturnType<typeof viewContents>, identifiers: ReadonlyMap<string, string>): string[] {
  const style = (mark: RecordMark) => `stroke:${markColours[mark]},stroke-width:3px${mark === 'removed' ? ',stroke-dasharray:6 4' : ''}`;
  const lines = markOrder.map((mark) => `    classDef ${mark} ${style(mark)}`);
  const shown = contents.frame ? [contents.frame, ...contents.elements] : contents.elements;
  for (const mark of markOrder) {
    const marked = shown.filter((element) => marks.get(element.id) === mark).map((element) => identifiers.get(element.id)!);
    if (marked.length > 0) lines.push(`    class ${marked.join(',')} ${mark}`);
  }
  contents.relationships.forEach((relationship, index) => {
    const mark = marks.get(relationship.id);
    if (mark) lines.push(`    linkStyle ${index} ${style(mark)}`);
  });
  lines.push('    subgraph Legend["Legend"]');
  for (const mark of markOrder) lines.push(`        Legend_${mark}["${mark}"]:::${mark}`);
  lines.push('    end');
  return lines;
}
