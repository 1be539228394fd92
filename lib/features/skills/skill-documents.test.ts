import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serviceRoutes as routes } from '../../../functions/routes';
import { agentTools } from '../mcp/tool-registry';
import { backticked, endpointOf, parseSkillDocument, toolNamePattern } from './skill-documents';
import { readSkillDocuments } from './skill-files';

/**
 * The skill documents of skills/ (served at /skills): each in the Agent Skills
 * format, and every MCP tool and HTTP endpoint a skill names exists, in the
 * tool registry and in the route table.
 */

const skillsFolder = fileURLToPath(new URL('../../../skills', import.meta.url));
const toolNames = new Set(agentTools.map((t) => t.name));
const routeKeys = new Set(routes.map((r) => `${r.method} ${r.path}`));

describe('the skill documents of skills/', async () => {
  const skills = (await readSkillDocuments(skillsFolder))!;

  it('cover the common jobs: read the model, check a flow with faults, svc scan in CI, review findings', () => {
    expect(skills.map((s) => s.name)).toEqual(['check-a-flow-with-faults', 'keep-the-model-honest-from-ci', 'read-the-model', 'review-findings']);
  });

  it.each(skills.map((s) => [s.name, s] as const))('%s: names only tools of the registry and endpoints of the route table, each listed under Uses', (_, skill) => {
    expect(skill.tools.length + skill.endpoints.length).toBeGreaterThan(0);
    for (const tool of skill.tools) expect(toolNames, `tool ${tool}`).toContain(tool);
    for (const endpoint of skill.endpoints) expect(routeKeys, `endpoint ${endpoint}`).toContain(endpoint);
    // Anywhere in the text: a backticked snake_case name is a tool it lists, a backticked `METHOD /path` an endpoint it lists.
    const body = skill.text.slice(skill.text.indexOf('\n---\n') + 5);
    for (const span of backticked(body)) {
      if (toolNamePattern.test(span)) expect(skill.tools, `${span} is named but not under Uses`).toContain(span);
      const endpoint = endpointOf(span);
      if (endpoint !== null) expect(skill.endpoints, `${endpoint} is named but not under Uses`).toContain(endpoint);
    }
  });

  it.each(skills.map((s) => [s.name, s] as const))('%s: front matter of the Agent Skills format', (name, skill) => {
    expect(skill.text.startsWith(`---\nname: ${name}\ndescription: `)).toBe(true);
    expect(skill.description.length).toBeLessThanOrEqual(1024);
    expect(skill.description).toMatch(/Use when/);
  });
});

describe('parseSkillDocument', () => {
  const valid = (front: string, body = 'Text.\n\n## Uses\n\n`find_paths`, `GET /api/projects/{projectId}/paths?fromId=x`.\n') => `---\n${front}\n---\n${body}`;

  it('reads name, description, and the tools and endpoints under Uses (a query dropped)', () => {
    const skill = parseSkillDocument('a-skill', valid('name: a-skill\ndescription: Does a thing. Use when asked.'));
    expect(skill).toMatchObject({ name: 'a-skill', description: 'Does a thing. Use when asked.', tools: ['find_paths'], endpoints: ['GET /api/projects/{projectId}/paths'] });
  });

  it('refuses what the Agent Skills format does not allow', () => {
    const refusals: [string, string, RegExp][] = [
      ['a-skill', '---\nname: a-skill\n', /front matter/],
      ['A-Skill', valid('name: A-Skill\ndescription: x'), /lower-case/],
      ['a--skill', valid('name: a--skill\ndescription: x'), /lower-case/],
      ['x'.repeat(65), valid(`name: ${'x'.repeat(65)}\ndescription: x`), /64/],
      ['other', valid('name: a-skill\ndescription: x'), /folder/],
      ['a-skill', valid(`name: a-skill\ndescription: ${'d'.repeat(1025)}`), /1024/],
      ['a-skill', valid('name: a-skill\ndescription: "  "'), /1 to 1024/],
      ['a-skill', valid('name: a-skill\ndescription: a <tag>'), /< or >/],
      ['a-skill', valid('name: a-skill\ndescription: x\nversion: 2'), /version/],
      ['a-skill', valid('name: a-skill\ndescription: x', 'No uses here.\n'), /Uses/],
    ];
    for (const [folder, text, why] of refusals) expect(() => parseSkillDocument(folder, text), text.slice(0, 80)).toThrow(why);
  });
});
