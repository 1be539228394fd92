import { jsonResponse, type Operation } from '../../lib/http/api-types';
import { HttpProblem } from '../../lib/http/problem';
import { preferredMediaType } from '../../lib/skills/accept-media';
import { skillDocuments } from '../../lib/skills/skill-files';
import { skillIndexJson, skillIndexText } from '../../lib/skills/skill-index';

const markdown = 'text/markdown; charset=utf-8';

/**
 * GET /skills: the index of the agent skill documents (docs/skills.md), as
 * Markdown, or as JSON when the Accept header prefers application/json. No
 * credential; counted in the anonymous rate limit.
 */
export const listSkills: Operation = async ({ headers }) => {
  const skills = await skillDocuments();
  const vary = { vary: 'accept' };
  if (preferredMediaType(headers.accept, ['text/markdown', 'application/json']) === 'application/json') return jsonResponse(200, skillIndexJson(skills), vary);
  return { status: 200, headers: { 'content-type': markdown, ...vary }, body: skillIndexText(skills) };
};

/** GET /skills/{name}: one skill's SKILL.md as Markdown; 404 for a name no skill has. */
export const getSkill: Operation = async ({ pathParameters }) => {
  const skill = (await skillDocuments()).find((s) => s.name === pathParameters.name);
  if (!skill) throw HttpProblem.notFound('Skill not found', 'GET /skills lists the skills there are.');
  return { status: 200, headers: { 'content-type': markdown }, body: skill.text };
};
