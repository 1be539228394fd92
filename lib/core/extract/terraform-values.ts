/**
 * The value of a Terraform expression as far as names need it: string
 * templates (`"${var.env}-orders"`), `var.x` and `local.x` (through the
 * scope), numbers, `true`/`false`/`null`, `!`, `&&`, `||`, `==`, `!=`,
 * `cond ? a : b`, parentheses, and `coalesce`, `lower`, `upper`,
 * `trimspace`. Anything else (a resource attribute, `each.key`, another
 * function, a list) is `unknown`, and so is every expression that uses an
 * unknown value: a name is never guessed from half an expression.
 */

export const unknown: unique symbol = Symbol('unknown');

export type TerraformValue = string | number | boolean | null | typeof unknown;

/** Where `var.x` and `local.x` get their values; `unknown` when the module does not say. */
export interface TerraformScope {
  variable(name: string): TerraformValue;
  local(name: string): TerraformValue;
}

type Token = { kind: 'string'; body: string } | { kind: 'number'; value: number } | { kind: 'word'; text: string } | { kind: 'symbol'; text: string };

/** The index just past the closing quote of the string opened before `start`, or -1. */
function stringEnd(text: string, start: number): number {
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\') i++;
    else if (c === '"') return i + 1;
    else if (c === '$' && text[i + 1] === '{') {
      const close = interpolationEnd(text, i + 2);
      if (close < 0) return -1;
      i = close;
    }
  }
  return -1;
}

/** The index of the `}` closing an interpolation whose text starts at `start`, or -1. */
function interpolationEnd(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      const end = stringEnd(text, i + 1);
      if (end < 0) return -1;
      i = end - 1;
    } else if (c === '{') depth++;
    else if (c === '}') {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

function tokenize(text: string): Token[] | null {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '"') {
      const end = stringEnd(text, i + 1);
      if (end < 0) return null;
      tokens.push({ kind: 'string', body: text.slice(i + 1, end - 1) });
      i = end;
    } else if (/[0-9]/.test(c)) {
      const number = /^\d+(?:\.\d+)?/.exec(text.slice(i))![0];
      tokens.push({ kind: 'number', value: Number(number) });
      i += number.length;
    } else if (/[A-Za-z_]/.test(c)) {
      const word = /^[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*/.exec(text.slice(i))![0];
      tokens.push({ kind: 'word', text: word });
      i += word.length;
    } else {
      const symbol = ['&&', '||', '==', '!='].find((two) => text.startsWith(two, i)) ?? c;
      tokens.push({ kind: 'symbol', text: symbol });
      i += symbol.length;
    }
  }
  return tokens;
}

const functions: Readonly<Record<string, (args: TerraformValue[]) => TerraformValue>> = Object.freeze({
  coalesce: (args) => {
    for (const arg of args) {
      if (arg === unknown) return unknown;
      if (arg !== null && arg !== '') return arg;
    }
    return unknown;
  },
  lower: (args) => (args.length === 1 && typeof args[0] === 'string' ? args[0].toLowerCase() : unknown),
  upper: (args) => (args.length === 1 && typeof args[0] === 'string' ? args[0].toUpperCase() : unknown),
  trimspace: (args) => (args.length === 1 && typeof args[0] === 'string' ? args[0].trim() : unknown),
});

