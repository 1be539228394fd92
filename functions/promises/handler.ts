import { createGroupHandler } from '../../lib/http/create-group-handler';
import { approvePromise } from './approve-promise';
import { createPromise } from './create-promise';
import { createPromiseRun } from './create-promise-run';
import { getPromise } from './get-promise';
import { listPromiseRuns } from './list-promise-runs';
import { listPromises } from './list-promises';
import { replacePromiseDraft } from './replace-promise-draft';

export const handler = createGroupHandler('promises', {
  'list-promises': listPromises,
  'create-promise': createPromise,
  'get-promise': getPromise,
  'replace-promise-draft': replacePromiseDraft,
  'approve-promise': approvePromise,
  'create-promise-run': createPromiseRun,
  'list-promise-runs': listPromiseRuns,
});
