/**
 * Text in the SVG export: XML escaping as part 1 "Diagram and model exports"
 * asks ("`& < > " '` become entities; characters XML 1.0 forbids become
 * U+FFFD; a line break becomes a space") and fitting text into cards by an
 * estimate of its width, since fonts are named, not embedded or measured.
 */
import { oneLine } from './plain-text';

// XML 1.0 Char excludes C0 controls but tab, LF and CR; lone surrogates; U+FFFE and U+FFFF.
const xmlForbidden = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|\p{Cs}/gu;
const xmlSpecial = /[&<>"']/g;
const entityOf: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

// Anything escapeXml or collapseSpaces would change: line breaks, tabs, forbidden characters, the five specials, surrogates.
const needsEscaping = /[\u0000-\u001f\u0085\u2028\u2029\ufffe\uffff&<>"'\ud800-\udfff]/;

/** Text or attribute value for the SVG: one line, XML-escaped, forbidden characters as U+FFFD. */
export function escapeXml(text: string): string {
  // Most model text needs nothing: no copy then.
  if (!needsEscaping.test(text)) return text;
  return oneLine(text)
    .replace(xmlForbidden, '\ufffd')
    .replace(xmlSpecial, (c) => entityOf[c]!);
}

const breaksOrTabs = /[\t\n\u000b\u000c\r\u0085\u2028\u2029]| {2}/;

/** Collapses white space (line breaks and tabs included) to single spaces, trimmed. */
export function collapseSpaces(text: string): string {
  if (!breaksOrTabs.test(text)) return text.trim();
  return oneLine(text).replace(/[\t ]+/g, ' ').trim();
}

const narrow = new Set([...'iIjlft.,:;\'|!()[]{} ']);
const wide = new Set([...'mwMW@%']);

/** Advance in em of each ASCII character, from the sets above. */
const asciiAdvance = Float64Array.from({ length: 0x80 }, (_, code) => {
  const char = String.fromCharCode(code);
  if (narrow.has(char)) return 0.34;
  if (wide.has(char)) return 0.92;
  if (char >= 'A' && char <= 'Z') return 0.72;
  return 0.62;
});

/** Estimated advance of one code point in em, for DejaVu Sans (the widest of the fonts named). */
function advance(codePoint: number): number {
  if (codePoint < 0x80) return asciiAdvance[codePoint]!;
  // Combining marks, zero-width characters, variation selectors, ZWJ: no advance of their own.
  if ((codePoint >= 0x300 && codePoint <= 0x36f) || (codePoint >= 0x200b && codePoint <= 0x200f) || (codePoint >= 0xfe00 && codePoint <= 0xfe0f) || (codePoint >= 0x202a && codePoint <= 0x202e) || (codePoint >= 0x2066 && codePoint <= 0x2069)) return 0;
  // East Asian wide and fullwidth forms, emoji and other astral symbols.
  if ((codePoint >= 0x1100 && codePoint <= 0x115f) || (codePoint >= 0x2e80 && codePoint <= 0xa4cf) || (codePoint >= 0xac00 && codePoint <= 0xd7a3) || (codePoint >= 0xf900 && codePoint <= 0xfaff) || (codePoint >= 0xff00 && codePoint <= 0xff60) || codePoint >= 0x10000) return 1.1;
  return 0.7;
}

/** The code point at index i of text (a lone surrogate as itself), as `for…of` would yield it. */
function codePointAt(text: string, i: number): number {
  const unit = text.charCodeAt(i);
  if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
    const next = text.charCodeAt(i + 1);
    if (next >= 0xdc00 && next <= 0xdfff) return (unit - 0xd800) * 0x400 + (next - 0xdc00) + 0x10000;
  }
  return unit;
}

/** The sum of the advances of the text's code points, added one by one from the left onto `em`. */
function addAdvances(em: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) {
      em += asciiAdvance[unit]!;
      continue;
    }
    const codePoint = codePointAt(text, i);
    if (codePoint >= 0x10000) i++;
    em += advance(codePoint);
  }
  return em;
}

/** Estimated width in pixels of one line of text at a font size (bold runs about 8% wider). */
export function textWidth(text: string, fontSize: number, bold = false): number {
  return addAdvances(0, text) * fontSize * (bold ? 1.08 : 1);
}

/** The longest start of the text that fits the width together with a closing `…`, and the `…`. */
export function cutToFit(text: string, maxWidth: number, fontSize: number, bold = false): string {
  const scale = fontSize * (bold ? 1.08 : 1);
  let width = advance(0x2026) * scale;
  let index = 0;
  while (index < text.length) {
    const codePoint = codePointAt(text, index);
    width += advance(codePoint) * scale;
    if (width > maxWidth) break;
    index += codePoint >= 0x10000 ? 2 : 1;
  }
  return `${text.slice(0, index).trimEnd()}…`;
}

/** The text when it fits the width, else its longest start that fits with `…`. Cuts between code points. */
export function fitText(text: string, maxWidth: number, fontSize: number, bold = false): string {
  return textWidth(text, fontSize, bold) <= maxWidth ? text : cutToFit(text, maxWidth, fontSize, bold);
}

/**
 * Up to `lines` lines of the text wrapped at spaces into the width, the last
 * one ending in `…` when text is left over. Reads only as much of the text as
 * the lines can hold, so a 10,000-character description costs no more than a
 * short one.
 */
export function wrapLines(text: string, maxWidth: number, fontSize: number, lines: number): string[] {
  // No line holds more than maxWidth / (narrowest advance) code points; read a little more to know whether text is left.
  const budget = Math.ceil((maxWidth / (0.34 * fontSize)) * lines) * 2 + 8;
  let source = text.length > budget ? text.slice(0, budget) : text;
  if (/[\ud800-\udbff]$/.test(source)) source = source.slice(0, -1);
  const words = collapseSpaces(source).split(' ').filter((w) => w !== '');
  const truncatedSource = source.length < text.length;
  const result: string[] = [];
  let current = '';
  // The advances of `current`, summed from the left as textWidth sums them: a candidate line adds to it, not all over again.
  let currentEm = 0;
  let i = 0;
  while (i < words.length && result.length < lines) {
    const word = words[i]!;
    const candidate = current === '' ? word : `${current} ${word}`;
    const candidateEm = current === '' ? addAdvances(0, word) : addAdvances(addAdvances(currentEm, ' '), word);
    if (candidateEm * fontSize * 1 <= maxWidth) {
      current = candidate;
      currentEm = candidateEm;
      i++;
      continue;
    }
    if (current === '') {
      // A word longer than a line: break it between code points.
      const part = cutToFit(word, maxWidth, fontSize).slice(0, -1);
      const taken = part.length > 0 ? part : String.fromCodePoint(word.codePointAt(0)!);
      result.push(taken);
      words[i] = word.slice(taken.length);
      if (words[i] === '') i++;
      continue;
    }
    result.push(current);
    current = '';
    currentEm = 0;
  }
  if (current !== '' && result.length < lines) result.push(current);
  const leftOver = i < words.length || truncatedSource;
  if (leftOver && result.length > 0) {
    const last = result[result.length - 1]!;
    result[result.length - 1] = textWidth(`${last}…`, fontSize) <= maxWidth ? `${last}…` : cutToFit(last, maxWidth, fontSize);
  }
  return result;
}
