import type { Operation } from '../../lib/http/api-types';
import { HttpProblem } from '../../lib/http/problem';
import { webFileResponse } from '../../lib/web/web-file-response';
import { builtReferenceFiles } from './reference-request';

/**
 * GET /docs: the API reference, Swagger UI reading /openapi.json, every file
 * served by the service itself under the web client's Content-Security-Policy
 * (scripts and styles from 'self' only). No credential; like the web client's
 * files, no rate limit counts it.
 */
export const getReferencePage: Operation = async ({ headers }) => {
  const page = (await builtReferenceFiles()).files.get('index.html');
  if (!page) throw HttpProblem.notFound('No reference page', 'This build has no API reference page.');
  return webFileResponse(page, headers);
};

/** GET /docs/{file}: Swagger UI's script and stylesheet, and the script that starts it; 404 for any other name. */
export const getReferenceFile: Operation = async ({ headers, pathParameters }) => {
  const name = pathParameters.file ?? '';
  const file = name === 'index.html' ? undefined : (await builtReferenceFiles()).files.get(name);
  if (!file) throw HttpProblem.notFound('No such file', `/docs/${name.slice(0, 100)} is not a file of the API reference.`);
  return webFileResponse(file, headers);
};
