/**
 * The stable keys of extracted facts (docs/extraction.md "Keys"): one
 * deterministic string from a fact's kind and its normalised name, or from
 * the keys of the facts it joins. The same repository content always gives
 * the same keys, which is how a later scan finds an accepted fact again.
 */
import type { ElementKind } from '../model/model-records';
import { hasControlCharacter, hasInvalidUnicode, isBlank } from '../../platform/text/text-rules';
import { maxFactNameLength } from './extracted-fact';

/** An element name as a key part: Unicode-normalised, lower case, white space as `-` (so `Orders DB` and `orders-db` meet). */
export function nameKeyPart(name: string): string {
  return name.normalize('NFC').trim().toLowerCase().replace(/\s+/g, '-');
}

export function elementKey(kind: ElementKind, name: string): string {
  return `element:${kind}:${nameKeyPart(name)}`;
}

/**
 * Where a channel or message name holds: on one broker (its host, lower
 * case), or within one document that names no broker (its path). A name with
 * no scope is global, as a cloud resource's name in one account is.
 */
export type ChannelScope = { broker: string } | { document: string };

/** `//broker/name` or `path#name`: neither a host nor a repository path starts with `/`, and a host holds no `#`. */
function scopedName(name: string, scope: ChannelScope | null | undefined): string {
  const trimmed = name.trim();
  if (scope === null || scope === undefined) return trimmed;
  return 'broker' in scope ? `//${scope.broker}/${trimmed}` : `${scope.document}#${trimmed}`;
}

/**
 * Channel and message names keep their case: a broker tells `Orders` and
 * `orders` apart. Two documents meet on a channel when they name it on the
 * same broker; a document naming no broker keeps its channels to itself.
 */
export function channelKey(name: string, scope?: ChannelScope | null): string {
  return `channel:${scopedName(name, scope)}`;
}

export function messageKey(name: string, scope?: ChannelScope | null): string {
  return `message:${scopedName(name, scope)}`;
}

/** A schema is keyed by where it is written: the file, and for a schema inside a document its JSON pointer. */
export function schemaKey(path: string, pointer?: string): string {
  return pointer === undefined ? `schema:${path}` : `schema:${path}#${pointer}`;
}

/** `signature` is `METHOD /path` for HTTP. */
export function operationKey(ownerKey: string, signature: string): string {
  return `operation:${ownerKey}:${signature}`;
}

export function relationshipKey(fromKey: string, toKey: string): string {
  return `relationship:${fromKey}->${toKey}`;
}

export function subscriptionKey(channel: string, consumerKey: string): string {
  return `subscription:${channel}->${consumerKey}`;
}

export function bindingKey(sourceChannelKey: string, targetChannelKey: string, routingKey: string | null): string {
  return `binding:${sourceChannelKey}->${targetChannelKey}|${routingKey ?? ''}`;
}

/** A JSON pointer (RFC 6901) of the steps. */
export function jsonPointer(steps: readonly (string | number)[]): string {
  return steps.map((step) => `/${String(step).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

/**
 * A name as a fact can carry it: trimmed, one line, valid Unicode, not blank,
 * at most 200 characters; null when the text cannot be a name (the fact is
 * then left out rather than refused later by the model rules).
 */
export function cleanName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const name = value.trim();
  if (isBlank(name) || name.length > maxFactNameLength || hasControlCharacter(name) || hasInvalidUnicode(name)) return null;
  return name;
}

/** Free text (a description) as a fact can carry it: trimmed, no NUL, valid Unicode, at most 2000 characters; else null. */
export function cleanDescription(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '' || text.includes('\u0000') || hasInvalidUnicode(text)) return null;
  // Cut by code points: a cut through a surrogate pair would leave invalid Unicode.
  return text.length > 2000 ? `${Array.from(text).slice(0, 1999).join('')}…` : text;
}
