import { ServiceError, ValidationError } from '../../platform/errors/service-error';
import { decodeUtf8Strict } from '../../platform/text/strict-json';

const formType = /^application\/x-www-form-urlencoded\s*($|;)/i;

/**
 * The `password` field of the share page's form post (what a browser sends
 * for `<form method="post">`): 415 for another content type, 400 on
 * `password` when the body is not UTF-8 or has no non-empty `password`.
 * The first `password` field counts. The share endpoint adds the share
 * refusal headers to the answer (functions/share/shared-request.ts).
 */
export function passwordOfForm(contentType: string | undefined, body: Uint8Array | undefined): string {
  const type = (contentType ?? '').trim();
  if (!formType.test(type)) {
    throw new ServiceError('unsupported_media_type', 'Unsupported content type', {
      detail: `This form reads application/x-www-form-urlencoded; the request said "${type.slice(0, 100) || 'nothing'}".`,
      errors: [{ field: 'Content-Type', message: 'must be application/x-www-form-urlencoded' }],
    });
  }
  const text = body === undefined ? '' : decodeUtf8Strict(body);
  const password = text === null ? null : new URLSearchParams(text).get('password');
  if (password === null || password === '') {
    throw new ValidationError('Password required', [{ field: 'password', message: text === null ? 'must be UTF-8 text' : 'is required' }]);
  }
  return password;
}
