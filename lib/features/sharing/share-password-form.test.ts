import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isHttpProblem } from '../../platform/http/problem';
import { problemOf } from '../../platform/http/service-error-problem';
import { passwordOfForm } from './share-password-form';

const form = 'application/x-www-form-urlencoded';
const bytes = (text: string) => new TextEncoder().encode(text);

describe('the password field of the share form', () => {
  it('reads back any non-empty password a browser encodes, among other fields', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 300, unit: 'grapheme' }), (password) => {
        const body = new URLSearchParams([['x', '1'], ['password', password], ['password', 'second']]).toString();
        expect(passwordOfForm(`${form}; charset=UTF-8`, bytes(body))).toBe(password);
      }),
    );
  });

  it('another content type is 415; no or an empty field, or bytes that are not UTF-8, is 400 on password', () => {
    const status = (contentType: string | undefined, body: Uint8Array | undefined) => {
      try {
        passwordOfForm(contentType, body);
        return 200;
      } catch (thrown) {
        // The share endpoint answers the typed error through the one mapping.
        const error = problemOf(thrown);
        expect(isHttpProblem(error)).toBe(true);
        return (error as { status: number }).status;
      }
    };
    expect(status('application/json', bytes('{"password":"x"}'))).toBe(415);
    expect(status(undefined, bytes('password=x'))).toBe(415);
    expect(status('multipart/form-data; boundary=x', bytes('password=x'))).toBe(415);
    expect(status(form, undefined)).toBe(400);
    expect(status(form, bytes('password='))).toBe(400);
    expect(status(form, bytes('pass=word'))).toBe(400);
    expect(status(form, new Uint8Array([0x70, 0x61, 0x73, 0x73, 0x77, 0x6f, 0x72, 0x64, 0x3d, 0xff]))).toBe(400);
  });

  it('arbitrary bodies and content types answer a password or a 400/415 problem, nothing else', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constant(form), fc.string({ maxLength: 60 })), fc.uint8Array({ maxLength: 200 }), (contentType, body) => {
        try {
          expect(typeof passwordOfForm(contentType, body)).toBe('string');
        } catch (thrown) {
          const error = problemOf(thrown);
          expect(isHttpProblem(error)).toBe(true);
          expect([400, 415]).toContain((error as { status: number }).status);
        }
      }),
    );
  });
});
