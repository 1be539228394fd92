import { priceFieldLimits } from './price-rules';

/**
 * A catalog's text as a price entry keeps it: control characters become spaces (a stored
 * text holds none; PostgreSQL refuses U+0000), invalid Unicode is replaced, and a text longer
 * than the field allows is cut with "…". Catalog texts are not refused: they are not the caller's.
 */
export function catalogText(value: string, field: keyof typeof priceFieldLimits): string {
  const max = priceFieldLimits[field];
  const clean = value
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** A catalog text that may be empty: empty is null. */
export function optionalCatalogText(value: string | null | undefined, field: keyof typeof priceFieldLimits): string | null {
  const text = catalogText(value ?? '', field);
  return text === '' ? null : text;
}

/** Whether `needle` (any case) is in any of the texts: the `search` of the catalog listings. */
export function matchesSearch(needle: string | null, texts: readonly (string | null | undefined)[]): boolean {
  if (needle === null) return true;
  const folded = needle.toLowerCase();
  return texts.some((text) => typeof text === 'string' && text.toLowerCase().includes(folded));
}
