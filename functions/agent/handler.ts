import { createGroupHandler } from '../../lib/http/create-group-handler';
import { getCapabilities } from './get-capabilities';
import { getLlmsFullTxt, getLlmsTxt } from './get-llms-txt';
import { getSkill, listSkills } from './get-skills';

export const handler = createGroupHandler('agent', {
  'get-capabilities': getCapabilities,
  'get-llms-txt': getLlmsTxt,
  'get-llms-full-txt': getLlmsFullTxt,
  'list-skills': listSkills,
  'get-skill': getSkill,
});
