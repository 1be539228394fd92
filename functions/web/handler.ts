import { createGroupHandler } from '../../lib/http/create-group-handler';
import { serveWebFile } from './serve-web-file';

export const handler = createGroupHandler('web', {
  'serve-web-file': serveWebFile,
});
