/**
 * Small pieces the response schemas of the route contracts are made of, and
 * `describes<T>()`, which makes the compiler check that a response schema and
 * the TypeScript type the code answers with name the same members with the
 * same types (a renamed member fails `npm run typecheck`, not only the
 * contract test).
 */
import { z } from 'zod';

/** An ID as the service writes it (8-4-4-4-12 hex digits). */
export const guid = z.guid().meta({ id: 'Guid' });

/** A point in time as JSON carries it (ISO 8601, e.g. `2025-01-31T12:00:00.000Z`). */
export const timestamp = z.iso.datetime({ offset: true }).meta({ id: 'Timestamp' });

/** A calendar date, `YYYY-MM-DD`. */
export const calendarDate = z.iso.date().meta({ id: 'CalendarDate' });

/** A page of a list: `{items, nextCursor}`; `nextCursor` is null on the last page. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable().meta({ description: 'Send as `cursor` for the next page; null on the last.' }) });
}

/** A whole list: `{items}`. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item) });
}

/** Any JSON value the service stores as it came (a detail, a payload). */
export const anyJson = z.unknown();

/** What JSON.stringify makes of a value: dates become strings, methods and undefined members vanish. */
export type Jsonified<T> = T extends Date
  ? string
  : T extends string | number | boolean | null | undefined
    ? T
    : T extends readonly (infer U)[]
      ? Jsonified<U>[]
      : T extends object
        ? { -readonly [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]: Jsonified<T[K]> }
        : T;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * A response schema whose output is exactly the JSON of `T`: the call does
 * not compile when a member is missing, extra, renamed or of another type.
 *
 * @example
 * export const userViewSchema = describes<UserView>()(z.object({ id: guid, … }));
 */
export function describes<T>() {
  return <S extends z.ZodType>(schema: S & (Same<z.output<S>, Jsonified<T>> extends true ? unknown : { mismatch: [z.output<S>, Jsonified<T>] })): S => schema;
}

/** A member a reader skipped because the format has no such field (a model import, a scenario save). */
export const ignoredMemberSchema = z.object({ path: z.string().meta({ description: 'JSON path of the member, e.g. `$.elements[0].nmae`.' }), reason: z.string() }).meta({ id: 'IgnoredMember' });

export type IgnoredMember = z.infer<typeof ignoredMemberSchema>;
