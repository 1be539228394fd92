import { z } from 'zod';

/**
 * The JSON Schema of an answer, as it is sent for structured output: what the zod schema accepts
 * (`io: input`), without `$schema` (the providers take the schema body only). Parts zod cannot
 * write (transforms, refinements) are left open in the schema and checked by zod after the call.
 */
export function answerJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...body } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  // OpenAI's response format and Anthropic's tool input both need an object at the top.
  if (body.type !== 'object') throw new Error('an AI answer schema must be an object schema');
  return body;
}
