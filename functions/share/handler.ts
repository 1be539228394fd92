import { createGroupHandler } from '../../lib/http/create-group-handler';
import { getSharePage } from './get-share-page';
import { getSharedArchitectureDsl } from './get-shared-architecture-dsl';
import { getSharedFlowchart } from './get-shared-flowchart';
import { getSharedSvg } from './get-shared-svg';
import { postSharePassword } from './post-share-password';

export const handler = createGroupHandler('share', {
  'get-share-page': getSharePage,
  'post-share-password': postSharePassword,
  'get-shared-svg': getSharedSvg,
  'get-shared-flowchart': getSharedFlowchart,
  'get-shared-architecture-dsl': getSharedArchitectureDsl,
});
