import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { hitRateLimit, pruneRateLimitLog, rateLimitRules, type RateLimitRule } from './hit-rate-limit';

/** Rate limits in the real database with an injected clock (part 2 "Limits"). */
describe('hitRateLimit', () => {
  let database: TestDatabase;
  // A whole minute: the limits must not care where clock minutes begin.
  const minute = new Date('2030-06-01T12:00:00.000Z').getTime();
  const at = (ms: number) => new Date(minute + ms);
  let keyCounter = 0;
  const freshKey = () => `198.51.100.${++keyCounter}`;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.drop();
  });

  const hit = (rule: RateLimitRule, key: string, now: Date) => hitRateLimit(database.db, rule, key, now);

  it('the sign-in rules are 10 calls per minute each', () => {
    for (const rule of [rateLimitRules.login, rateLimitRules.setup, rateLimitRules.register]) {
      expect(rule.limit).toBe(10);
      expect(rule.windowSeconds).toBe(60);
    }
    expect(rateLimitRules.anonymous).toMatchObject({ limit: 300, windowSeconds: 60 });
  });

  it('allows the limit, refuses the next call with the seconds until the oldest call leaves the window', async () => {
    const key = freshKey();
    for (let i = 0; i < 10; i++) expect(await hit(rateLimitRules.login, key, at(10_000 + i * 1_000))).toEqual({ allowed: true });
    // The oldest allowed call (at 10 s) leaves the window at 70 s.
    expect(await hit(rateLimitRules.login, key, at(20_000))).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(await hit(rateLimitRules.login, key, at(39_500))).toEqual({ allowed: false, retryAfterSeconds: 31 });
    // Never 0: a client told "0" would retry at once.
    expect(await hit(rateLimitRules.login, key, at(69_999))).toEqual({ allowed: false, retryAfterSeconds: 1 });
    // Then one call a second frees up, as the first ten leave the window one by one.
    expect(await hit(rateLimitRules.login, key, at(70_000))).toEqual({ allowed: true });
    expect(await hit(rateLimitRules.login, key, at(70_500))).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(await hit(rateLimitRules.login, key, at(71_000))).toEqual({ allowed: true });
  });

  it('holds over every 60 seconds, not per clock minute: a boundary gives no second allowance', async () => {
    const key = freshKey();
    for (let i = 0; i < 10; i++) expect((await hit(rateLimitRules.login, key, at(59_000))).allowed).toBe(true);
    expect(await hit(rateLimitRules.login, key, at(61_000))).toEqual({ allowed: false, retryAfterSeconds: 58 });
    expect((await hit(rateLimitRules.login, key, at(118_999))).allowed).toBe(false);
    for (let i = 0; i < 10; i++) expect((await hit(rateLimitRules.login, key, at(119_000))).allowed).toBe(true);
    expect((await hit(rateLimitRules.login, key, at(119_000))).allowed).toBe(false);
  });

  it('refused calls are not counted: a client that keeps trying gets in once the window moves on', async () => {
    const key = freshKey();
    for (let i = 0; i < 10; i++) await hit(rateLimitRules.login, key, at(0));
    for (let t = 1_000; t < 60_000; t += 1_000) expect((await hit(rateLimitRules.login, key, at(t))).allowed).toBe(false);
    expect(await hit(rateLimitRules.login, key, at(60_000))).toEqual({ allowed: true });
  });

  it('retryAfterSeconds is always a whole number from 1 to the window length, and waiting it is enough', async () => {
    const rule: RateLimitRule = { name: 'probe', limit: 1, windowSeconds: 60 };
    const key = freshKey();
    await hit(rule, key, at(0));
    for (const offset of [0, 1, 999, 1_000, 1_001, 30_000, 59_000, 59_999]) {
      const outcome = await hit(rule, key, at(offset));
      expect(outcome.allowed).toBe(false);
      if (outcome.allowed) continue;
      expect(Number.isInteger(outcome.retryAfterSeconds)).toBe(true);
      expect(outcome.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(outcome.retryAfterSeconds).toBeLessThanOrEqual(60);
      expect(offset + outcome.retryAfterSeconds * 1000).toBeGreaterThanOrEqual(60_000);
    }
    expect(await hit(rule, key, at(60_000))).toEqual({ allowed: true });
  });

  it('two keys are independent', async () => {
    const a = freshKey();
    const b = freshKey();
    for (let i = 0; i < 11; i++) await hit(rateLimitRules.login, a, at(1_000));
    expect((await hit(rateLimitRules.login, a, at(2_000))).allowed).toBe(false);
    expect(await hit(rateLimitRules.login, b, at(2_000))).toEqual({ allowed: true });
  });

  it('two rules are independent for the same key', async () => {
    const key = freshKey();
    for (let i = 0; i < 11; i++) await hit(rateLimitRules.login, key, at(1_000));
    expect((await hit(rateLimitRules.login, key, at(2_000))).allowed).toBe(false);
    expect(await hit(rateLimitRules.setup, key, at(2_000))).toEqual({ allowed: true });
    expect(await hit(rateLimitRules.register, key, at(2_000))).toEqual({ allowed: true });
  });

  it('counts concurrent calls exactly: of 25 at once, 10 pass', async () => {
    const key = freshKey();
    const outcomes = await Promise.all(Array.from({ length: 25 }, () => hit(rateLimitRules.login, key, at(3_000))));
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(10);
  });

  it('pruning removes only buckets whose calls have all left the window', async () => {
    const key = freshKey();
    const late = new Date(minute + 10 * 3600_000);
    for (let i = 0; i < 11; i++) await hit(rateLimitRules.login, key, late);
    await pruneRateLimitLog(database.db, new Date(late.getTime() + 59_000));
    expect((await hit(rateLimitRules.login, key, new Date(late.getTime() + 59_500))).allowed).toBe(false);
    const removed = await pruneRateLimitLog(database.db, new Date(late.getTime() + 60_000));
    expect(removed).toBeGreaterThanOrEqual(1);
    const left = await database.db.selectFrom('rate_limit_log').select('bucket').where('bucket', '=', `login:${key}`).execute();
    expect(left).toEqual([]);
  });
});
