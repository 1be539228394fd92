import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt parameters: N=2^15, r=8 uses 32 MiB per hash (memory-hard), ~0.1 s on our machines. */
const parameters = Object.freeze({ N: 1 << 15, r: 8, p: 1, keyLength: 32, saltLength: 16 });

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

function optionsFor(N: number, r: number, p: number): ScryptOptions {
  return { N, r, p, maxmem: 128 * N * r * 2 };
}

/** Upper bound on accepted password length: hashing is costly, so no megabyte passwords. */
export const maximumPasswordLength = 1024;

/**
 * The rules of a new password (part 2 "Authentication"): at least 10
 * characters with at least one digit and one upper-case letter. Returns the
 * rules it breaks, empty when it is acceptable.
 */
export function passwordRuleViolations(password: string): string[] {
  const problems: string[] = [];
  if ([...password].length < 10) problems.push('must have at least 10 characters');
  if ([...password].length > maximumPasswordLength) problems.push(`must have at most ${maximumPasswordLength} characters`);
  if (!/\p{Nd}/u.test(password)) problems.push('must contain a digit');
  if (!/\p{Lu}/u.test(password)) problems.push('must contain an upper-case letter');
  return problems;
}

/** Hashes a password with a per-user random salt; the result names its parameters. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(parameters.saltLength);
  const key = await scrypt(password.normalize('NFC'), salt, parameters.keyLength, optionsFor(parameters.N, parameters.r, parameters.p));
  return ['scrypt', parameters.N, parameters.r, parameters.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Compares in constant time; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64');
  const actual = await scrypt(password.normalize('NFC'), Buffer.from(saltText, 'base64'), expected.length, optionsFor(Number(n), Number(r), Number(p)));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash to verify against when the account does not exist or is locked, so
 * that every failed sign-in costs the same time.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64'));
  return dummyHash;
}
