import { z } from 'zod';

/** The members the find_paths and get_impact answers add to their data: the next page's cursor and a notice. */
export const pageMembers = { nextCursor: z.string().nullable(), notice: z.string().nullable() };
