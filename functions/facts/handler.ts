import { createGroupHandler } from '../../lib/http/create-group-handler';
import { acceptFact } from './accept-fact';
import { markFactUnknown } from './mark-fact-unknown';

export const handler = createGroupHandler('facts', {
  'accept-fact': acceptFact,
  'mark-fact-unknown': markFactUnknown,
});
