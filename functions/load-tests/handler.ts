import { createGroupHandler } from '../../lib/http/create-group-handler';
import { authoriseLoadTestTarget } from './authorise-target';
import { compareLoadTestEstimate } from './compare-estimate';
import { compareLoadTestResults } from './compare-results';
import { createStressProfile } from './create-profile';
import { createLoadTestResult } from './create-result';
import { createLoadTestScript } from './create-script';
import { createLoadTestTarget } from './create-target';
import { deleteStressProfile } from './delete-profile';
import { deleteLoadTestResult } from './delete-result';
import { deleteLoadTestTarget } from './delete-target';
import { finishLoadTestStressRun } from './finish-stress-run';
import { getStressProfile } from './get-profile';
import { getLoadTestResult } from './get-result';
import { getLoadTestScript } from './get-script';
import { getStressDefaults } from './get-stress-defaults';
import { listStressProfiles } from './list-profiles';
import { listLoadTestResults } from './list-results';
import { listLoadTestScripts } from './list-scripts';
import { listLoadTestStressRuns } from './list-stress-runs';
import { listLoadTestTargets } from './list-targets';
import { overrideLoadTestTarget } from './override-target';
import { replaceLoadTestTarget } from './replace-target';
import { startLoadTestStressRun } from './start-stress-run';
import { withdrawLoadTestAuthorisation } from './withdraw-authorisation';

export const handler = createGroupHandler('load-tests', {
  'list-targets': listLoadTestTargets,
  'create-target': createLoadTestTarget,
  'replace-target': replaceLoadTestTarget,
  'delete-target': deleteLoadTestTarget,
  'authorise-target': authoriseLoadTestTarget,
  'withdraw-authorisation': withdrawLoadTestAuthorisation,
  'override-target': overrideLoadTestTarget,
  'list-profiles': listStressProfiles,
  'create-profile': createStressProfile,
  'get-profile': getStressProfile,
  'delete-profile': deleteStressProfile,
  'get-stress-defaults': getStressDefaults,
  'list-scripts': listLoadTestScripts,
  'create-script': createLoadTestScript,
  'get-script': getLoadTestScript,
  'list-stress-runs': listLoadTestStressRuns,
  'start-stress-run': startLoadTestStressRun,
  'finish-stress-run': finishLoadTestStressRun,
  'list-results': listLoadTestResults,
  'create-result': createLoadTestResult,
  'get-result': getLoadTestResult,
  'delete-result': deleteLoadTestResult,
  'compare-estimate': compareLoadTestEstimate,
  'compare-results': compareLoadTestResults,
});
