import { createGroupHandler } from '../../lib/http/create-group-handler';
import { createScenario } from './create-scenario';
import { deleteScenario } from './delete-scenario';
import { getScenario } from './get-scenario';
import { listScenarios } from './list-scenarios';
import { replaceScenario } from './replace-scenario';
import { runScenario } from './run-scenario';

export const handler = createGroupHandler('scenarios', {
  'list-scenarios': listScenarios,
  'create-scenario': createScenario,
  'get-scenario': getScenario,
  'replace-scenario': replaceScenario,
  'delete-scenario': deleteScenario,
  'run-scenario': runScenario,
});
