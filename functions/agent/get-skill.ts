import { z } from 'zod';
import { defineRoute } from '../../lib/platform/http/define-route';
import { HttpProblem } from '../../lib/platform/http/problem';
import { skillDocuments } from '../../lib/features/skills/skill-files';

/** One skill's SKILL.md as Markdown; 404 for a name no skill has. No credential; counted in the anonymous rate limit. */
export const getSkill = defineRoute({
  group: 'agent',
  operation: 'get-skill',
  method: 'GET',
  path: '/skills/{name}',
  auth: 'none',
  summary: 'One agent skill document (SKILL.md: front matter name and description, then instructions)',
  params: z.object({ name: z.string() }),
  answers: { 200: { contentType: 'text/markdown', description: 'SKILL.md: front matter `name` and `description`, then instructions.' }, 404: 'problem' },
  example: { as: 'anonymous', params: { name: 'read-the-model' } },
  run: async ({ pathParameters }) => {
    const skill = (await skillDocuments()).find((s) => s.name === pathParameters.name);
    if (!skill) throw HttpProblem.notFound('Skill not found', 'GET /skills lists the skills there are.');
    return { status: 200, headers: { 'content-type': 'text/markdown; charset=utf-8' }, body: skill.text };
  },
});
