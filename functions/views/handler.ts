import { createGroupHandler } from '../../lib/http/create-group-handler';
import { createView } from './create-view';
import { deleteView } from './delete-view';
import { getView } from './get-view';
import { listViews } from './list-views';
import { replaceView } from './replace-view';
import { replaceViewLayout } from './replace-view-layout';

export const handler = createGroupHandler('views', {
  'list-views': listViews,
  'create-view': createView,
  'get-view': getView,
  'replace-view': replaceView,
  'delete-view': deleteView,
  'replace-view-layout': replaceViewLayout,
});
