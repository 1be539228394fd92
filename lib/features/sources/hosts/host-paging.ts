/**
 * Reading where the next page is: GitHub and GitLab write it in the `Link`
 * header (RFC 8288, `rel="next"`), Bitbucket in the body's `next` field,
 * Azure DevOps in the `x-ms-continuationtoken` header.
 */

/** The address of `rel="next"` in a Link header, or null. */
export function nextLinkOf(linkHeader: string | null): string | null {
  if (!linkHeader) return null;
  for (const part of linkHeader.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (!match) continue;
    const rels = /;\s*rel\s*=\s*"?([^";]+)"?/i.exec(match[2]!);
    if (rels?.[1]?.split(/\s+/).includes('next')) return match[1]!;
  }
  return null;
}

/** The `page` query parameter of an address, or null when it has none or it is not a positive whole number. */
export function pageNumberOf(address: string): number | null {
  let value: string | null;
  try {
    value = new URL(address, 'http://relative.invalid').searchParams.get('page');
  } catch {
    return null;
  }
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const page = Number(value);
  return page >= 1 ? page : null;
}

/** Azure DevOps' continuation token for the next page, or null on the last page. */
export function continuationTokenOf(headers: Headers): string | null {
  const token = headers.get('x-ms-continuationtoken');
  return token && token.trim() !== '' ? token.trim() : null;
}
