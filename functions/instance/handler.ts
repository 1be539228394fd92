import { createGroupHandler } from '../../lib/http/create-group-handler';
import { getDiagnostics } from './get-diagnostics';
import { getInstance } from './get-instance';
import { listInstanceAudit } from './list-instance-audit';

export const handler = createGroupHandler('instance', {
  'get-instance': getInstance,
  'list-instance-audit': listInstanceAudit,
  'get-diagnostics': getDiagnostics,
});
