/**
 * Name-based UUIDs (version 5, SHA-1) per RFC 9562 section 5.5: the same
 * namespace and name always give the same ID, which is what part 1 import rule 9
 * needs ("derived deterministically from the project ID and the document schema
 * ID").
 */
import { createHash } from 'node:crypto';
import { isGuid } from '../../platform/text/text-rules';

/**
 * The version 5 UUID of `name` (UTF-8) in `namespace` (a GUID), in lower case.
 *
 * @example
 * uuidV5('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com') // '2ed6657d-e927-568b-95e1-2665a8aea6a2'
 */
export function uuidV5(namespace: string, name: string): string {
  if (!isGuid(namespace)) throw new TypeError('uuidV5: the namespace must be a GUID');
  const hash = createHash('sha1').update(Buffer.from(namespace.replaceAll('-', ''), 'hex')).update(name, 'utf8').digest();
  // RFC 9562 5.5: octet 6 high nibble = version 5, octet 8 top bits = variant 10.
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
