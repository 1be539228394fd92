import { z } from 'zod';
import { problemTypes } from '../../platform/http/problem';

/** One broken field of a request, as the error body names it. */
export const fieldErrorSchema = z.object({
  field: z.string().meta({ description: 'The field, query parameter or header, as a path (`steps[2].target`); `body` for the body as a whole.' }),
  message: z.string(),
});

/**
 * The error body of every failure (part 1 "Error body"), sent as
 * `application/problem+json`: one shared schema for every route and status.
 */
export const problemSchema = z
  .object({
    type: z.enum(problemTypes).meta({ description: 'What went wrong, as a code from a closed set.' }),
    title: z.string(),
    detail: z.string().meta({ description: 'What happened and, where it helps, what to do; never empty.' }),
    status: z.number().int().meta({ description: 'The HTTP status again.' }),
    errors: z.array(fieldErrorSchema).meta({ description: 'One entry per broken field; empty when no field is at fault.' }),
  })
  .meta({ id: 'Problem', description: 'The error body of every failure.' });

export type ProblemSchema = z.infer<typeof problemSchema>;
