/**
 * A flat outline of an XML text: each element's path from the root, its
 * attributes, its own text and the line of its start tag. Read with saxes, a
 * strict, non-validating parser: it loads no external entity and expands no
 * DTD entity, so a hostile file can neither reach the network nor blow up.
 */
import { SaxesParser } from 'saxes';

export interface XmlElement {
  /** Names from the root, `/`-joined, without namespace prefixes: `project/dependencies/dependency/artifactId`. */
  path: string;
  attributes: Record<string, string>;
  /** Text directly inside the element, trimmed. */
  text: string;
  /** 1-based line of the start tag's end (`>`). */
  line: number;
}

const maxElements = 50_000;

/** The outline of an XML text, or null when the text is not well-formed XML. */
export function outlineXml(text: string): XmlElement[] | null {
  const parser = new SaxesParser({ position: true });
  const elements: XmlElement[] = [];
  const open: XmlElement[] = [];
  let failed = false;
  parser.on('error', () => {
    failed = true;
  });
  parser.on('opentag', (tag) => {
    if (failed || elements.length >= maxElements) return;
    const name = tag.name.slice(tag.name.indexOf(':') + 1);
    const parent = open.at(-1);
    const element: XmlElement = {
      path: parent ? `${parent.path}/${name}` : name,
      attributes: Object.fromEntries(Object.entries(tag.attributes as Record<string, string>)),
      text: '',
      line: parser.line,
    };
    elements.push(element);
    open.push(element);
  });
  parser.on('text', (chunk) => {
    const current = open.at(-1);
    if (current) current.text += chunk;
  });
  parser.on('cdata', (chunk) => {
    const current = open.at(-1);
    if (current) current.text += chunk;
  });
  parser.on('closetag', () => {
    const closed = open.pop();
    if (closed) closed.text = closed.text.trim();
  });
  try {
    parser.write(text).close();
  } catch {
    return null;
  }
  return failed ? null : elements;
}
