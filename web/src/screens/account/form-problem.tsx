import { ApiError } from '../../api/client';
import { ErrorNotice } from '../../components/status';

/**
 * The error of a form's last submit above the form. Messages of the form's
 * own fields are shown beside those fields, so here they are only pointed
 * at; any other message (a rule between fields, a field the form does not
 * draw) is listed in full.
 */
export function FormProblem({ error, fields }: { error: ApiError | undefined; fields: readonly string[] }) {
  if (!error) return null;
  const { errors } = error.problem;
  const elsewhere = errors.filter((e) => !fields.includes(e.field));
  if (errors.length > 0 && elsewhere.length === 0) {
    return (
      <p class="error-notice" role="alert">
        {errors.length === 1 ? 'One field needs a change: see the message beside it.' : `${errors.length} fields need a change: see the messages beside them.`}
      </p>
    );
  }
  return <ErrorNotice error={new ApiError({ ...error.problem, errors: elsewhere })} />;
}

/** The same problem with its detail as the message of one field (an answer that names no field but is about one). */
export function asFieldError(error: ApiError, field: string): ApiError {
  return new ApiError({ ...error.problem, errors: [{ field, message: error.problem.detail ?? error.problem.title }] });
}
