/**
 * The outline of a Protocol Buffers file (proto2, proto3 and editions): its
 * package, messages (fields, `repeated`, `map<K, V>`, `oneof`, nested
 * messages and groups), enums and services with their RPCs, each with its
 * lines. A tolerant reader, not a validating compiler: comments are skipped,
 * statements it does not know (options, reserved ranges, extensions, `extend`
 * blocks) are stepped over, and text that is no proto gives an empty outline.
 */

interface Token {
  text: string;
  /** `word` also holds dotted names (`google.protobuf.Timestamp`, `.pkg.Type`). */
  kind: 'word' | 'string' | 'number' | 'symbol';
  line: number;
}

export interface ProtoField {
  name: string;
  /** The JSON name: `json_name` when given, else lowerCamelCase of the name (proto3 JSON mapping). */
  jsonName: string;
  /** The type as written (`int64`, `Order`, `.shop.Order`, `google.protobuf.Timestamp`); for a map, its value type. */
  type: string;
  label: 'optional' | 'required' | 'repeated' | null;
  /** The key type of a `map<K, V>` field. */
  mapKey: string | null;
  /** The `oneof` the field belongs to. */
  oneof: string | null;
}

interface Declared {
  /** Fully qualified, without a leading dot: `shop.orders.Order.Line`. */
  fullName: string;
  startLine: number;
  endLine: number;
}

export interface ProtoMessage extends Declared {
  fields: ProtoField[];
}

export interface ProtoEnum extends Declared {
  values: string[];
}

export interface ProtoRpc {
  name: string;
  requestType: string;
  requestStream: boolean;
  responseType: string;
  responseStream: boolean;
  startLine: number;
  endLine: number;
}

export interface ProtoService {
  name: string;
  rpcs: ProtoRpc[];
  startLine: number;
  endLine: number;
}

export interface ProtoOutline {
  package: string | null;
  /** By full name, in the order declared. */
  messages: Map<string, ProtoMessage>;
  enums: Map<string, ProtoEnum>;
  services: ProtoService[];
}