/** A recursive-descent reader over one expression's tokens; a form it does not know ends the read as `unknown`. */
class ExpressionReader {
  private at = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly scope: TerraformScope,
    private readonly depth: number,
  ) {}

  read(): TerraformValue {
    const value = this.conditional();
    return this.at === this.tokens.length ? value : unknown;
  }

  private isSymbol(text: string): boolean {
    const token = this.tokens[this.at];
    return token?.kind === 'symbol' && token.text === text;
  }

  private conditional(): TerraformValue {
    const condition = this.or();
    if (!this.isSymbol('?')) return condition;
    this.at++;
    const whenTrue = this.conditional();
    if (!this.isSymbol(':')) return this.fail();
    this.at++;
    const whenFalse = this.conditional();
    if (typeof condition !== 'boolean') return unknown;
    return condition ? whenTrue : whenFalse;
  }

  private or(): TerraformValue {
    let value = this.and();
    while (this.isSymbol('||')) {
      this.at++;
      const right = this.and();
      value = typeof value === 'boolean' && typeof right === 'boolean' ? value || right : unknown;
    }
    return value;
  }

  private and(): TerraformValue {
    let value = this.equality();
    while (this.isSymbol('&&')) {
      this.at++;
      const right = this.equality();
      value = typeof value === 'boolean' && typeof right === 'boolean' ? value && right : unknown;
    }
    return value;
  }

  private equality(): TerraformValue {
    const left = this.unary();
    const equal = this.isSymbol('==');
    if (!equal && !this.isSymbol('!=')) return left;
    this.at++;
    const right = this.unary();
    if (left === unknown || right === unknown) return unknown;
    return equal === (left === right);
  }

  private unary(): TerraformValue {
    if (!this.isSymbol('!')) return this.primary();
    this.at++;
    const value = this.unary();
    return typeof value === 'boolean' ? !value : unknown;
  }

  private fail(): TerraformValue {
    this.at = this.tokens.length + 1;
    return unknown;
  }

  private primary(): TerraformValue {
    const token = this.tokens[this.at++];
    if (token === undefined) return this.fail();
    if (token.kind === 'number') return token.value;
    if (token.kind === 'string') return template(token.body, this.scope, this.depth);
    if (token.kind === 'symbol') {
      if (token.text !== '(') return this.fail();
      const value = this.conditional();
      if (!this.isSymbol(')')) return this.fail();
      this.at++;
      return value;
    }
    const word = token.text;
    if (word === 'true' || word === 'false') return word === 'true';
    if (word === 'null') return null;
    const reference = /^(var|local)\.([A-Za-z_][\w-]*)$/.exec(word);
    if (reference) {
      // An index or a further attribute (`var.x[0]`, `var.x.y`) is not read.
      if (this.isSymbol('[')) return this.fail();
      return reference[1] === 'var' ? this.scope.variable(reference[2]!) : this.scope.local(reference[2]!);
    }
    if (this.isSymbol('(') && Object.hasOwn(functions, word)) return this.call(functions[word]!);
    return this.fail();
  }

  private call(apply: (args: TerraformValue[]) => TerraformValue): TerraformValue {
    this.at++;
    const args: TerraformValue[] = [];
    while (!this.isSymbol(')')) {
      if (this.at >= this.tokens.length) return this.fail();
      args.push(this.conditional());
      if (this.isSymbol(',')) this.at++;
      else if (!this.isSymbol(')')) return this.fail();
    }
    this.at++;
    return apply(args);
  }
}

/** A string template's value: escapes read, each `${…}` evaluated; `%{…}` directives are not read. */
function template(body: string, scope: TerraformScope, depth: number): TerraformValue {
  let result = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\') {
      const next = body[++i];
      result += next === 'n' ? '\n' : next === 't' ? '\t' : (next ?? '');
    } else if ((c === '$' || c === '%') && body[i + 1] === c && body[i + 2] === '{') {
      result += `${c}{`;
      i += 2;
    } else if (c === '%' && body[i + 1] === '{') {
      return unknown;
    } else if (c === '$' && body[i + 1] === '{') {
      const close = interpolationEnd(body, i + 2);
      if (close < 0) return unknown;
      const value = evaluateTerraform(body.slice(i + 2, close).replace(/^~|~$/g, ''), scope, depth + 1);
      if (value === unknown || value === null) return unknown;
      result += String(value);
      i = close;
    } else {
      result += c;
    }
  }
  return result;
}

const maxDepth = 16;

/**
 * The value of an expression as written in a .tf file.
 *
 * @example
 * evaluateTerraform('"${var.env}-orders"', { variable: () => 'prod', local: () => unknown }) // 'prod-orders'
 */
export function evaluateTerraform(expression: string, scope: TerraformScope, depth = 0): TerraformValue {
  if (depth > maxDepth) return unknown;
  const tokens = tokenize(expression);
  if (tokens === null || tokens.length === 0) return unknown;
  return new ExpressionReader(tokens, scope, depth).read();
}

/** A value as a name part: a string, else null. */
export function stringValue(value: TerraformValue): string | null {
  return typeof value === 'string' ? value : null;
}
