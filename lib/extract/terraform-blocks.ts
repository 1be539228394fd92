/**
 * A line-based reader of Terraform `resource` blocks: enough HCL to find
 * each resource's type, label, lines and top-level attributes. Its limits
 * (docs/extraction.md "Terraform"): only `resource` blocks at the top level;
 * attribute values are kept as written, so only a plain string literal
 * (`"orders"`, no `${…}`) counts as a value and `aws_sqs_queue.x.arn` as a
 * reference; variables, locals, `count`/`for_each`, modules and `.tf.json`
 * files are not evaluated or read; nested blocks are skipped.
 */

export interface TerraformAttribute {
  /** The value as written, trimmed. */
  expression: string;
  line: number;
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

/** Every top-level `resource "type" "label" { … }` block of a Terraform file. */
export function terraformResources(text: string): TerraformResource[] {
  const lines = text.split('\n');
  const resources: TerraformResource[] = [];
  let depth = 0;
  let inComment = false;
  let heredocEnd: string | null = null;
  let current: TerraformResource | null = null;
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
      const start = /^\s*resource\s+"([^"]+)"\s+"([^"]+)"\s*\{/.exec(code);
      if (start) current = { type: start[1]!, label: start[2]!, startLine: index + 1, endLine: index + 1, attributes: new Map() };
    } else if (depth === 1 && current !== null) {
      const attribute = /^\s*([A-Za-z_][\w-]*)\s*=\s*(.*?)\s*$/.exec(code);
      if (attribute && !current.attributes.has(attribute[1]!)) current.attributes.set(attribute[1]!, { expression: attribute[2]!, line: index + 1 });
    }
    const heredoc = /<<-?\s*([A-Za-z_]\w*)\s*$/.exec(code);
    if (heredoc) heredocEnd = heredoc[1]!;
    depth = Math.max(0, depth + braceBalance(code));
    if (depth === 0 && current !== null) {
      current.endLine = index + 1;
      resources.push(current);
      current = null;
    }
  }
  return resources;
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
