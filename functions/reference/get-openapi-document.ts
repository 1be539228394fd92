import type { Operation } from '../../lib/http/api-types';
import { webFileResponse } from '../../lib/web/web-file-response';
import { builtReferenceFiles } from './reference-request';

/**
 * GET /openapi.json: the OpenAPI 3.1 document of the service as the build
 * wrote it (docs/openapi.md). No credential; counted in the anonymous rate
 * limit like /llms.txt and /skills. Compressed when the client takes it,
 * 304 when its copy is current.
 */
export const getOpenApiDocument: Operation = async ({ headers }) => webFileResponse((await builtReferenceFiles()).document, headers);
