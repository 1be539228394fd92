import type { SkillDocument } from './skill-documents';

/** `GET /skills` as JSON: each skill's name, description, address and the tools and endpoints it uses. */
export function skillIndexJson(skills: readonly SkillDocument[]) {
  return { skills: skills.map((s) => ({ name: s.name, description: s.description, url: `/skills/${s.name}`, tools: s.tools, endpoints: s.endpoints })) };
}

/** `GET /skills` as Markdown, like /llms.txt: one line per skill with its address and description. */
export function skillIndexText(skills: readonly SkillDocument[]): string {
  const lines = skills.map((s) => `- [${s.name}](/skills/${s.name}): ${s.description}`);
  return `# svc agent skills

> Agent Skills (a SKILL.md each: YAML front matter with name and description, then instructions) for the common jobs with svc. Fetch one with GET /skills/{name}; this index as JSON with the header Accept: application/json. Tools are called at POST /mcp with an agent token; the API index is /llms.txt.

${lines.join('\n')}
`;
}
