import type { Node } from 'jsonc-parser';
import type { ApiError } from '../../api/client';
import { placeOfPath, placeOfStep, type JsonSyntaxError, type TextPlace } from './json-text';
import type { IgnoredMember, RunIssue } from './scenario-api';

/**
 * What the editor shows beside the text: the browser's syntax check, the
 * save endpoint's field errors (`errors[].field`), the members a save ignored,
 * and the validation issues of a run, each with the line it names when the
 * text has that place.
 */
export interface EditorProblem {
  key: string;
  source: 'syntax' | 'save' | 'ignored' | 'run';
  /** The field path or step the message is about, as the API named it. */
  field: string | null;
  /** A validation code of a run issue (`unknown-operation`…), or the problem type of a save. */
  code: string | null;
  message: string;
  place: TextPlace | null;
  /** False when the text lacks the exact member and the place is of the nearest value around it. */
  exact: boolean;
}

export const problemSourceLabels: Record<EditorProblem['source'], string> = {
  syntax: 'JSON syntax',
  save: 'not saved',
  ignored: 'ignored',
  run: 'run issue',
};

/** Top-level members of a scenario document: a run issue message that starts with a path under one of them names its place. */
const documentMembers = new Set(['id', 'name', 'steps', 'faults', 'assertions']);

/** The JSON path a run issue's message starts with (`steps[0].operation: …`), when it names a member of the document. */
export function leadingPath(message: string): string | null {
  const match = /^\$?\.?([A-Za-z_][A-Za-z0-9_]*)((?:\[\d+\]|\["(?:[^"\\]|\\.)*"\]|\.[A-Za-z_$][A-Za-z0-9_$-]*)*)/.exec(message);
  if (!match || !documentMembers.has(match[1]!)) return null;
  return match[0];
}

export function syntaxProblem(error: JsonSyntaxError): EditorProblem {
  return {
    key: 'syntax',
    source: 'syntax',
    field: null,
    code: null,
    message: `column ${error.column}: ${error.message}`,
    place: error,
    exact: true,
  };
}

export function saveProblems(text: string, tree: Node | undefined, error: ApiError | undefined): EditorProblem[] {
  if (!error) return [];
  return error.problem.errors.map((entry, index) => {
    const place = placeOfPath(text, tree, entry.field);
    return { key: `save-${index}`, source: 'save', field: entry.field, code: error.problem.type, message: entry.message, place, exact: place?.exact ?? false };
  });
}

export function ignoredProblems(text: string, tree: Node | undefined, ignored: readonly IgnoredMember[]): EditorProblem[] {
  return ignored.map((entry, index) => {
    const place = placeOfPath(text, tree, entry.path);
    return { key: `ignored-${index}`, source: 'ignored', field: entry.path, code: null, message: entry.reason, place, exact: place?.exact ?? false };
  });
}

export function runProblems(text: string, tree: Node | undefined, issues: readonly RunIssue[]): EditorProblem[] {
  return issues.map((issue, index) => {
    const path = leadingPath(issue.message);
    const pathPlace = path ? placeOfPath(text, tree, path) : null;
    const stepPlace = issue.stepId !== null ? placeOfStep(text, tree, issue.stepId) : null;
    const place = pathPlace?.exact ? pathPlace : (stepPlace ?? pathPlace);
    return {
      key: `run-${index}`,
      source: 'run',
      field: path ?? (issue.stepId !== null ? `step ${issue.stepId}` : null),
      code: issue.code,
      message: issue.message,
      place,
      exact: place !== null && (place === stepPlace || (pathPlace?.exact ?? false)),
    };
  });
}
