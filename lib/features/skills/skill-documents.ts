/**
 * The agent skill documents of `/skills` (docs/skills.md): one folder per
 * skill under `skills/`, each holding a SKILL.md in the Agent Skills format,
 * YAML front matter with `name` (lower-case words joined by hyphens, at most
 * 64 characters, the folder's name) and `description` (at most 1024
 * characters), then Markdown. Each names the MCP tools and HTTP endpoints it
 * uses in backticks under its `## Uses` heading.
 */
import { parse as parseYaml } from 'yaml';

export interface SkillDocument {
  name: string;
  description: string;
  /** The whole file, as served. */
  text: string;
  /** MCP tools named under `## Uses`, in the order written. */
  tools: string[];
  /** HTTP endpoints named under `## Uses` (`GET /api/…`), in the order written. */
  endpoints: string[];
}

/** Agent Skills: "lowercase letters, numbers, and hyphens only", at most 64 characters, no leading, trailing or double hyphen. */
export const skillNamePattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const skillLimits = Object.freeze({ name: 64, description: 1024 });
/** Front-matter fields of the Agent Skills format. */
const frontMatterFields = new Set(['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools']);

/** A backticked MCP tool name (snake_case) or HTTP endpoint (`METHOD /path`, a query after `?` dropped). */
export const toolNamePattern = /^[a-z]+(_[a-z]+)+$/;
export const endpointPattern = /^(GET|POST|PUT|PATCH|DELETE) (\/[^\s?`]*)(\?\S*)?$/;

/** Every backticked span of a Markdown text (code blocks included). */
export function backticked(markdown: string): string[] {
  return [...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
}

/** An endpoint named in a skill as `METHOD /path`, without its query. */
export function endpointOf(span: string): string | null {
  const match = endpointPattern.exec(span);
  return match ? `${match[1]} ${match[2]}` : null;
}

/**
 * Reads one SKILL.md; `folder` is the name of the folder it lies in. Throws
 * an Error naming the file and the rule it breaks.
 */
export function parseSkillDocument(folder: string, text: string): SkillDocument {
  const fail = (why: string): never => {
    throw new Error(`skills/${folder}/SKILL.md: ${why}`);
  };
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (!match) return fail('must start with YAML front matter between --- lines');
  const front = parseYaml(match[1]!) as unknown;
  if (!front || typeof front !== 'object' || Array.isArray(front)) return fail('front matter must be a YAML mapping');
  const fields = front as Record<string, unknown>;
  for (const key of Object.keys(fields)) if (!frontMatterFields.has(key)) fail(`front matter field ${key} is not one of the Agent Skills format`);
  const { name, description } = fields;
  if (typeof name !== 'string' || !skillNamePattern.test(name) || name.length > skillLimits.name) fail('name must be lower-case letters, digits and single hyphens, at most 64 characters');
  if (name !== folder) fail(`name ${String(name)} must be the folder's name`);
  if (typeof description !== 'string' || description.trim() === '' || description.length > skillLimits.description) fail('description must be 1 to 1024 characters');
  if (/[<>]/.test(description as string)) fail('description must not hold < or >');
  const body = match[2]!;
  const uses = /^## Uses\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(body);
  if (!uses) return fail('must have a "## Uses" section naming its tools and endpoints');
  const spans = backticked(uses[1]!);
  return {
    name: name as string,
    description: description as string,
    text,
    tools: spans.filter((span) => toolNamePattern.test(span)),
    endpoints: spans.map(endpointOf).filter((endpoint): endpoint is string => endpoint !== null),
  };
}
