import { HttpProblem } from '../../lib/platform/http/problem';
import { referenceFiles, type ReferenceFiles } from '../../lib/features/openapi/reference-files';

/** The reference's files, or 503 when the service was run without being built (the build writes them). */
export async function builtReferenceFiles(): Promise<ReferenceFiles> {
  const files = await referenceFiles();
  if (files) return files;
  throw new HttpProblem(503, 'service_unavailable', 'API reference not built', {
    detail: 'The OpenAPI document and the reference page are written by `npm run build` (dist/openapi.json, dist/reference); build, then start the service again.',
  });
}
