import { createGroupHandler } from '../../lib/http/create-group-handler';
import { getOpenApiDocument } from './get-openapi-document';
import { getReferenceFile, getReferencePage } from './get-reference-page';

export const handler = createGroupHandler('reference', {
  'get-openapi-document': getOpenApiDocument,
  'get-reference-page': getReferencePage,
  'get-reference-file': getReferenceFile,
});
