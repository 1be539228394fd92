import { createGroupHandler } from '../../lib/http/create-group-handler';
import { createBranch } from './create-branch';
import { createRevision } from './create-revision';
import { listBranches } from './list-branches';
import { listRevisions } from './list-revisions';

export const handler = createGroupHandler('streams', {
  'list-revisions': listRevisions,
  'create-revision': createRevision,
  'list-branches': listBranches,
  'create-branch': createBranch,
});
