import { textResponse, type Operation } from '../../lib/http/api-types';
import { llmsFullText, llmsIndexText } from '../../lib/mcp/llms-text';

/** GET /llms.txt: a short text index of the API for agents (counted in the anonymous rate limit). */
export const getLlmsTxt: Operation = async ({ routes }) => textResponse(200, llmsIndexText(routes), 'text/markdown; charset=utf-8');

/** GET /llms-full.txt: the index with tool input schemas. */
export const getLlmsFullTxt: Operation = async ({ routes }) => textResponse(200, llmsFullText(routes), 'text/markdown; charset=utf-8');
