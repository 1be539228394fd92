import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, UsersTable } from '../../platform/db/schema';
import type { User } from '../../../contracts/account';

/** A person's account as the API shows it. */
export type UserView = User;

export function toUserView(row: Pick<Selectable<UsersTable>, 'id' | 'email' | 'name' | 'is_instance_admin' | 'created_at'>): UserView {
  return { id: row.id, email: row.email, name: row.name, isInstanceAdmin: row.is_instance_admin, createdAt: row.created_at.toISOString() };
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The user of a session; it exists (a session is removed with its user). */
export async function readUser(db: Kysely<Database>, userId: string): Promise<Selectable<UsersTable>> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
}

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<Selectable<UsersTable> | undefined> {
  // PostgreSQL text cannot hold NUL, so no account has one; asking would fail the query.
  if (email.includes('\u0000')) return undefined;
  return db.selectFrom('users').selectAll().where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase())).executeTakeFirst();
}

export interface NewUser {
  email: string;
  name: string;
  /** Null for an account made by external sign-in: it has no password to sign in with. */
  passwordHash: string | null;
  isInstanceAdmin: boolean;
}

/** Inserts an account; null when the e-mail address is taken (case-insensitive). */
export async function insertUser(db: Kysely<Database> | Transaction<Database>, user: NewUser, now: Date): Promise<Selectable<UsersTable> | null> {
  const row = await db
    .insertInto('users')
    .values({ email: user.email, name: user.name, password_hash: user.passwordHash, is_instance_admin: user.isInstanceAdmin, created_at: now })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}
