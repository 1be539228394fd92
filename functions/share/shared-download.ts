import type { ApiRequest, ApiResponse } from '../../lib/platform/http/api-types';
import { HttpProblem } from '../../lib/platform/http/problem';
import { shareDownloadHeaders, shareRefusalHeaders } from '../../lib/features/sharing/share-headers';
import type { LiveShareLink } from '../../lib/features/sharing/share-links';
import { openLinkOfRequest, passwordGiven, shareAnswer } from './shared-request';

/**
 * The shared path of the three downloads: the live link (404), the password
 * proof when the link has a password (403 without it), then what `produce`
 * reads of the main model and renders with the signed-in export's renderer,
 * as an attachment.
 */
export async function sharedDownload(
  request: ApiRequest,
  file: string,
  contentType: string,
  produce: (live: LiveShareLink) => Promise<string>,
): Promise<ApiResponse> {
  const live = await openLinkOfRequest(request);
  if (!passwordGiven(request, live)) {
    throw new HttpProblem(403, 'forbidden', 'Password required', {
      detail: 'This link has a password: open its page and give the password first.',
      headers: { ...shareRefusalHeaders },
    });
  }
  return shareAnswer(200, contentType, await produce(live), shareDownloadHeaders(live.sharing.embedHosts), {
    headers: { 'content-disposition': `attachment; filename="${file}"` },
  });
}
