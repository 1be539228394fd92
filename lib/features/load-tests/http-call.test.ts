import { describe, expect, it } from 'vitest';
import { fillPath, httpSignatureOf, idempotencyKeyMemberOf, isIdempotentCall } from './http-call';
import { ratePeriodSeconds } from './usage-rate';

describe('what a script sends for an operation', () => {
  it('reads METHOD /path names and nothing else', () => {
    expect(httpSignatureOf('post /orders/{orderId}/lines')).toEqual({ method: 'POST', path: '/orders/{orderId}/lines', pathParameters: ['orderId'] });
    expect(httpSignatureOf('  GET /  ')).toEqual({ method: 'GET', path: '/', pathParameters: [] });
    for (const name of ['PlaceOrder', 'FETCH /x', 'GET orders', 'GET /a b', 'GET /x?y=1', 'POST']) expect(httpSignatureOf(name), name).toBeNull();
  });

  it('POST and PATCH are idempotent only with an idempotency key in the request schema', () => {
    expect(idempotencyKeyMemberOf({ properties: { amount: {}, 'Idempotency-Key': {} } })).toBe('Idempotency-Key');
    expect(idempotencyKeyMemberOf({ properties: { idempotency_key: {} } })).toBe('idempotency_key');
    expect(idempotencyKeyMemberOf({ properties: { key: {} } })).toBeNull();
    expect(idempotencyKeyMemberOf([])).toBeNull();
    expect(isIdempotentCall('POST', null)).toBe(false);
    expect(isIdempotentCall('PATCH', null)).toBe(false);
    expect(isIdempotentCall('POST', 'idempotencyKey')).toBe(true);
    for (const method of ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'] as const) expect(isIdempotentCall(method, null)).toBe(true);
  });

  it('fills path parameters from the request, URI-encoded, and names those it lacks', () => {
    const signature = httpSignatureOf('GET /shops/{shop}/orders/{orderId}')!;
    expect(fillPath(signature, { shop: 'a/b c', orderId: 7 })).toEqual({ path: '/shops/a%2Fb%20c/orders/7', missing: [] });
    expect(fillPath(signature, { shop: 'x', orderId: null })).toEqual({ path: '/shops/x/orders/{orderId}', missing: ['orderId'] });
    expect(fillPath(signature, null).missing).toEqual(['shop', 'orderId']);
  });
});

describe('usage assumptions as rates', () => {
  it.each([
    ['requests/s', 1],
    ['Requests per second', 1],
    ['req/min', 60],
    ['calls/hour', 3600],
    ['requests/day', 86_400],
    ['requests/month', 2_629_800],
    ['rps', 1],
    ['/s', 1],
  ])('%s is a rate over %d seconds', (unit, seconds) => expect(ratePeriodSeconds(unit)).toBe(seconds));

  it.each(['GB', 'GB/month', 'requests', 'ms', 'requests/ms', 'USD/month'])('%s is no rate of requests', (unit) => expect(ratePeriodSeconds(unit)).toBeNull());
});