const identifier = /^\.?[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** Tokens of the text, comments left out, each with its 1-based line. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let line = 1;
  let at = 0;
  while (at < text.length) {
    const char = text[at]!;
    if (char === '\n') {
      line++;
      at++;
    } else if (/\s/.test(char)) {
      at++;
    } else if (text.startsWith('//', at)) {
      const end = text.indexOf('\n', at);
      at = end < 0 ? text.length : end;
    } else if (text.startsWith('/*', at)) {
      const end = text.indexOf('*/', at + 2);
      const stop = end < 0 ? text.length : end + 2;
      for (let i = at; i < stop; i++) if (text[i] === '\n') line++;
      at = stop;
    } else if (char === '"' || char === "'") {
      let end = at + 1;
      while (end < text.length && text[end] !== char && text[end] !== '\n') end += text[end] === '\\' ? 2 : 1;
      tokens.push({ text: text.slice(at + 1, Math.min(end, text.length)), kind: 'string', line });
      at = end + 1;
    } else {
      const word = /^\.?[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*/.exec(text.slice(at, at + 1024));
      const number = word === null ? /^[0-9][A-Za-z0-9_.]*/.exec(text.slice(at, at + 64)) : null;
      if (word !== null) {
        tokens.push({ text: word[0], kind: 'word', line });
        at += word[0].length;
      } else if (number !== null) {
        tokens.push({ text: number[0], kind: 'number', line });
        at += number[0].length;
      } else {
        tokens.push({ text: char, kind: 'symbol', line });
        at++;
      }
    }
  }
  return tokens;
}

/** lowerCamelCase as protoc writes JSON names: `order_id` → `orderId`. */
export function jsonNameOf(name: string): string {
  return name.replace(/_+([a-z0-9])?/g, (_, next: string | undefined) => (next === undefined ? '' : next.toUpperCase()));
}

class Reader {
  private at = 0;
  readonly outline: ProtoOutline = { package: null, messages: new Map(), enums: new Map(), services: [] };

  constructor(private readonly tokens: Token[]) {}

  private peek(offset = 0): Token | undefined {
    return this.tokens[this.at + offset];
  }

  private next(): Token | undefined {
    return this.tokens[this.at++];
  }

  private is(text: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token !== undefined && token.kind !== 'string' && token.text === text;
  }

  private take(text: string): boolean {
    if (!this.is(text)) return false;
    this.at++;
    return true;
  }

  private word(): string | null {
    const token = this.peek();
    if (token?.kind !== 'word' || !identifier.test(token.text)) return null;
    this.at++;
    return token.text;
  }

  private lastLine(): number {
    return this.tokens[Math.max(0, this.at - 1)]?.line ?? 1;
  }

  /** Steps over one statement: to its `;`, or over its `{…}` block, whichever ends it. */
  private skipStatement(): void {
    let depth = 0;
    while (this.at < this.tokens.length) {
      const token = this.next()!;
      if (token.kind !== 'symbol') continue;
      if (token.text === '{') depth++;
      else if (token.text === '}') {
        if (depth === 0) {
          this.at--;
          return;
        }
        depth--;
        if (depth === 0 && !this.is(';')) return;
      } else if (token.text === ';' && depth === 0) return;
    }
  }

  /** Steps over a `{…}` block that starts here. */
  private skipBlock(): void {
    if (!this.take('{')) return;
    for (let depth = 1; depth > 0 && this.at < this.tokens.length; ) {
      const token = this.next()!;
      if (token.kind === 'symbol' && token.text === '{') depth++;
      else if (token.kind === 'symbol' && token.text === '}') depth--;
    }
  }

  /** The `json_name` of a field's `[…]` options, stepping over them. */
  private fieldOptions(): string | null {
    if (!this.take('[')) return null;
    let jsonName: string | null = null;
    while (this.at < this.tokens.length && !this.is(']') && !this.is(';') && !this.is('}')) {
      if (this.is('json_name') && this.is('=', 1) && this.peek(2)?.kind === 'string') {
        jsonName = this.peek(2)!.text;
        this.at += 3;
      } else if (this.is('{')) {
        this.skipBlock();
      } else {
        this.at++;
      }
    }
    this.take(']');
    return jsonName;
  }

  readFile(): void {
    while (this.at < this.tokens.length) {
      if (this.take('package')) {
        const name = this.word();
        if (name !== null && this.outline.package === null) this.outline.package = name.replace(/^\./, '');
        this.skipStatement();
      } else if (!this.declaration(this.outline.package ?? '')) {
        // A stray `}` would stop a nested reader; at the top it is garbage.
        if (this.is('}')) this.at++;
        else this.skipStatement();
      }
    }
  }

  /** A message, enum or service declared here; false when the tokens start none. */
  private declaration(scope: string): boolean {
    const start = this.peek()?.line ?? 1;
    if (this.is('message') && this.peek(1)?.kind === 'word' && this.is('{', 2)) {
      const name = this.tokens[this.at + 1]!.text;
      this.at += 3;
      this.message(qualified(scope, name), start);
      return true;
    }
    if (this.is('enum') && this.peek(1)?.kind === 'word' && this.is('{', 2)) {
      const name = this.tokens[this.at + 1]!.text;
      this.at += 3;
      this.enumeration(qualified(scope, name), start);
      return true;
    }
    if (this.is('service') && this.peek(1)?.kind === 'word' && this.is('{', 2) && scope === (this.outline.package ?? '')) {
      const name = this.tokens[this.at + 1]!.text;
      this.at += 3;
      this.service(name, start);
      return true;
    }
    return false;
  }

  /** The body of a message after its `{`, to its `}`. */
  private message(fullName: string, startLine: number): void {
    const message: ProtoMessage = { fullName, startLine, endLine: startLine, fields: [] };
    // Registered first so that nested declarations come after their parent, as written.
    if (!this.outline.messages.has(fullName)) this.outline.messages.set(fullName, message);
    this.members(message, null);
    message.endLine = this.lastLine();
  }

  /** Fields and declarations of a message (or of one of its oneofs) up to the closing `}`. */
  private members(message: ProtoMessage, oneof: string | null): void {
    while (this.at < this.tokens.length) {
      if (this.take('}')) return;
      if (this.take(';')) continue;
      if (oneof === null && this.declaration(message.fullName)) continue;
      if (oneof === null && this.is('oneof') && this.peek(1)?.kind === 'word' && this.is('{', 2)) {
        const name = this.tokens[this.at + 1]!.text;
        this.at += 3;
        this.members(message, name);
        continue;
      }
      if (!this.field(message, oneof)) this.skipStatement();
    }
  }

  /** One field (`repeated Type name = 1 [...];`, `map<K, V> name = 2;`, a proto2 group); false when the tokens are no field. */
  private field(message: ProtoMessage, oneof: string | null): boolean {
    const start = this.at;
    const label = this.is('optional') || this.is('required') || this.is('repeated') ? (this.next()!.text as ProtoField['label']) : null;
    let type: string | null;
    let mapKey: string | null = null;
    if (this.is('map') && this.is('<', 1)) {
      this.at += 2;
      mapKey = this.word();
      if (!this.take(',')) mapKey = null;
      type = this.word();
      if (mapKey === null || type === null || !this.take('>')) {
        this.at = start;
        return false;
      }
    } else if (this.is('group') && this.peek(1)?.kind === 'word') {
      // proto2: `repeated group Line = 1 { … }` is a nested message and a field named in lower case.
      const groupLine = this.peek()!.line;
      this.at++;
      const name = this.word();
      if (name === null || !this.take('=') || this.peek()?.kind !== 'number') {
        this.at = start;
        return false;
      }
      this.at++;
      this.fieldOptions();
      if (!this.take('{')) {
        this.at = start;
        return false;
      }
      this.message(qualified(message.fullName, name), groupLine);
      const fieldName = name.toLowerCase();
      message.fields.push({ name: fieldName, jsonName: jsonNameOf(fieldName), type: name, label, mapKey: null, oneof });
      return true;
    } else {
      type = this.word();
    }
    const name = this.word();
    if (type === null || name === null || !this.take('=') || this.peek()?.kind !== 'number') {
      this.at = start;
      return false;
    }
    this.at++;
    const jsonName = this.fieldOptions();
    if (!this.take(';')) {
      this.at = start;
      return false;
    }
    message.fields.push({ name, jsonName: jsonName ?? jsonNameOf(name), type, label, mapKey, oneof });
    return true;
  }

  private enumeration(fullName: string, startLine: number): void {
    const values: string[] = [];
    while (this.at < this.tokens.length) {
      if (this.take('}')) break;
      if (this.take(';')) continue;
      if (this.peek()?.kind === 'word' && this.is('=', 1) && !this.is('option')) {
        values.push(this.next()!.text);
        this.skipStatement();
      } else {
        this.skipStatement();
      }
    }
    if (!this.outline.enums.has(fullName)) this.outline.enums.set(fullName, { fullName, startLine, endLine: this.lastLine(), values });
  }

  private service(name: string, startLine: number): void {
    const service: ProtoService = { name, rpcs: [], startLine, endLine: startLine };
    while (this.at < this.tokens.length) {
      if (this.take('}')) break;
      if (this.take(';')) continue;
      if (this.is('rpc')) {
        const rpc = this.rpc();
        if (rpc !== null) {
          service.rpcs.push(rpc);
          continue;
        }
      }
      this.skipStatement();
    }
    service.endLine = this.lastLine();
    this.outline.services.push(service);
  }

  /** `rpc M (stream? Req) returns (stream? Res)` followed by `;` or an options block. */
  private rpc(): ProtoRpc | null {
    const start = this.at;
    const startLine = this.next()!.line;
    const name = this.word();
    const request = this.take('(') ? this.streamType() : null;
    const returns = request !== null && this.take(')') && this.take('returns') && this.take('(');
    const response = returns ? this.streamType() : null;
    if (name === null || request === null || response === null || !this.take(')')) {
      this.at = start + 1;
      return null;
    }
    if (this.is('{')) this.skipBlock();
    else this.take(';');
    return { name, requestType: request.type, requestStream: request.stream, responseType: response.type, responseStream: response.stream, startLine, endLine: this.lastLine() };
  }

  private streamType(): { type: string; stream: boolean } | null {
    // `stream` is also a valid message name: it is the keyword only when a type follows.
    const stream = this.is('stream') && this.peek(1)?.kind === 'word';
    if (stream) this.at++;
    const type = this.word();
    return type === null ? null : { type, stream };
  }
}

function qualified(scope: string, name: string): string {
  return scope === '' ? name : `${scope}.${name}`;
}

/** The outline of a `.proto` text; empty for text that is no proto. */
export function readProtoOutline(text: string): ProtoOutline {
  const reader = new Reader(tokenize(text));
  reader.readFile();
  return reader.outline;
}

/**
 * The full name a type reference names from inside `scope` (protobuf's rules:
 * innermost scope first, a leading dot is already full), or null when this
 * file declares no such message or enum.
 */
export function resolveProtoType(outline: ProtoOutline, scope: string, reference: string): string | null {
  if (reference.startsWith('.')) {
    const full = reference.slice(1);
    return outline.messages.has(full) || outline.enums.has(full) ? full : null;
  }
  const parts = scope === '' ? [] : scope.split('.');
  for (let length = parts.length; length >= 0; length--) {
    const candidate = qualified(parts.slice(0, length).join('.'), reference);
    if (outline.messages.has(candidate) || outline.enums.has(candidate)) return candidate;
  }
  return null;
}
