/**
 * Turns the references of a proposal (a GUID of the model, or an alias of a
 * record the same proposal adds) into record IDs. Pure.
 */
import { normalizeGuid } from '../../platform/text/text-rules';
import { aliasPattern } from './proposal-records';

/** A reference resolved: the record ID, and the alias it came from (null for a GUID). */
export type ResolvedReference = { ok: true; id: string; alias: string | null } | { ok: false; message: string };

/**
 * The ID a reference names: a GUID as it is (lower case), an alias as the ID
 * its record gets. Anything else is refused with a sentence that does not
 * repeat the text (it may be model text).
 */
export function resolveReference(value: unknown, aliases: ReadonlyMap<string, string>): ResolvedReference {
  const guid = normalizeGuid(value);
  if (guid !== null) return { ok: true, id: guid, alias: null };
  if (typeof value === 'string' && aliasPattern.test(value)) {
    const id = aliases.get(value);
    if (id !== undefined) return { ok: true, id, alias: value };
    return { ok: false, message: 'names an alias no record of this proposal has' };
  }
  return { ok: false, message: 'must be a GUID of the model or an alias of this proposal' };
}
