import { describe, expect, it } from 'vitest';
import { preferredMediaType } from './accept-media';

describe('preferredMediaType', () => {
  const offers = ['text/markdown', 'application/json'] as const;
  it.each([
    [undefined, 'text/markdown'],
    ['', 'text/markdown'],
    ['*/*', 'text/markdown'],
    ['application/json', 'application/json'],
    ['application/json, text/plain, */*', 'application/json'],
    ['text/markdown, application/json', 'text/markdown'],
    ['text/*;q=0.5, application/json;q=0.9', 'application/json'],
    ['application/json;q=0.2, */*', 'text/markdown'],
    ['application/*', 'application/json'],
    ['text/html, application/xhtml+xml, */*;q=0.8', 'text/markdown'],
    ['image/png', 'text/markdown'],
    ['application/json;q=0, */*', 'text/markdown'],
    ['nonsense, application/json;q=x, application/json', 'application/json'],
  ] as const)('Accept %j prefers %s', (accept, expected) => {
    expect(preferredMediaType(accept, offers)).toBe(expected);
  });
});
