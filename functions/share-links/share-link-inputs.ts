import { z } from 'zod';
import { hasInvalidUnicode } from '../../lib/platform/text/text-rules';
import { sharePasswordMaxCharacters, sharePasswordMinCharacters } from '../../lib/features/sharing/share-password';

const linkPassword = z
  .string('must be a string or null')
  .refine((text) => !hasInvalidUnicode(text), 'must be valid Unicode')
  .refine((text) => [...text].length >= sharePasswordMinCharacters, `must have at least ${sharePasswordMinCharacters} characters`)
  .refine((text) => [...text].length <= sharePasswordMaxCharacters, `must have at most ${sharePasswordMaxCharacters} characters`);

/** Body of POST P/views/{viewId}/share-links; both keys may be left out (null). */
export const createShareLinkRequest = z.strictObject(
  {
    password: linkPassword
      .nullable()
      .optional()
      .transform((p) => p ?? null),
    expiresAt: z.iso
      .datetime({ offset: true, message: 'must be an ISO 8601 timestamp with a time zone, or null' })
      .nullable()
      .optional()
      .transform((at) => at ?? null),
  },
  'must be an object',
);
