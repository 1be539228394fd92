import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCatalogHttp, quoteNumbersOf, type CatalogError } from './catalog-http';
import { openOutboundFetch } from '../../../../test/support/outbound';

const decimalText = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 20 }), fc.option(fc.integer({ min: -30, max: 30 }), { nil: null }))
  .map(([negative, digits, scale, exponent]) => {
    const text = digits.toString().padStart(scale + 1, '0');
    const plain = scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
    return `${negative ? '-' : ''}${plain}${exponent === null ? '' : `E${exponent}`}`;
  });

describe('quoteNumbersOf', () => {
  it('keeps the digits of the named members as written, and leaves strings that mention them alone', () => {
    fc.assert(
      fc.property(decimalText, decimalText, fc.string(), (price, other, note) => {
        const mention = `"retailPrice": ${price} ${note}`;
        const text = `{"Items":[{"retailPrice":${price},"meterName":${JSON.stringify(mention)},"count":${other}}],"unitPrice" : ${other}}`;
        const parsed = JSON.parse(quoteNumbersOf(text, ['retailPrice', 'unitPrice']));
        expect(parsed.Items[0].retailPrice).toBe(price);
        expect(parsed.unitPrice).toBe(other);
        expect(parsed.Items[0].meterName).toBe(mention);
        expect(typeof parsed.Items[0].count).toBe('number');
      }),
      { numRuns: 1000 },
    );
  });
});

describe('createCatalogHttp', () => {
  let origin: string;
  const server = createServer((request, response) => {
    if (request.url?.startsWith('/redirect')) {
      response.writeHead(302, { location: 'https://elsewhere.example/x?key=secret-key' });
      response.end();
    } else if (request.url?.startsWith('/big')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ filler: 'x'.repeat(5000) }));
    } else {
      response.writeHead(403, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'The key secret-key is not allowed here' } }));
    }
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const http = () => createCatalogHttp({ fetch: openOutboundFetch, catalog: 'Google Cloud Billing Catalog', timeoutMs: 2000, maxBytes: 1000, secrets: ['secret-key'] });

  it('follows no redirect, caps the bytes of an answer, and never repeats a secret or a query', async () => {
    const redirect = http().getJson(new URL(`${origin}/redirect?key=secret-key`), z.unknown());
    await expect(redirect).rejects.toThrow('Google Cloud Billing Catalog answered 302 (a redirect, not followed) to GET /redirect.');
    await expect(http().getJson(new URL(`${origin}/big`), z.unknown())).rejects.toThrow('answered GET /big with more than 1000 bytes');
    const refused = await http().getJson(new URL(`${origin}/refused?key=secret-key`), z.unknown()).catch((error: Error) => error);
    expect((refused as CatalogError).message).toBe('Google Cloud Billing Catalog answered 403 to GET /refused: The key … is not allowed here');
    expect((refused as CatalogError).status).toBe(403);
  });

  it('answers an address nobody listens on as unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(http().getJson(new URL(`http://127.0.0.1:${port}/v1/services`), z.unknown())).rejects.toThrow(/Google Cloud Billing Catalog could not be reached for GET \/v1\/services: .*ECONNREFUSED/);
  });
});
