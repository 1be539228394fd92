import { z } from 'zod';

/** The `If-Match` a change of a settings document takes and the note on the `ETag` its GET and PUT answer. */

export const etagNote = 'The `ETag` header carries the version (quoted); a change sends it back in `If-Match` (428 without it, 412 when it is not the current one).';

export const ifMatchHeader = z.object({ 'if-match': z.string().meta({ description: 'The ETag of the settings read.' }) });
