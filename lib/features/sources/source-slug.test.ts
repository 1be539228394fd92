import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sourceSlug } from './source-slug';

describe('sourceSlug', () => {
  it('lower case, hyphens between words, accents dropped, other scripts kept', () => {
    expect(sourceSlug('Shop / Orders API')).toBe('shop-orders-api');
    expect(sourceSlug('  Café Crème  ')).toBe('cafe-creme');
    expect(sourceSlug('acme/shop.git')).toBe('acme-shop-git');
    expect(sourceSlug('Заказы')).toBe('заказы');
    expect(sourceSlug('!!!')).toBe('source');
  });

  it('any name gives a slug of 1 to 100 characters without hyphens at the ends, and the same name the same slug', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (name) => {
        const slug = sourceSlug(name);
        expect(slug.length).toBeGreaterThan(0);
        expect(slug.length).toBeLessThanOrEqual(100);
        expect(slug).not.toMatch(/^-|-$|--/);
        expect(sourceSlug(name)).toBe(slug);
      }),
    );
  });
});
