import type { ApiRequest, ApiResponse } from '../../lib/http/api-types';
import { HttpProblem } from '../../lib/http/problem';
import type { ModelSnapshot } from '../../lib/model/model-records';
import type { RenderSource } from '../../lib/render/view-contents';
import { shareDownloadHeaders, shareRefusalHeaders } from '../../lib/sharing/share-headers';
import type { LiveShareLink } from '../../lib/sharing/share-links';
import { readExportModel } from '../exports/export-source';
import { openLinkOfRequest, passwordGiven, shareAnswer } from './shared-request';

/**
 * The shared path of the three downloads: the live link (404), the password
 * proof when the link has a password (403 without it), the main model, then
 * the same renderer as the signed-in export, as an attachment.
 */
export async function sharedDownload(
  request: ApiRequest,
  file: string,
  contentType: string,
  render: (live: LiveShareLink, model: ModelSnapshot, source: RenderSource) => Promise<string> | string,
): Promise<ApiResponse> {
  const live = await openLinkOfRequest(request);
  if (!passwordGiven(request, live)) {
    throw new HttpProblem(403, 'forbidden', 'Password required', {
      detail: 'This link has a password: open its page and give the password first.',
      headers: { ...shareRefusalHeaders },
    });
  }
  const { model, source } = await readExportModel(request.runtime.db, live.project.id, new URLSearchParams());
  return shareAnswer(200, contentType, await render(live, model, source), shareDownloadHeaders(live.sharing.embedHosts), {
    headers: { 'content-disposition': `attachment; filename="${file}"` },
  });
}
