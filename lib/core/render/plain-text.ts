/**
 * One-line text for the exports: each format writes model text on one line
 * (part 1: in SVG "a line break becomes a space"; DSL "line breaks become
 * spaces"), and none may carry characters its readers refuse or drop.
 */

/** Line breaks as Unicode counts them (CR LF as one). */
const lineBreak = /\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/g;

/** C0 controls but tab, DEL, C1 controls, U+FFFE, U+FFFF and lone surrogates (text no UTF-8 can carry). */
const unsafeCharacter = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\ufffe\uffff]|\p{Cs}/gu;

/** The text with every line break turned into one space. */
export function oneLine(text: string): string {
  return text.replace(lineBreak, ' ');
}

/**
 * The text on one line, with control characters, noncharacters U+FFFE/U+FFFF
 * and lone surrogates as U+FFFD (the flowchart and DSL exports; the mermaid
 * parser drops some controls silently, and a lone surrogate has no UTF-8).
 */
export function safeOneLine(text: string): string {
  // Most model text has neither: no copy then.
  if (!breakOrUnsafe.test(text)) return text;
  return oneLine(text).replace(unsafeCharacter, '\ufffd');
}

/** Anything oneLine or the unsafe-character rule would change (any surrogate: telling lone ones apart costs more). */
const breakOrUnsafe = /[\n\r\u000b\u000c\u0085\u2028\u2029\u0000-\u0008\u000e-\u001f\u007f-\u009f\ufffe\uffff\ud800-\udfff]/;
