import { createGroupHandler } from '../../lib/http/create-group-handler';
import { deleteProject } from './delete-project';
import { getProject } from './get-project';
import { updateProject } from './update-project';

export const handler = createGroupHandler('projects', {
  'get-project': getProject,
  'update-project': updateProject,
  'delete-project': deleteProject,
});
