import { describe, expect, it } from 'vitest';
import { webhookSignature } from './webhook-signature';

describe('webhookSignature', () => {
  it('is t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">, the value `openssl dgst -sha256 -hmac` gives', () => {
    // printf '%s' '1700000000.{"a":1}' | openssl dgst -sha256 -hmac 'whsec_test'
    expect(webhookSignature('whsec_test', '{"a":1}', new Date(1_700_000_000_999))).toBe('t=1700000000,v1=38877139021993b830af32feea6e18a8da83eb2f6e49ee50bd9e4cf4ca4d3789');
  });

  it('keys with the secret’s UTF-8 bytes and signs the body’s UTF-8 bytes', () => {
    // printf '%s' '1700000000.{"name":"Café"}' | openssl dgst -sha256 -hmac 'ключ' (a UTF-8 shell)
    expect(webhookSignature('ключ', '{"name":"Café"}', new Date(1_700_000_000_000))).toBe('t=1700000000,v1=66fd845bf6e6480728c98086cf8c118cace6d3d7ceb8abae34ee99524821de1f');
  });
});
