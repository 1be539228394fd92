/**
 * External sign-in in three steps (DECISIONS.md section 2): start (send the
 * browser to the provider with a one-time state), callback (the provider
 * sends the browser back with a code; the service reads the account and
 * notes what it learnt), complete (the service sends the browser here; it
 * signs in, or creates the account, or says why not). The state lives in
 * Postgres, hashed, and in a cookie of the browser that started, so that a
 * callback or completion from another browser is refused and any instance
 * can take any step.
 */
import type { Kysely, Selectable } from 'kysely';
import type { ExternalSignInProvider } from '../../platform/config/service-config';
import { generateSecret, hashSecret } from '../../platform/crypto/secret-token';
import type { Database, UsersTable } from '../../platform/db/schema';
import type { FieldError } from '../../platform/errors/error-codes';
import { ConflictError, ForbiddenError, NotFoundError, RefusedError } from '../../platform/errors/service-error';
import { authorizeUrl, readExternalAccount, type ExternalProviderName } from './external-providers';
import { cookieHeader } from './session-cookie';
import { findUserByEmail, insertUser } from '../users/user-store';

/** How long a started sign-in may take to come back (the provider's page included). */
export const externalSignInLifetimeMs = 10 * 60 * 1000;

/** The cookie that binds an attempt to the browser that started it. */
export const externalStateCookieName = 'svc_external_state';

/** The state cookie of a started attempt, or (state null) the one that removes it. */
export function externalStateCookie(state: string | null, secure: boolean): string {
  const maxAgeSeconds = state === null ? 0 : Math.floor(externalSignInLifetimeMs / 1000);
  return cookieHeader(externalStateCookieName, state ?? '', { path: '/api/auth/external', maxAgeSeconds, secure });
}

/** Starts an attempt: the provider's address to send the browser to, and the state for the cookie. */
export async function startExternalSignIn(
  db: Kysely<Database>,
  input: { provider: ExternalProviderName; config: ExternalSignInProvider; redirectUri: string; now: Date },
): Promise<{ location: string; state: string }> {
  const state = generateSecret('');
  await db
    .insertInto('external_sign_in_attempts')
    .values({
      state_hash: hashSecret(state),
      provider: input.provider,
      redirect_uri: input.redirectUri,
      created_at: input.now,
      expires_at: new Date(input.now.getTime() + externalSignInLifetimeMs),
      failure: null,
    })
    .execute();
  return { location: authorizeUrl(input.provider, input.config, input.redirectUri, state), state };
}

const noAttempt = () =>
  new RefusedError('bad_request', 'No external sign-in in progress', 'This sign-in was not started in this browser, has expired, or was used already. Start again.');

type Attempt = Selectable<Database['external_sign_in_attempts']>;

/** The open attempt of this browser: the state of the query (when given) must be the cookie's. */
async function openAttempt(db: Kysely<Database>, cookieState: string | undefined, queryState: string | null, now: Date): Promise<Attempt> {
  if (!cookieState || (queryState !== null && queryState !== cookieState)) throw noAttempt();
  const attempt = await db.selectFrom('external_sign_in_attempts').selectAll().where('state_hash', '=', hashSecret(cookieState)).executeTakeFirst();
  if (!attempt || attempt.completed_at !== null || attempt.expires_at.getTime() <= now.getTime()) throw noAttempt();
  return attempt;
}

/**
 * The provider's callback: trades the code and notes the account (or the
 * provider's refusal) on the attempt, once. The browser goes on to complete.
 */
