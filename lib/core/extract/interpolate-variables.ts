/**
 * Variable substitution as Docker Compose does it (and Spring's `${a:b}`
 * placeholders, which read alike): `${VAR}`, `$VAR`, `${VAR:-default}` (the
 * default when unset or empty), `${VAR-default}` (when unset), `${VAR:?err}`
 * and `${VAR?err}` (the variable), `$$` (a dollar sign). A variable with no
 * value and no default becomes the empty string, as Compose warns and does.
 * Defaults may hold further variables; nesting is followed to a fixed depth so
 * a self-referring file cannot loop.
 */

const maxDepth = 8;

/** The variable's value, or undefined when the source does not set it. */
export type VariableLookup = (name: string) => string | undefined;

function substitute(text: string, lookup: VariableLookup, depth: number): string {
  if (depth > maxDepth || !text.includes('$')) return text;
  let result = '';
  let index = 0;
  while (index < text.length) {
    const dollar = text.indexOf('$', index);
    if (dollar < 0) {
      result += text.slice(index);
      break;
    }
    result += text.slice(index, dollar);
    const next = text[dollar + 1];
    if (next === '$') {
      result += '$';
      index = dollar + 2;
      continue;
    }
    if (next === '{') {
      const close = closingBrace(text, dollar + 2);
      if (close < 0) {
        result += text.slice(dollar);
        break;
      }
      result += braced(text.slice(dollar + 2, close), lookup, depth);
      index = close + 1;
      continue;
    }
    const bare = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(dollar + 1));
    if (bare === null) {
      result += '$';
      index = dollar + 1;
      continue;
    }
    result += lookup(bare[0]) ?? '';
    index = dollar + 1 + bare[0].length;
  }
  return result;
}

/** The index of the `}` that closes a `${` opened before `from`, counting nested `${…}`. */
function closingBrace(text: string, from: number): number {
  let depth = 1;
  for (let index = from; index < text.length; index++) {
    if (text[index] === '$' && text[index + 1] === '{') {
      depth++;
      index++;
    } else if (text[index] === '}') {
      depth--;
      if (depth === 0) return index;
    }
  }
  return -1;
}

function braced(inner: string, lookup: VariableLookup, depth: number): string {
  const match = /^([A-Za-z_][A-Za-z0-9_.-]*)(?:(:?[-?+=])([\s\S]*))?$/.exec(inner);
  if (match === null) return '';
  const [, name, operator, operand = ''] = match;
  const value = lookup(name!);
  switch (operator) {
    case ':-':
    case ':=':
      return value === undefined || value === '' ? substitute(operand, lookup, depth + 1) : value;
    case '-':
    case '=':
      return value === undefined ? substitute(operand, lookup, depth + 1) : value;
    case ':+':
      return value === undefined || value === '' ? '' : substitute(operand, lookup, depth + 1);
    case '+':
      return value === undefined ? '' : substitute(operand, lookup, depth + 1);
    default:
      return value ?? '';
  }
}

/**
 * A value with its variables substituted.
 *
 * @example
 * interpolateVariables('http://${HOST:-orders}:${PORT}', (name) => ({ PORT: '80' })[name]) // 'http://orders:80'
 */
export function interpolateVariables(text: string, lookup: VariableLookup): string {
  return substitute(text, lookup, 0);
}

/** Spring's `${name:default}` placeholder form, turned into Compose's so one substitution serves both. */
export function springPlaceholdersAsCompose(text: string): string {
  return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_.-]*):(?![-?+=])/g, '$${$1:-');
}
