import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable';

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['both addresses of a host name refusing', Object.assign(new AggregateError([withCode('a', 'ECONNREFUSED'), withCode('b', 'ECONNREFUSED')]), { code: undefined })],
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect')],
    ['a server shut down by its administrator (57P01)', withCode('terminating connection due to administrator command', '57P01')],
    ['a server still starting (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection exception (class 08)', withCode('connection failure', '08006')],
    ['any of these as the cause of another error', new Error('query failed', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') })],
  ])('%s is unavailable', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', withCode('syntax error at or near "selec"', '42601')],
    ['a failed outbound HTTP call', new TypeError('fetch failed', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') })],
    ['not an error', 'ECONNREFUSED'],
  ])('%s is not', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