export async function takeExternalCallback(
  db: Kysely<Database>,
  input: { configOf: (provider: ExternalProviderName) => ExternalSignInProvider | null; cookieState: string | undefined; query: URLSearchParams; now: Date },
): Promise<void> {
  const attempt = await openAttempt(db, input.cookieState, input.query.get('state'), input.now);
  if (attempt.called_back_at !== null) throw noAttempt();
  const provider = attempt.provider as ExternalProviderName;
  const config = input.configOf(provider);
  if (!config) throw new NotFoundError('No such sign-in provider', `${provider} sign-in is not configured on this instance.`);
  let noted: { subject: string | null; email: string | null; name: string | null; failure: string | null };
  const code = input.query.get('code');
  if (code === null || code === '') {
    // The person declined, or the provider refused: it says so with `error`.
    const reason = input.query.get('error_description') ?? input.query.get('error') ?? 'no code was given';
    noted = { subject: null, email: null, name: null, failure: JSON.stringify({ title: 'The sign-in provider did not sign you in', detail: reason.slice(0, 500) }) };
  } else {
    const account = await readExternalAccount(provider, config, code, attempt.redirect_uri);
    noted = { subject: account.subject, email: account.verifiedEmail, name: account.name, failure: null };
  }
  const updated = await db
    .updateTable('external_sign_in_attempts')
    .set({ ...noted, called_back_at: input.now })
    .where('state_hash', '=', attempt.state_hash)
    .where('called_back_at', 'is', null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw noAttempt();
}

export interface CompleteExternalInput {
  cookieState: string | undefined;
  now: Date;
  /** Whether the instance lets people make their own accounts (policy.allowSelfRegistration). */
  registrationAllowed: boolean;
}

/**
 * Completes the attempt (part 2 "Authentication"): the account the provider
 * account signed in with before; else a new account when registration is
 * allowed and it is not the first; 409 when an account with the e-mail
 * exists (no linking); 400 when the provider gave no verified e-mail.
 */
export async function completeExternalSignIn(db: Kysely<Database>, input: CompleteExternalInput): Promise<{ user: Selectable<UsersTable>; provider: string; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const attempt = await openAttempt(trx, input.cookieState, null, input.now);
    if (attempt.called_back_at === null) throw noAttempt();
    // One completion per attempt, also when two arrive at once.
    const taken = await trx
      .updateTable('external_sign_in_attempts')
      .set({ completed_at: input.now })
      .where('state_hash', '=', attempt.state_hash)
      .where('completed_at', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw noAttempt();
    if (attempt.failure) {
      const failure = attempt.failure as { title: string; detail: string };
      throw new RefusedError('bad_request', failure.title, failure.detail);
    }
    const provider = attempt.provider;
    if (attempt.email === null || attempt.subject === null) {
      throw new RefusedError(
        'bad_request',
        'The sign-in provider gave no verified e-mail address',
        `Your ${provider} account has no primary e-mail address that ${provider} has verified. Verify one there and sign in again.`,
      );
    }
    const linked = await trx
      .selectFrom('external_identities')
      .innerJoin('users', 'users.id', 'external_identities.user_id')
      .selectAll('users')
      .where('external_identities.provider', '=', provider)
      .where('external_identities.subject', '=', attempt.subject)
      .executeTakeFirst();
    if (linked) return { user: linked, provider, created: false };
    const conflict: FieldError[] = [{ field: 'email', message: 'is in use by an account that signs in another way' }];
    if (await findUserByEmail(trx, attempt.email)) {
      throw new ConflictError('An account with this e-mail address exists', 'Sign in with its password; an external account is never linked to an existing one.', conflict);
    }
    const users = await trx.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    // "A first external sign-in creates an account if registration is allowed, never the first account."
    if (Number(users.n) === 0) throw new ForbiddenError('Setup first', 'The first account is created by first-run setup.');
    if (!input.registrationAllowed) {
      throw new ForbiddenError('Registration is closed', 'There is no account for this sign-in, and this instance does not let people make their own. Ask for an invitation.');
    }
    const name = (attempt.name ?? attempt.email.split('@')[0] ?? 'User').slice(0, 100);
    const user = await insertUser(trx, { email: attempt.email, name, passwordHash: null, isInstanceAdmin: false }, input.now);
    if (!user) throw new ConflictError('An account with this e-mail address exists', 'Sign in with its password; an external account is never linked to an existing one.', conflict);
    await trx.insertInto('external_identities').values({ provider, subject: attempt.subject, user_id: user.id, created_at: input.now }).execute();
    return { user, provider, created: true };
  });
}

/** Removes attempts that can no longer complete; run by the worker's schedule. */
export async function pruneExternalSignInAttempts(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('external_sign_in_attempts').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
