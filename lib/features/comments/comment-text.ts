import { z } from 'zod';
import { hasInvalidUnicode, isBlank } from '../../platform/text/text-rules';

/**
 * The one rule for what people write in comments and decisions (docs/comments.md "Bodies").
 * Plain text, Markdown allowed, stored exactly as written and never rendered by the service.
 */

/** Most characters of a comment body or a decision text, counted in Unicode code points. */
export const maxCommentCharacters = 10_000;
/** Most characters of a decision title (code points). */
export const maxDecisionTitleCharacters = 200;

// Control characters (C0, DEL, C1) other than tab, line feed and the carriage return of a CRLF pair.
const forbiddenControl = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/;
const anyControl = /[\u0000-\u001f\u007f-\u009f]/;

/** The number of code points: what a person counts as characters, an emoji or 店 being one each. */
export function codePointCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * Why a comment body (or decision text) is refused, or null: 1 to 10000 code points, not only
 * white space, valid Unicode, no control character but tab, line feed and CR LF.
 */
export function commentBodyProblem(text: string): string | null {
  if (hasInvalidUnicode(text)) return 'must be valid Unicode text';
  if (forbiddenControl.test(text)) return 'must not contain control characters other than tab and line breaks (LF or CR LF)';
  const length = codePointCount(text);
  if (length === 0) return 'must not be empty';
  if (length > maxCommentCharacters) return `must have at most ${maxCommentCharacters} characters (it has ${length})`;
  if (isBlank(text)) return 'must not be only white space';
  return null;
}

/** Why a decision title is refused, or null: one line of 1 to 200 code points, not blank. */
export function decisionTitleProblem(text: string): string | null {
  if (hasInvalidUnicode(text)) return 'must be valid Unicode text';
  if (anyControl.test(text)) return 'must be one line without control characters';
  const length = codePointCount(text);
  if (length > maxDecisionTitleCharacters) return `must have at most ${maxDecisionTitleCharacters} characters (it has ${length})`;
  if (isBlank(text)) return 'must not be empty';
  return null;
}

function ruleOf(problemOf: (text: string) => string | null) {
  return z.string().superRefine((value, ctx) => {
    const problem = problemOf(value);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/** A comment body at the edge: `commentBodyProblem` as a zod schema. */
export const commentBody = ruleOf(commentBodyProblem).describe('Plain text (Markdown allowed, never rendered), 1 to 10000 characters; tab and line breaks (LF, CR LF) are the only control characters.');

/** A decision title at the edge. */
export const decisionTitle = ruleOf(decisionTitleProblem).describe('One line, 1 to 200 characters.');
