import { z } from 'zod';
import type { GroupContracts } from '../../lib/openapi/route-contract';
import { guid } from '../../lib/openapi/schema-kit';

const markdown = { contentType: 'text/markdown' } as const;

export const contracts: GroupContracts = {
  'get-llms-txt': { responses: { 200: { ...markdown, description: 'A short text index of the API for agents.' } }, example: { as: 'anonymous' } },
  'get-llms-full-txt': { responses: { 200: { ...markdown, description: 'The index with every tool input schema.' } }, example: { as: 'anonymous' } },
  'get-capabilities': {
    responses: {
      200: z.object({
        scopes: z.array(z.enum(['read', 'push'])),
        projectId: guid.nullable(),
        tools: z.array(z.looseObject({ name: z.string(), description: z.string(), inputSchema: z.record(z.string(), z.unknown()), scope: z.string(), equivalentHttp: z.unknown() })),
        endpoints: z.array(z.object({ method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']), path: z.string(), summary: z.string() })),
      }),
    },
    access: { role: 'any', note: 'An agent token sees what its scopes allow.' },
    example: { as: 'readToken' },
  },
  'list-skills': {
    headers: z.object({ accept: z.string().optional().meta({ description: '`application/json` for the JSON index; Markdown otherwise.' }) }),
    responses: {
      200: {
        contentType: 'text/markdown',
        alternatives: ['application/json'],
        schema: z.object({ skills: z.array(z.object({ name: z.string(), description: z.string(), url: z.string(), tools: z.array(z.string()), endpoints: z.array(z.string()) })) }),
        description: 'The index as Markdown, or as JSON when Accept prefers application/json.',
      },
    },
    example: { as: 'anonymous', headers: { accept: 'application/json' } },
  },
  'get-skill': {
    params: z.object({ name: z.string() }),
    responses: { 200: { ...markdown, description: 'SKILL.md: front matter `name` and `description`, then instructions.' }, 404: 'problem' },
    example: { as: 'anonymous', params: { name: 'read-the-model' } },
  },
};
