/**
 * The API names a field by its path in the body (`name`, `tags[2]`,
 * `retry.maxAttempts`, `provenance.source`). A form shows a message beside
 * the control that holds that path: a list entry beside its list, a member
 * of a group the form shows as one control beside that control. Messages no
 * control holds (the body, the ID, another record) stay in the form's notice.
 */
import { ApiError, type FieldError } from '../../api/client';

/** The form field a path belongs to, or null. */
export function formFieldOf(path: string, formPaths: ReadonlySet<string>): string | null {
  let candidate = path;
  for (;;) {
    if (formPaths.has(candidate)) return candidate;
    const shorter = candidate.replace(/\[\d+\]$/, '');
    if (shorter !== candidate) {
      candidate = shorter;
      continue;
    }
    const dot = candidate.lastIndexOf('.');
    if (dot < 0) return null;
    candidate = candidate.slice(0, dot);
  }
}

/**
 * Splits an error into the messages for the form's fields (joined per field,
 * with the entry's own path when it is deeper, e.g. "tags[1]: must not…") and
 * an error holding the rest, for the notice above the buttons.
 */
export function splitFieldErrors(error: ApiError | undefined, formPaths: ReadonlySet<string>): { fields: ApiError | undefined; rest: ApiError | undefined } {
  if (!error) return { fields: undefined, rest: undefined };
  const byField = new Map<string, string[]>();
  const rest: FieldError[] = [];
  for (const item of error.problem.errors) {
    const field = formFieldOf(item.field, formPaths);
    if (field === null) rest.push(item);
    else byField.set(field, [...(byField.get(field) ?? []), item.field === field ? item.message : `${item.field}: ${item.message}`]);
  }
  const fieldErrors = [...byField].map(([field, messages]) => ({ field, message: messages.join('; ') }));
  return {
    fields: new ApiError({ ...error.problem, errors: fieldErrors }),
    // When every message sits beside its field, the notice only points there (the detail repeats them).
    rest: new ApiError({ ...error.problem, detail: rest.length === 0 && byField.size > 0 ? 'See the messages beside the fields.' : error.problem.detail, errors: rest }),
  };
}
