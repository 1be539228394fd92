import { z } from 'zod';
import { userViewSchema } from '../../lib/features/openapi/answer-schemas';

/** The answer of a sign-in (login, registration, external sign-in): the person signed in. */
export const signedInSchema = z.object({ user: userViewSchema });
