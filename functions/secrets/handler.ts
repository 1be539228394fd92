import { createGroupHandler } from '../../lib/http/create-group-handler';
import { deleteSecret } from './delete-secret';
import { listSecrets } from './list-secrets';
import { putSecret } from './put-secret';

export const handler = createGroupHandler('secrets', {
  'list-secrets': listSecrets,
  'put-secret': putSecret,
  'delete-secret': deleteSecret,
});
