import type { Operation } from '../../lib/http/api-types';
import { renderViewSvg } from '../../lib/render/render-view-svg';
import { sharePageHeaders } from '../../lib/sharing/share-headers';
import { renderSharedViewPage, renderSharePasswordPage, sharePageStylesheet } from '../../lib/sharing/share-page';
import { mainModel, readViewExport } from '../exports/export-source';
import { openLinkOfRequest, passwordGiven, shareAnswer } from './shared-request';

const html = 'text/html; charset=utf-8';

/**
 * GET /s/{token} (no sign-in): the read-only page of the shared view, its
 * picture the SVG export of the main model; for a link with a password and no
 * valid proof, the password form. 404 for a token that opens nothing.
 */
export const getSharePage: Operation = async (request) => {
  const live = await openLinkOfRequest(request);
  const { embedHosts } = live.sharing;
  if (!passwordGiven(request, live)) {
    return shareAnswer(200, html, renderSharePasswordPage({ wrongPassword: false }), sharePageHeaders(embedHosts, sharePageStylesheet, { holdsPasswordForm: true }));
  }
  // The main model, whatever the query says: a share link never reads a revision.
  const { view, slice, source } = await readViewExport(request.runtime.db, live.project.id, live.view, mainModel);
  const svg = renderViewSvg({ model: slice, view, source });
  return shareAnswer(200, html, renderSharedViewPage({ token: live.token, viewName: live.view.name, svg }), sharePageHeaders(embedHosts, sharePageStylesheet, { holdsPasswordForm: false }));
};
