/** Longest slug kept; a longer name is cut at a word boundary where one is near. */
const maxSlugLength = 100;

/**
 * The slug a Source is found by (part 2: "A Source is found by the slug of its
 * name"): lower case, letters and digits of any script kept, accents dropped
 * from Latin letters, every other run of characters one hyphen, no hyphen at
 * either end. A name without any letter or digit has the slug `source`.
 *
 * @example sourceSlug('Shop / Orders API') // 'shop-orders-api'
 */
export function sourceSlug(name: string): string {
  const folded = name.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
  let slug = folded.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
  if (slug.length > maxSlugLength) slug = slug.slice(0, maxSlugLength).replace(/-+[^-]*$/, '') || slug.slice(0, maxSlugLength);
  return slug === '' ? 'source' : slug;
}
