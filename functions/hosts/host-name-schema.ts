import { z } from 'zod';

/** The git hosts whose connectivity a workspace owner checks (docs/hosts.md). */
export const hostNameSchema = z.enum(['github', 'gitlab']);
