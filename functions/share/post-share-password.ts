import { z } from 'zod';
import type { ApiRequest } from '../../lib/platform/http/api-types';
import { defineRoute } from '../../lib/platform/http/define-route';
import { bodyLimits } from '../../lib/platform/http/route-definition';
import { sharePageHeaders } from '../../lib/features/sharing/share-headers';
import { renderSharePasswordPage, sharePageStylesheet } from '../../lib/features/sharing/share-page';
import { checkSharePassword } from '../../lib/features/sharing/share-password';
import { passwordOfForm } from '../../lib/features/sharing/share-password-form';
import { shareProofCookie, signShareProof } from '../../lib/features/sharing/share-proof';
import { shareLinkPath } from '../../lib/features/sharing/share-token';
import { tokenParams } from './share-token-params';
import { asShareRefusal, openLinkOfRequest, secureCookie, shareAnswer } from './shared-request';

/**
 * No sign-in; form-encoded `password=…`: a right password sets the proof
 * cookie (12 h, this link's paths only) and answers 303 to the page; a wrong
 * one answers 403 with the form again. Attempts are limited per link and
 * client address (429 with Retry-After). A link without a password: 303.
 */
export const postSharePassword = defineRoute({
  group: 'share',
  operation: 'post-share-password',
  method: 'POST',
  path: '/s/{token}',
  auth: 'none',
  bodyKind: 'raw',
  bodyLimitBytes: bodyLimits.signIn,
  rateLimit: 'sharePages',
  pathHoldsSecret: true,
  summary: 'Check the password of a share link (form post)',
  params: tokenParams,
  body: { contentTypes: ['application/x-www-form-urlencoded'], schema: z.object({ password: z.string() }) },
  answers: { 303: 'empty', 403: { contentType: 'text/html', description: 'A wrong password: the form again.' }, 404: 'problem', 429: 'problem' },
  description: 'A right password sets the proof cookie (12 h, this link only) and answers 303 to the page; so does a link without a password.',
  example: { params: { token: '{shareToken}' }, as: 'anonymous', rawBody: { contentType: 'application/x-www-form-urlencoded', text: 'password=whatever' } },
  run: (request) => answerPasswordForm(request).catch((error: unknown) => Promise.reject(asShareRefusal(error))),
});

async function answerPasswordForm(request: ApiRequest) {
    const live = await openLinkOfRequest(request);
    // Relative to /s/{token} itself: the page, under whatever address the browser used.
    const page = live.token;
    const formHeaders = sharePageHeaders(live.sharing.embedHosts, sharePageStylesheet, { holdsPasswordForm: true });
    if (live.link.passwordHash === null) return shareAnswer(303, 'text/plain; charset=utf-8', '', formHeaders, { headers: { location: page } });
    const password = passwordOfForm(request.headers['content-type'], request.body instanceof Uint8Array ? request.body : undefined);
    const now = request.runtime.now();
    if (!(await checkSharePassword(request.runtime.db, live.link, password, request.client.address, now))) {
      return shareAnswer(403, 'text/html; charset=utf-8', renderSharePasswordPage({ wrongPassword: true }), formHeaders);
    }
    const cookie = shareProofCookie(signShareProof(request.runtime.keyring, live.link.id, now), shareLinkPath(request.runtime.config.publicUrl, live.token), secureCookie(request));
    return shareAnswer(303, 'text/plain; charset=utf-8', '', formHeaders, { headers: { location: page }, cookies: [cookie] });
}
