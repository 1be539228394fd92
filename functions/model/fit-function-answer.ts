import { gzipSync } from 'node:zlib';
import type { ApiResponse } from '../../lib/platform/http/api-types';
import { HttpProblem } from '../../lib/platform/http/problem';
import { toServiceResult } from '../../lib/platform/http/response';
import { acceptsGzip, responsePayloadBytes } from '../../lib/platform/http/response-payload';
import { sectionOfKind } from '../../lib/core/model/model-records';

const listPaths = Object.values(sectionOfKind).join(', ');

/**
 * A model export as a function of the function deployment may
 * answer it (docs/decisions.md "Model export in a function deployment"): as
 * it is when the payload fits the limit; else gzip-compressed when the request
 * accepts gzip and that fits; else 400 `export_too_large`, saying how to read
 * the model in pages instead.
 */
export function fitModelExportToFunction(response: ApiResponse & { body: string }, acceptEncoding: string | undefined, limitBytes: number, projectId: string): ApiResponse {
  if (responsePayloadBytes(toServiceResult(response)) <= limitBytes) return response;
  const bytes = Buffer.byteLength(response.body);
  const gzip = acceptsGzip(acceptEncoding);
  let compressedBytes: number | null = null;
  if (gzip) {
    const compressed = gzipSync(response.body);
    compressedBytes = compressed.length;
    const answer: ApiResponse = { ...response, headers: { ...response.headers, 'content-encoding': 'gzip', vary: 'Accept-Encoding' }, body: compressed };
    // The body goes as base64 (no character of it is escaped in the payload's JSON).
    const envelope = responsePayloadBytes(toServiceResult({ ...answer, body: Buffer.alloc(0) }));
    if (envelope + 4 * Math.ceil(compressed.length / 3) <= limitBytes) return answer;
  }
  const size = compressedBytes === null ? `${bytes} bytes` : `${bytes} bytes (${compressedBytes} gzip-compressed)`;
  const pages = `the model in pages: GET /api/projects/${projectId}/{list} for each of ${listPaths}, with limit=200 and the nextCursor of each page (records in ID order, as the export lists them; the model-version header of each page tells whether the model changed meanwhile)`;
  throw new HttpProblem(400, 'export_too_large', 'Model too large for one answer here', {
    detail: `The model document is ${size}; a function of this deployment answers at most ${limitBytes} bytes. ${gzip ? `Read ${pages}.` : `Send Accept-Encoding: gzip (a model at the import limits fits then), or read ${pages}.`}`,
    errors: [gzip ? { field: 'model', message: `over ${limitBytes} bytes even gzip-compressed` } : { field: 'Accept-Encoding', message: 'does not allow gzip' }],
  });
}
