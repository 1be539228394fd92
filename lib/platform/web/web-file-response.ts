import type { ApiResponse } from '../http/api-types';
import { preferredCoding, type ContentCoding } from './accept-encoding';
import { encodedBody, type WebFile } from './web-client-files';

/**
 * The Content-Security-Policy of the web client's index.html and files: only
 * the service's own scripts, styles, fonts and API; no inline script. Images
 * may also be data: and blob: URLs (the browser draws a PNG by loading the
 * service's SVG into an Image from a data: URL). No framing, as on every
 * other answer of the service (part 2 "sharing.embedHosts").
 */
export const webClientContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Hashed files never change; index.html is asked again every time (it names the current hashed files). */
const cacheControl = { immutable: 'public, max-age=31536000, immutable', revalidate: 'no-cache' } as const;

/** The ETag of one coding of a file: the codings are different bytes, so each gets its own tag. */
function etagOf(file: WebFile, coding: ContentCoding): string {
  return coding === 'identity' ? file.etag : `${file.etag.slice(0, -1)}-${coding}"`;
}

/**
 * Whether `If-None-Match` names the file as it is now, in any coding: the
 * client's copy is then current (weak comparison, RFC 9110 section 13.1.2).
 */
function isCurrent(file: WebFile, ifNoneMatch: string | undefined): boolean {
  if (ifNoneMatch === undefined) return false;
  const stem = file.etag.slice(0, -1);
  return ifNoneMatch.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    return tag === '*' || tag === file.etag || tag.startsWith(`${stem}-`);
  });
}

/**
 * The answer for one web client file: brotli or gzip when the client takes
 * it, 304 when its copy is current, long caching for hashed files and
 * `no-cache` for index.html, and the client's strict policy.
 */
export function webFileResponse(file: WebFile, requestHeaders: Readonly<Record<string, string>>): ApiResponse {
  const coding = file.compressible ? preferredCoding(requestHeaders['accept-encoding']) : 'identity';
  const headers: Record<string, string> = {
    'cache-control': file.immutable ? cacheControl.immutable : cacheControl.revalidate,
    etag: etagOf(file, coding),
    'content-security-policy': webClientContentSecurityPolicy,
    // Paths of the client hold workspace and project IDs: other sites are not told them.
    'referrer-policy': 'same-origin',
  };
  if (file.compressible) headers.vary = 'accept-encoding';
  if (isCurrent(file, requestHeaders['if-none-match'])) return { status: 304, headers };
  headers['content-type'] = file.contentType;
  if (coding !== 'identity') headers['content-encoding'] = coding;
  return { status: 200, headers, body: encodedBody(file, coding) };
}
