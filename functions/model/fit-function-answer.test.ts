import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../../lib/platform/http/problem';
import { toServiceResult } from '../../lib/platform/http/response';
import { fitModelExportToFunction } from './fit-function-answer';

const projectId = '7d444840-9dc0-11d1-b245-5ffdce74fad2';
const answer = (body: string) => ({ status: 200, headers: { 'content-type': 'application/json; charset=utf-8', 'model-version': '7' }, body });
/** The payload as Lambda sends it: the JSON of the structured result. */
const payloadBytes = (response: Parameters<typeof toServiceResult>[0]) => Buffer.byteLength(JSON.stringify(toServiceResult(response)));

function refusal(run: () => unknown): HttpProblem {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpProblem) return error;
    throw error;
  }
  throw new Error('no refusal');
}

describe('a model export as a function answers it', () => {
  const document = `${JSON.stringify({ elements: Array.from({ length: 400 }, (_, i) => ({ id: i, description: 'He said "go". '.repeat(20) })) }, null, 2)}\n`;

  it('as it is when its payload fits, whatever the request accepts', () => {
    const limit = payloadBytes(answer(document));
    expect(fitModelExportToFunction(answer(document), 'gzip', limit, projectId)).toEqual(answer(document));
    expect(fitModelExportToFunction(answer(document), undefined, limit, projectId)).toEqual(answer(document));
  });

  it('gzip-compressed when it is over and the request accepts gzip; the payload then fits', () => {
    const limit = payloadBytes(answer(document)) - 1;
    const fitted = fitModelExportToFunction(answer(document), 'gzip, deflate, br', limit, projectId);
    expect(fitted.headers).toEqual({ ...answer(document).headers, 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
    expect(gunzipSync(fitted.body as Buffer).toString('utf8')).toBe(document);
    expect(payloadBytes(fitted)).toBeLessThanOrEqual(limit);
  });

  it('refused with export_too_large, saying how to page, when it is over and gzip is not accepted', () => {
    const problem = refusal(() => fitModelExportToFunction(answer(document), 'identity', payloadBytes(answer(document)) - 1, projectId));
    expect(problem.toBody()).toMatchObject({ type: 'export_too_large', status: 400, errors: [{ field: 'Accept-Encoding', message: 'does not allow gzip' }] });
    expect(problem.toBody().detail).toContain('Send Accept-Encoding: gzip');
    expect(problem.toBody().detail).toContain(`GET /api/projects/${projectId}/{list} for each of elements, relationships, messages, schemas, operations, channels, subscriptions, bindings, with limit=200 and the nextCursor of each page`);
  });

  it('refused when even the gzip-compressed document is over', () => {
    const random = `"${randomBytes(300_000).toString('base64')}"\n`;
    const problem = refusal(() => fitModelExportToFunction(answer(random), 'gzip', 200_000, projectId));
    expect(problem.toBody()).toMatchObject({ type: 'export_too_large', status: 400, errors: [{ field: 'model', message: 'over 200000 bytes even gzip-compressed' }] });
    expect(problem.toBody().detail).toMatch(/^The model document is \d+ bytes \(\d+ gzip-compressed\); a function of this deployment answers at most 200000 bytes\. Read the model in pages/);
  });
});
