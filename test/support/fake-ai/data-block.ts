import type { FakeAiKind, FakeAiRequest } from './fake-ai-server';

/**
 * A recorded request read the way docs/ai.md says prompts are built: the system text, the user
 * text, the one data block in it (`<data-FENCE>` … `</data-FENCE>`, one JSON line a part), all
 * the text outside the block, and the structured-output schema as the API carries it.
 */
export interface DataBlock {
  system: string;
  user: string;
  fence: string;
  parts: { label: string; text: string }[];
  /** The system text and whatever of the user text is not inside the block. */
  outside: string;
  /** The answer schema the request carries for structured output, or null. */
  schema: Record<string, unknown> | null;
}

function textsOf(kind: FakeAiKind, body: any): { system: string; user: string; schema: Record<string, unknown> | null } {
  if (kind === 'openai') {
    const messages = body.messages as { role: string; content: string }[];
    return {
      system: messages.filter((m) => m.role === 'system' || m.role === 'developer').map((m) => m.content).join('\n'),
      user: messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n'),
      schema: body.response_format?.json_schema?.schema ?? null,
    };
  }
  if (kind === 'anthropic') {
    const system = typeof body.system === 'string' ? body.system : (body.system ?? []).map((b: { text: string }) => b.text).join('\n');
    const user = (body.messages as { content: unknown }[]).map((m) => (typeof m.content === 'string' ? m.content : (m.content as { text?: string }[]).map((b) => b.text ?? '').join(''))).join('\n');
    return { system, user, schema: body.tools?.[0]?.input_schema ?? null };
  }
  const system = (body.systemInstruction?.parts ?? []).map((p: { text?: string }) => p.text ?? '').join('\n');
  const user = (body.contents as { parts: { text?: string }[] }[]).flatMap((c) => c.parts.map((p) => p.text ?? '')).join('\n');
  return { system, user, schema: body.generationConfig?.responseJsonSchema ?? null };
}

/** Reads the prompt of a recorded request; throws when the user text holds no single data block. */
export function dataBlockOf(kind: FakeAiKind, request: FakeAiRequest): DataBlock {
  const { system, user, schema } = textsOf(kind, request.body);
  const open = /<data-([0-9a-f]+)>/.exec(user);
  if (!open) throw new Error(`no data block in the user text: ${user.slice(0, 200)}`);
  const fence = open[1]!;
  const start = open.index + open[0].length;
  const end = user.indexOf(`</data-${fence}>`, start);
  if (end < 0) throw new Error('the data block is not closed');
  const inside = user.slice(start, end);
  const parts = inside
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { label: string; text: string });
  const outside = `${system}\n${user.slice(0, open.index)}${user.slice(end + `</data-${fence}>`.length)}`;
  return { system, user, fence, parts, outside, schema };
}
