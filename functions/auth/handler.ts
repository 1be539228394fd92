import { createGroupHandler } from '../../lib/http/create-group-handler';
import { getExternalCallback } from './get-external-callback';
import { getExternalComplete } from './get-external-complete';
import { getExternalStart } from './get-external-start';
import { getMe } from './get-me';
import { postLogin } from './post-login';
import { postLogout } from './post-logout';
import { postRegister } from './post-register';

export const handler = createGroupHandler('auth', {
  'post-login': postLogin,
  'post-logout': postLogout,
  'post-register': postRegister,
  'get-me': getMe,
  'get-external-start': getExternalStart,
  'get-external-callback': getExternalCallback,
  'get-external-complete': getExternalComplete,
});
