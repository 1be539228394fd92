import { createGroupHandler } from '../../lib/http/create-group-handler';
import { getInstanceSettings } from './get-instance-settings';
import { getWorkspaceSettings } from './get-workspace-settings';
import { replaceInstanceSettings } from './replace-instance-settings';
import { replaceWorkspaceSettings } from './replace-workspace-settings';

export const handler = createGroupHandler('settings', {
  'get-workspace-settings': getWorkspaceSettings,
  'replace-workspace-settings': replaceWorkspaceSettings,
  'get-instance-settings': getInstanceSettings,
  'replace-instance-settings': replaceInstanceSettings,
});
