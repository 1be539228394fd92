import { z } from 'zod';
import type { GroupContracts } from '../../lib/openapi/route-contract';

const tokenParams = z.object({ token: z.string().meta({ description: 'The share token: a credential, kept out of traces and logs.' }) });
const html = { contentType: 'text/html' } as const;

export const contracts: GroupContracts = {
  'get-share-page': {
    params: tokenParams,
    responses: { 200: { ...html, description: 'The read-only page of the shared view, or its password form.' }, 404: 'problem' },
    description: '404 alike for a token that is unknown, revoked, expired or not allowed by the sharing policy.',
    example: { params: { token: '{shareToken}' }, as: 'anonymous' },
  },
  'post-share-password': {
    params: tokenParams,
    body: { contentTypes: ['application/x-www-form-urlencoded'], schema: z.object({ password: z.string() }) },
    responses: { 303: 'empty', 403: { ...html, description: 'A wrong password: the form again.' }, 404: 'problem', 429: 'problem' },
    description: 'A right password sets the proof cookie (12 h, this link only) and answers 303 to the page; so does a link without a password.',
    example: { params: { token: '{shareToken}' }, as: 'anonymous', rawBody: { contentType: 'application/x-www-form-urlencoded', text: 'password=whatever' } },
  },
  'get-shared-svg': {
    params: tokenParams,
    responses: { 200: { contentType: 'image/svg+xml' }, 403: 'problem', 404: 'problem' },
    description: 'An attachment; 403 for a link with a password and no proof.',
    example: { params: { token: '{shareToken}' }, as: 'anonymous' },
  },
  'get-shared-flowchart': {
    params: tokenParams,
    responses: { 200: { contentType: 'text/plain', description: 'Mermaid flowchart text.' }, 403: 'problem', 404: 'problem' },
    example: { params: { token: '{shareToken}' }, as: 'anonymous' },
  },
  'get-shared-architecture-dsl': {
    params: tokenParams,
    responses: { 200: { contentType: 'text/plain', description: 'Structurizr DSL text of the whole main model.' }, 403: 'problem', 404: 'problem' },
    example: { params: { token: '{shareToken}' }, as: 'anonymous' },
  },
};
