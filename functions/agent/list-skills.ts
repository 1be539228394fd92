import { z } from 'zod';
import { jsonResponse } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { preferredMediaType } from '../../lib/features/skills/accept-media';
import { skillDocuments } from '../../lib/features/skills/skill-files';
import { skillIndexJson, skillIndexText } from '../../lib/features/skills/skill-index';

/**
 * The index of the agent skill documents (docs/skills.md), as Markdown, or as
 * JSON when the Accept header prefers application/json. No credential; counted
 * in the anonymous rate limit.
 */
export const listSkills = defineRoute({
  group: 'agent',
  operation: 'list-skills',
  method: 'GET',
  path: '/skills',
  auth: 'none',
  summary: 'Index of the agent skill documents: Markdown, or JSON with Accept: application/json',
  headers: z.object({ accept: z.string().optional().meta({ description: '`application/json` for the JSON index; Markdown otherwise.' }) }),
  answers: {
    200: {
      contentType: 'text/markdown',
      alternatives: ['application/json'],
      schema: z.object({ skills: z.array(z.object({ name: z.string(), description: z.string(), url: z.string(), tools: z.array(z.string()), endpoints: z.array(z.string()) })) }),
      description: 'The index as Markdown, or as JSON when Accept prefers application/json.',
    },
  },
  example: { as: 'anonymous', headers: { accept: 'application/json' } },
  run: async ({ headers }) => {
    const skills = await skillDocuments();
    const vary = { vary: 'accept' };
    if (preferredMediaType(headers.accept, ['text/markdown', 'application/json']) === 'application/json') return jsonResponse(200, skillIndexJson(skills), vary);
    return { status: 200, headers: { 'content-type': 'text/markdown; charset=utf-8', ...vary }, body: skillIndexText(skills) };
  },
});
