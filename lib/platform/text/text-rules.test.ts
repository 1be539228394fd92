import { describe, expect, it } from 'vitest';
import { freeTextProblem, hasControlCharacter, hasInvalidUnicode, isBlank, isGuid, normalizeGuid, shortTextProblem } from './text-rules';
import { uuidV5 } from '../../core/model/uuid-v5';

describe('text rules', () => {
  it.each([
    ['plain', false],
    ['tab\there', true],
    ['new\nline', true],
    ['nul\u0000', true],
    ['del\u007f', true],
    ['c1\u0085', true],
    ['c1 end\u009f', true],
    ['after C1 \u00a0 nbsp', false],
    ['emoji 🙂', false],
  ])('control characters in %j: %s', (text, expected) => {
    expect(hasControlCharacter(text)).toBe(expected);
  });

  it.each([
    ['🙂', false],
    ['\ud83d', true],
    ['x\ude42y', true],
    ['\ude42\ud83d', true],
    ['ok', false],
  ])('invalid Unicode in %j: %s', (text, expected) => {
    expect(hasInvalidUnicode(text)).toBe(expected);
  });

  it('blank means empty or white space only', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlank(' \t\n')).toBe(true);
    expect(isBlank(' x ')).toBe(false);
  });

  it.each([
    ['0f8fad5b-d9cb-469f-a165-70867728950e', true],
    ['0F8FAD5B-D9CB-469F-A165-70867728950E', true],
    ['00000000-0000-0000-0000-000000000000', true],
    ['0f8fad5bd9cb469fa16570867728950e', false],
    ['{0f8fad5b-d9cb-469f-a165-70867728950e}', false],
    ['0f8fad5b-d9cb-469f-a165-70867728950', false],
    ['0f8fad5b-d9cb-469f-a165-70867728950g', false],
    [' 0f8fad5b-d9cb-469f-a165-70867728950e', false],
  ])('GUID %s: %s', (text, expected) => {
    expect(isGuid(text)).toBe(expected);
  });

  it('normalises a GUID to lower case and gives null for anything else', () => {
    expect(normalizeGuid('0F8FAD5B-D9CB-469F-A165-70867728950E')).toBe('0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(normalizeGuid('nope')).toBeNull();
    expect(normalizeGuid(42)).toBeNull();
    expect(normalizeGuid(null)).toBeNull();
  });

  it('one-line text refuses control characters and lone surrogates; free text only U+0000 and lone surrogates', () => {
    expect(shortTextProblem('Order service')).toBeNull();
    expect(shortTextProblem('a\nb')).toBe('must not contain control characters');
    expect(shortTextProblem('a\ud800')).toBe('must be valid Unicode text');
    expect(freeTextProblem('line 1\nline 2\ttab')).toBeNull();
    expect(freeTextProblem('a\u0000')).toBe('must not contain U+0000');
    expect(freeTextProblem('\udfff')).toBe('must be valid Unicode text');
  });
});

describe('uuidV5', () => {
  it('matches the RFC test vector for the DNS namespace', () => {
    expect(uuidV5('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('is deterministic, version 5, variant 10, and depends on both inputs', () => {
    const namespace = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const id = uuidV5(namespace, 'a');
    expect(uuidV5(namespace.toUpperCase(), 'a')).toBe(id);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuidV5(namespace, 'b')).not.toBe(id);
    expect(uuidV5('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'a')).not.toBe(id);
  });

  it('refuses a namespace that is not a GUID', () => {
    expect(() => uuidV5('project', 'a')).toThrow(TypeError);
  });
});
