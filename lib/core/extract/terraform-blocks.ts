/**
 * A line-based reader of Terraform's top-level blocks (`resource`, `variable`,
 * `locals`, `module`, …): enough HCL to find each block's type, labels, lines
 * and top-level attributes. Its limits (docs/extraction.md "Terraform"):
 * attribute values are kept as written, one line each (terraform-values.ts
 * evaluates the few forms a name takes); nested blocks are skipped; `.tf.json`
 * files are not read.
 */

export interface TerraformAttribute {
  /** The value as written, trimmed. */
  expression: string;
  line: number;
}

export interface TerraformBlock {
  /** `resource`, `data`, `variable`, `locals`, `module`, … */
  block: string;
  labels: string[];
  startLine: number;
  endLine: number;
  attributes: Map<string, TerraformAttribute>;
}

export interface TerraformResource {
  type: string;
  label: string;
  startLine: number;
  endLine: number;
  attributes: Map<string, TerraformAttribute>;
}

/** The text of a line outside comments, and whether a `/* … *\/` comment is still open after it. */
function withoutComments(line: string, inComment: boolean): { code: string; inComment: boolean } {
  let code = '';
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (inComment) {
      if (c === '*' && line[i + 1] === '/') {
        inComment = false;
        i++;
      }
      continue;
    }
    if (inString) {
      code += c;
      if (c === '\\') code += line[++i] ?? '';
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '#' || (c === '/' && line[i + 1] === '/')) break;
    else if (c === '/' && line[i + 1] === '*') {
      inComment = true;
      i++;
      continue;
    }
    code += c;
  }
  return { code, inComment };
}

/** Braces opened minus closed on a line of code, strings left out. */
function braceBalance(code: string): number {
  let balance = 0;
  let inString = false;
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') balance++;
    else if (c === '}') balance--;
  }
  return balance;
}

const blockStart = /^\s*([A-Za-z_][\w-]*)((?:\s+"[^"\\]*")*)\s*\{(.*)$/;
const attributeLine = /^\s*([A-Za-z_][\w-]*)\s*=\s*(.*?)\s*$/;

/** Every top-level block of a Terraform file, in file order. */
export function terraformBlocks(text: string): TerraformBlock[] {
  const lines = text.split('\n');
  const blocks: TerraformBlock[] = [];
  let depth = 0;
  let inComment = false;
  let heredocEnd: string | null = null;
  let current: TerraformBlock | null = null;
  const addAttribute = (code: string, line: number) => {
    const attribute = attributeLine.exec(code);
    if (attribute && current !== null && !current.attributes.has(attribute[1]!)) current.attributes.set(attribute[1]!, { expression: attribute[2]!, line });
  };
  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index]!;
    if (heredocEnd !== null) {
      if (raw.trim() === heredocEnd) heredocEnd = null;
      continue;
    }
    const stripped = withoutComments(raw, inComment);
    inComment = stripped.inComment;
    const code = stripped.code;
    if (depth === 0) {
      const start = blockStart.exec(code);
      if (start) {
        current = { block: start[1]!, labels: [...start[2]!.matchAll(/"([^"]*)"/g)].map((label) => label[1]!), startLine: index + 1, endLine: index + 1, attributes: new Map() };
        // A one-line block holds at most one attribute: `variable "x" { default = "y" }`.
        const rest = start[3]!.trim();
        if (braceBalance(code) === 0 && rest.endsWith('}')) addAttribute(rest.slice(0, -1), index + 1);
      }
    } else if (depth === 1) {
      addAttribute(code, index + 1);
    }
    const heredoc = /<<-?\s*([A-Za-z_]\w*)\s*$/.exec(code);
    if (heredoc) heredocEnd = heredoc[1]!;
    depth = Math.max(0, depth + braceBalance(code));
    if (depth === 0 && current !== null) {
      current.endLine = index + 1;
      blocks.push(current);
      current = null;
    }
  }
  return blocks;
}

/** Every top-level `resource "type" "label" { … }` block of a Terraform file. */
export function terraformResources(text: string): TerraformResource[] {
  return terraformBlocks(text)
    .filter((block) => block.block === 'resource' && block.labels.length === 2)
    .map((block) => ({ type: block.labels[0]!, label: block.labels[1]!, startLine: block.startLine, endLine: block.endLine, attributes: block.attributes }));
}

/** The text of a plain string literal (`"orders"`), or null for anything computed. */
export function literalString(attribute: TerraformAttribute | undefined): string | null {
  const match = attribute === undefined ? null : /^"((?:[^"\\$]|\\.)*)"$/.exec(attribute.expression);
  return match ? match[1]!.replace(/\\(.)/g, '$1') : null;
}

/** `aws_sns_topic.orders.arn` → `aws_sns_topic.orders`; null when the value is not such a reference. */
export function resourceReference(attribute: TerraformAttribute | undefined): string | null {
  const match = attribute === undefined ? null : /^([a-z][a-z0-9_]*)\.([A-Za-z_][\w-]*)\.[a-z_]+$/.exec(attribute.expression);
  return match ? `${match[1]}.${match[2]}` : null;
}
