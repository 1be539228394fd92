import { defineRoute } from '../../lib/platform/http/define-route';
import { readViewExport } from '../../lib/features/exports/export-snapshot';
import { renderViewSvg } from '../../lib/core/render/render-view-svg';
import { sharePageHeaders } from '../../lib/features/sharing/share-headers';
import { renderSharedViewPage, renderSharePasswordPage, sharePageStylesheet } from '../../lib/features/sharing/share-page';
import { tokenParams } from './share-token-params';
import { openLinkOfRequest, passwordGiven, shareAnswer } from './shared-request';

const html = 'text/html; charset=utf-8';

/**
 * No sign-in: the read-only page of the shared view, its picture the SVG
 * export of the main model; for a link with a password and no valid proof,
 * the password form. 404 for a token that opens nothing.
 */
export const getSharePage = defineRoute({
  group: 'share',
  operation: 'get-share-page',
  method: 'GET',
  path: '/s/{token}',
  auth: 'none',
  rateLimit: 'sharePages',
  pathHoldsSecret: true,
  summary: 'Read-only page of a shared view, or its password form',
  params: tokenParams,
  answers: { 200: { contentType: 'text/html', description: 'The read-only page of the shared view, or its password form.' }, 404: 'problem' },
  description: '404 alike for a token that is unknown, revoked, expired or not allowed by the sharing policy.',
  example: { params: { token: '{shareToken}' }, as: 'anonymous' },
  run: async (request) => {
    const live = await openLinkOfRequest(request);
    const { embedHosts } = live.sharing;
    if (!passwordGiven(request, live)) {
      return shareAnswer(200, html, renderSharePasswordPage({ wrongPassword: false }), sharePageHeaders(embedHosts, sharePageStylesheet, { holdsPasswordForm: true }));
    }
    // The main model, whatever the query says: a share link never reads a revision.
    const { view, slice, source } = await readViewExport(request.runtime.db, live.project.id, live.view);
    const svg = renderViewSvg({ model: slice, view, source });
    return shareAnswer(200, html, renderSharedViewPage({ token: live.token, viewName: live.view.name, svg }), sharePageHeaders(embedHosts, sharePageStylesheet, { holdsPasswordForm: false }));
  },
});
