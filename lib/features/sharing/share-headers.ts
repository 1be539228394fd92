import { createHash } from 'node:crypto';

/**
 * Response headers of the share pages (docs/sharing.md). Framing follows
 * `sharing.embedHosts` (part 2): the listed origins may frame the page and its
 * downloads, none when the list is empty. X-Frame-Options cannot name hosts,
 * so it goes when the list is not empty; every other response of the service
 * keeps `frame-ancestors 'none'` and `X-Frame-Options: DENY`.
 */

/** The CSP source that lets exactly this inline stylesheet apply. */
export function styleHashSource(stylesheet: string): string {
  return `'sha256-${createHash('sha256').update(stylesheet, 'utf8').digest('base64')}'`;
}

/** `frame-ancestors` of a share answer: the embed hosts, or `'none'`. The settings schema admits only origins, so each is a valid source. */
export function frameAncestors(embedHosts: readonly string[]): string {
  return `frame-ancestors ${embedHosts.length === 0 ? "'none'" : embedHosts.join(' ')}`;
}

export interface ShareHeaders {
  headers: Record<string, string>;
  withoutBaseHeaders: string[];
}

/**
 * What is the same on every share answer of a live link: framing, no caching,
 * no indexing. `referrerPolicy` is `no-referrer` (the token is in the path)
 * except on pages holding the password form (docs/sharing.md, "Referrer").
 */
function shareHeaders(embedHosts: readonly string[], policy: string, referrerPolicy: 'no-referrer' | 'same-origin'): ShareHeaders {
  return {
    headers: {
      'content-security-policy': `${policy}; ${frameAncestors(embedHosts)}`,
      'cache-control': 'no-store',
      'referrer-policy': referrerPolicy,
      'x-robots-tag': 'noindex, nofollow',
    },
    withoutBaseHeaders: embedHosts.length === 0 ? [] : ['x-frame-options'],
  };
}

/**
 * An HTML page: no script at all, only its own stylesheet, images from the
 * service or data: URLs, forms posted only to the service.
 */
export function sharePageHeaders(embedHosts: readonly string[], stylesheet: string, options: { holdsPasswordForm: boolean }): ShareHeaders {
  const policy = `default-src 'none'; style-src ${styleHashSource(stylesheet)}; img-src 'self' data:; form-action 'self'; base-uri 'none'`;
  return shareHeaders(embedHosts, policy, options.holdsPasswordForm ? 'same-origin' : 'no-referrer');
}

/** A download (SVG, flowchart, DSL): opened on its own it may load nothing and runs in a sandbox. */
export function shareDownloadHeaders(embedHosts: readonly string[]): ShareHeaders {
  return shareHeaders(embedHosts, "default-src 'none'; style-src 'unsafe-inline'; sandbox", 'no-referrer');
}

/** Headers of a share answer that is not the link's (404, 429): no framing as everywhere, and no referrer. */
export const shareRefusalHeaders: Readonly<Record<string, string>> = Object.freeze({ 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex, nofollow' });
