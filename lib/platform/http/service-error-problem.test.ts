import { describe, expect, it } from 'vitest';
import { errorCodes } from '../errors/error-codes';
import { ConflictError, InvalidDocumentError, NotFoundError, ServiceError, TooLargeError, ValidationError } from '../errors/service-error';
import { problemResponse } from './middleware/problem-response';
import { HttpProblem } from './problem';
import { problemToResponse, toServiceResult } from './response';
import { problemOf, problemOfServiceError, statusOfCode } from './service-error-problem';

/** What the middleware answers for a failure: status, headers and body as sent. */
async function answerOf(error: unknown) {
  const request = { event: { routeKey: 'GET /test' }, error, response: undefined } as never as { response: unknown };
  await problemResponse({ logger: () => undefined }).onError!(request as never);
  return request.response;
}

const referrers = [
  { field: 'relationship:8f0c0000-0000-4000-8000-000000000001', message: 'refers to it through fromId' },
  { field: 'view:8f0c0000-0000-4000-8000-000000000002', message: 'refers to it through rootElementId' },
];

/** Each typed error of the core beside the `HttpProblem` it replaced, as the core threw it before. */
const replaced: [string, ServiceError, HttpProblem][] = [
  ['not found, title only', new NotFoundError('View not found'), HttpProblem.notFound('View not found')],
  ['not found, with a detail', new NotFoundError('Branch not found', 'No branch b in this project.'), HttpProblem.notFound('Branch not found', 'No branch b in this project.')],
  ['not found, the default title', new NotFoundError(), HttpProblem.notFound()],
  ['not found, a title ending in a stop', new NotFoundError('Gone!'), HttpProblem.notFound('Gone!')],
  [
    'validation, detail from the first error',
    new ValidationError('Unknown revision', [{ field: 'revisionId', message: 'is not a revision of this project' }]),
    HttpProblem.validation('Unknown revision', [{ field: 'revisionId', message: 'is not a revision of this project' }]),
  ],
  [
    'validation, with a detail',
    new ValidationError('Invalid element', [{ field: 'name', message: 'is required' }, { field: 'kind', message: 'is unknown' }], 'name: is required; kind: is unknown'),
    HttpProblem.validation('Invalid element', [{ field: 'name', message: 'is required' }, { field: 'kind', message: 'is unknown' }], 'name: is required; kind: is unknown'),
  ],
  ['validation, no errors', new ValidationError('Invalid arguments', []), HttpProblem.validation('Invalid arguments', [])],
  [
    'conflict with errors',
    new ConflictError('The element is still referenced', 'Delete or change these first.', referrers),
    HttpProblem.conflict('The element is still referenced', 'Delete or change these first.', referrers),
  ],
  ['conflict, title only', new ConflictError('Model changed'), HttpProblem.conflict('Model changed')],
  [
    'a more precise conflict code',
    new ConflictError('Proposal stale', 'The model changed since the proposal.', undefined, 'proposal_stale'),
    new HttpProblem(409, 'proposal_stale', 'Proposal stale', { detail: 'The model changed since the proposal.' }),
  ],
  [
    'an invalid model document',
    new InvalidDocumentError('invalid_export', 'Body is not valid JSON', 'Unexpected end of input at line 1.', [{ field: 'document', message: 'Unexpected end of input at line 1.' }]),
    new HttpProblem(400, 'invalid_export', 'Body is not valid JSON', { detail: 'Unexpected end of input at line 1.', errors: [{ field: 'document', message: 'Unexpected end of input at line 1.' }] }),
  ],
  [
    'refused entries of an import',
    new InvalidDocumentError('invalid_export', 'Import refused', '2 entries are refused; nothing was written.', referrers),
    new HttpProblem(400, 'invalid_export', 'Import refused', { detail: '2 entries are refused; nothing was written.', errors: referrers }),
  ],
  [
    'an import over the entry limits',
    new TooLargeError('import_too_large', 'Import too large', 'The document holds 10001 element entries; at most 10000 are accepted.', [{ field: 'elements', message: 'at most 10000 entries' }]),
    new HttpProblem(400, 'import_too_large', 'Import too large', {
      detail: 'The document holds 10001 element entries; at most 10000 are accepted.',
      errors: [{ field: 'elements', message: 'at most 10000 entries' }],
    }),
  ],
];

describe('the mapping of error codes to HTTP', () => {
  it('gives every code exactly one status, an error status', () => {
    expect(Object.keys(statusOfCode).sort()).toEqual([...errorCodes].sort());
    for (const code of errorCodes) {
      expect(Number.isInteger(statusOfCode[code]), code).toBe(true);
      expect(statusOfCode[code], code).toBeGreaterThanOrEqual(400);
      expect(statusOfCode[code], code).toBeLessThan(600);
    }
  });

  it.each(replaced)('answers a typed error as the problem it replaces: %s', async (_, typed, before) => {
    expect(problemOfServiceError(typed).toBody()).toEqual(before.toBody());
    expect(problemToResponse(problemOf(typed)!)).toEqual(problemToResponse(before));
    // Through the middleware: the same status, headers and body bytes.
    const answered = (await answerOf(typed)) as { body: string };
    expect(answered).toEqual(await answerOf(before));
    expect(answered.body).toBe(JSON.stringify(before.toBody()));
  });

  it('answers a code with the headers it always carries', () => {
    expect(problemToResponse(problemOfServiceError(new ServiceError('unauthorized', 'Sign-in required')))).toEqual(problemToResponse(HttpProblem.unauthorized()));
    const unavailable = new ServiceError('database_unavailable', 'Database unavailable', { detail: HttpProblem.databaseUnavailable().detail });
    expect(problemToResponse(problemOfServiceError(unavailable))).toEqual(problemToResponse(HttpProblem.databaseUnavailable()));
  });

  it('keeps an HttpProblem of the edge as it is, also where its status differs from the table', () => {
    const overRouteLimit = HttpProblem.payloadTooLarge(1000, 'import_too_large');
    expect(problemOf(overRouteLimit)).toBe(overRouteLimit);
    expect(overRouteLimit.status).toBe(413);
    expect(statusOfCode.import_too_large).toBe(400);
  });

  it('reports nothing for a failure the service did not mean to report', () => {
    expect(problemOf(new Error('boom'))).toBeUndefined();
    expect(problemOf('boom')).toBeUndefined();
    expect(problemOf(undefined)).toBeUndefined();
  });

  it('knows a typed error of another copy of the class (another bundle)', () => {
    const copy = Object.assign(new Error('View not found'), { [Symbol.for('svc.ServiceError')]: true, code: 'not_found', title: 'View not found', detail: 'View not found.', errors: [] });
    expect(problemOf(copy)?.toBody()).toEqual(HttpProblem.notFound('View not found').toBody());
  });

  it('answers a typed error the middleware meets without logging it as a failure', async () => {
    const logged: string[] = [];
    const logger = { error: (line: string) => logged.push(line), warn: (line: string) => logged.push(line) };
    const request = { event: { routeKey: 'GET /test' }, error: new NotFoundError('Project not found'), response: undefined } as { response: unknown };
    await problemResponse({ logger: () => logger as never }).onError!(request as never);
    expect(logged).toEqual([]);
    expect(request.response).toEqual(toServiceResult(problemToResponse(HttpProblem.notFound('Project not found'))));
  });
});
