import { createGroupHandler } from '../../lib/http/create-group-handler';
import { createShareLink } from './create-share-link';
import { listShareLinks } from './list-share-links';
import { revokeShareLink } from './revoke-share-link';

export const handler = createGroupHandler('share-links', {
  'list-share-links': listShareLinks,
  'create-share-link': createShareLink,
  'revoke-share-link': revokeShareLink,
});
