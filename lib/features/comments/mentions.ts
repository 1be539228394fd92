import { z } from 'zod';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { FieldError } from '../../platform/errors/error-codes';
import { ValidationError } from '../../platform/errors/service-error';
import { normalizeGuid, shortTextProblem } from '../../platform/text/text-rules';

type Db = Kysely<Database> | Transaction<Database>;

/** Most people one comment may mention. */
export const maxMentions = 50;

/** `mentions`: member e-mail addresses or user IDs of the workspace (docs/comments.md "Mentions"). */
export const mentionList = z
  .array(
    z
      .string()
      .min(1, 'must not be empty')
      .max(254, 'must have at most 254 characters')
      .superRefine((value, ctx) => {
        const problem = shortTextProblem(value);
        if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
      }),
  )
  .max(maxMentions, `must have at most ${maxMentions} entries`)
  .nullable()
  .optional()
  .describe('People to mention: e-mail addresses or user IDs of members of the workspace.');

/**
 * The user IDs the entries name, each person once, in the order first named. An entry that
 * names no member of the workspace (an unknown address or ID, or a person of another
 * workspace, who cannot see the project) is 400 on `mentions[i]`; both read alike, so a
 * mention never tells whether an account exists elsewhere on the instance.
 */
export async function resolveMentions(db: Db, workspaceId: string, entries: readonly string[]): Promise<string[]> {
  if (entries.length === 0) return [];
  const ids = entries.map(normalizeGuid).filter((id): id is string => id !== null);
  const emails = entries.filter((entry) => normalizeGuid(entry) === null).map((entry) => entry.toLowerCase());
  const members = await db
    .selectFrom('workspace_members')
    .innerJoin('users', 'users.id', 'workspace_members.user_id')
    .select(['users.id', 'users.email'])
    .where('workspace_members.workspace_id', '=', workspaceId)
    .where((eb) => {
      const either = [];
      if (ids.length > 0) either.push(eb('users.id', 'in', ids));
      if (emails.length > 0) either.push(eb(eb.fn('lower', ['users.email']), 'in', emails));
      return eb.or(either);
    })
    .execute();
  const byId = new Map(members.map((m) => [m.id, m.id]));
  const byEmail = new Map(members.map((m) => [m.email.toLowerCase(), m.id]));
  const found: string[] = [];
  const errors: FieldError[] = [];
  entries.forEach((entry, i) => {
    const guid = normalizeGuid(entry);
    const userId = guid !== null ? byId.get(guid) : byEmail.get(entry.toLowerCase());
    if (userId === undefined) errors.push({ field: `mentions[${i}]`, message: `${JSON.stringify(entry)} is not a member of this workspace: a mention must name someone who can see the project` });
    else if (!found.includes(userId)) found.push(userId);
  });
  if (errors.length > 0) throw new ValidationError('Unknown mention', errors);
  return found;
}
