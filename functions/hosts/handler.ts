import { createGroupHandler } from '../../lib/http/create-group-handler';
import { getHostCredential } from './get-host-credential';
import { testHostConnection } from './test-host-connection';

export const handler = createGroupHandler('hosts', {
  'test-host-connection': testHostConnection,
  'get-host-credential': getHostCredential,
});
